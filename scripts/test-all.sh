#!/usr/bin/env bash
# `npm test`: every test. Type check; lint (biome); unit and data-layer tests on embedded PGlite and on
# PostgreSQL (127.0.0.1:5432); a production build; Playwright in Debian's Chromium against the
# app on both databases.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-installed.sh
# Debian packages the tests use: Chromium for the browser tests, bubblewrap for the judge's sandbox
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v bwrap >/dev/null || missing+=(bubblewrap)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "The tests need Debian's ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

npx tsc --noEmit
npm run lint
npx vitest run
bash scripts/e2e.sh
