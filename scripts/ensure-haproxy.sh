#!/usr/bin/env bash
# The scale-out test puts two portals behind Debian's HAProxy; install it from Debian's packages when the machine
# lacks it (a real balancer, never one written for the test).
set -euo pipefail
if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || [ -n "${HAPROXY_PATH:-}" ]; then exit 0; fi
echo "Installing Debian's haproxy for the scale-out test…"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends haproxy >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends haproxy
}
