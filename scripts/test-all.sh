#!/usr/bin/env bash
# `npm test`: every test. Type check; lint (biome); unit and data-layer tests on embedded PGlite and on
# PostgreSQL (127.0.0.1:5432); a production build; Playwright in Debian's Chromium against the
# app on both databases.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-installed.sh
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Browser tests need Debian's Chromium at /usr/bin/chromium: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

npx tsc --noEmit
npm run lint
npx vitest run
bash scripts/e2e.sh
