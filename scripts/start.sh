#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the web app and starts the server on the
# embedded PostgreSQL (data under ./data/, demo data on first run) at http://localhost:${PORT:-8080}/app/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [ ! -f apps/web/dist/index.html ] || [ -n "$(find apps/web/src apps/web/index.html packages/domain/src -newer apps/web/dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "[retaguarda] compilando a aplicação web…"
  npm run build --silent
fi
# one process (node + the tsx loader): signals reach the server itself
exec node --import tsx apps/server/src/server.ts
