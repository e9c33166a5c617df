#!/usr/bin/env bash
# The tests drive real tools from Debian's packages: Chromium for the browser tests, HAProxy for the scale-out
# test, ffmpeg for the review proxies (never a browser downloaded by a test tool, never a balancer or a transcoder
# written for the test). Install the ones the machine lacks, in one apt run. A tool already given by its *_PATH
# variable counts as present.
set -euo pipefail
missing=()
need() { # command, package, variable that may point at it instead
  if command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -n "${!3:-}" ]; then return; fi
  missing+=("$2")
}
need chromium chromium CHROMIUM_PATH
need haproxy haproxy HAPROXY_PATH
need ffmpeg ffmpeg FFMPEG_PATH
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]} for the tests…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
}
