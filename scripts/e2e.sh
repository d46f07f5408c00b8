#!/usr/bin/env bash
# Playwright against a fresh build on both databases. Extra arguments go to `playwright test`
# (e.g. `bash scripts/e2e.sh e2e/annotate.spec.ts`). Every spec file starts its own server on a
# fresh database (e2e/fixtures.ts: a PGlite folder under .data/e2e, or a wb_e2e_* database on
# 127.0.0.1:5432), on a free port. Set NEXT_DIST_DIR to run beside another build, SCREENSHOTS=1
# to refresh the README screenshots in public/screenshots (`npm run screenshots`).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx next build
npx playwright test "$@"
