#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it from Debian's packages when the machine lacks it.
# (Never a browser downloaded by a test tool.)
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -n "${CHROMIUM_PATH:-}" ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends chromium
}
