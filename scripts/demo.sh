#!/usr/bin/env bash
# `npm run demo`: install, build, and start the app on the embedded database with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-installed.sh
npx next build
echo "Starting on http://127.0.0.1:${PORT:-3000} (embedded database in ${EMBEDDED_DB_DIR:-.data/pglite}); sign in as admin / workbench"
exec npx next start -H "${HOST:-127.0.0.1}" -p "${PORT:-3000}"
