#!/usr/bin/env bash
# One style for the JavaScript: Prettier (version pinned in package-lock.json, options in
# .prettierrc.json) over the page's modules and the Node tests.
#   bash scripts/format-js.sh           # rewrite the files in place
#   bash scripts/format-js.sh --check   # only say which files are not formatted (exit 1 if any)
# scripts/test.sh runs the check: format before committing JavaScript.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=--write
if [ "${1:-}" = "--check" ]; then mode=--check; fi
if [ ! -x node_modules/.bin/prettier ]; then npm ci --silent --no-audit --no-fund; fi
node_modules/.bin/prettier "$mode" 'web/**/*.js' 'tests/**/*.mjs' eslint.config.js
