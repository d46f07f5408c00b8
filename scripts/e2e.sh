#!/usr/bin/env bash
# Playwright against a fresh build on both databases. Extra arguments go to `playwright test`
# (e.g. `bash scripts/e2e.sh e2e/annotate.spec.ts`). Set NEXT_DIST_DIR, E2E_PORT_BASE,
# E2E_DATABASE_URL and E2E_EMBEDDED_DIR to run beside another build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx next build
rm -rf "${E2E_EMBEDDED_DIR:-.data/e2e-pglite}"
npx tsx scripts/e2e-reset-database.ts
npx playwright test "$@"
