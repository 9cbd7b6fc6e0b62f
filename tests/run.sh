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

# Types and lint (pinned; configured in pyproject.toml): mypy --strict on catan_core and
# web/catan_web, ruff on both; the pages' code is also in ruff's format.
"$PYTHON" -m pip install -q --disable-pip-version-check "mypy==2.4.1" "ruff==0.17.6"
"$PYTHON" -m mypy
"$PYTHON" -m ruff check -q catan_core web/catan_web
"$PYTHON" -m ruff format -q --check web/catan_web
"$PYTHON" build.py            # runs npm ci when needed, writes dist/
exec "$PYTHON" -m pytest -q "$@"
