#!/usr/bin/env bash
# Install what the tests need (pip packages, npm packages, Debian's browsers) and run every test.
# Usage: bash tests/run.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

# Debian's Chromium for the browser tests, and a Devanagari font so Hindi renders; Firefox ESR
# and WebKitGTK's WebDriver (with an X server to draw into) for the cross-engine tests
# (tests/e2e/engines).
PACKAGES=(chromium fonts-lohit-deva firefox-esr webkit2gtk-driver xvfb)
if ! dpkg -s "${PACKAGES[@]}" >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
fi
"$PYTHON" -m pip install -q --disable-pip-version-check "pytest>=8" "pytest-xdist>=3.6" "hypothesis>=6.100" \
  "playwright>=1.50" "marionette_driver>=3.7" "selenium>=4.30"

# Types and lint (pinned; configured in pyproject.toml): mypy --strict on catan_core and
# web/catan_web, ruff on both; the pages' code is also in ruff's format.
"$PYTHON" -m pip install -q --disable-pip-version-check "mypy==2.4.1" "ruff==0.17.6"
"$PYTHON" -m mypy
"$PYTHON" -m ruff check -q catan_core web/catan_web
"$PYTHON" -m ruff format -q --check web/catan_web
"$PYTHON" build.py            # runs npm ci when needed, writes dist/ afresh
export CATAN_FRESH_DIST="$PWD/dist"  # the browser tests use this build (tests/e2e/conftest.py)
# The tests run in one process per core (at most four), a test file's tests in the same process
# (they share loaded pages); each process has its own browsers, the site is built once.
WORKERS="$("$PYTHON" -c 'import os; print(min(4, os.cpu_count() or 1))')"
exec "$PYTHON" -m pytest -q -n "$WORKERS" --dist loadfile "$@"
