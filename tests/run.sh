#!/usr/bin/env bash
# Install what the tests need (pip packages, npm packages, Debian's chromium) and run every test.
# Usage: bash tests/run.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

# Debian's Chromium for the browser tests, and a Devanagari font so Hindi renders.
if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-lohit-deva >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-lohit-deva >/dev/null
fi
"$PYTHON" -m pip install -q --disable-pip-version-check "pytest>=8" "hypothesis>=6.100" "playwright>=1.50"
"$PYTHON" build.py            # runs npm ci when needed, writes dist/
exec "$PYTHON" -m pytest -q "$@"
