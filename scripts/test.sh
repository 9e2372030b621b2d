#!/usr/bin/env bash
# Install rulecheck with its test extras in a fresh virtualenv and run the whole test suite.
# This is the README's test command and exactly what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet '.[test]'
# The browser test drives Debian's Chromium; install it when missing (root, as in CI).
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "warning: could not install chromium; the browser test will be skipped and say why"
  else
    echo "warning: chromium is missing and cannot be installed here; the browser test will be skipped"
  fi
fi

exec .venv/bin/python -m pytest "$@"
