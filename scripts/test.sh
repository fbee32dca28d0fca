#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what the tests need, then runs them.
# README names this command; .ci/run runs exactly it.
#   bash scripts/test.sh                    # everything (unit + browser tests)
#   bash scripts/test.sh -m "not browser"   # without the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'

# The browser tests drive Debian's Chromium (never `playwright install`: it downloads its own
# browser from a host this network does not reach).
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests ..."
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

ruff check build.py py tests bench scripts
python3 -m mypy  # the engine's types: [tool.mypy] in pyproject.toml (py/rummy)

# JavaScript: ESLint over the page's modules and the Node tests (eslint.config.js; versions
# pinned in package-lock.json).
npm ci --silent --no-audit --no-fund
npx eslint web 'tests/**/*.mjs' eslint.config.js
# One style (Prettier, .prettierrc.json): `bash scripts/format-js.sh` rewrites, this only looks.
bash scripts/format-js.sh --check

# The browser tests serve dist/: build it (downloads are cached in .cache/).
python3 build.py

python3 -m pytest -q "$@"
