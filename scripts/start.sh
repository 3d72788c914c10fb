#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the web app and starts the server on the
# embedded PostgreSQL (data under ./data/, demo data on first run) at http://localhost:${PORT:-8080}/app/
set -euo pipefail
source "$(dirname "$0")/ensure-node.sh" # Node 24 when the machine's is older (re-runs this script)
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [ ! -f apps/web/dist/index.html ] || [ -n "$(find apps/web/src apps/web/index.html packages/domain/src -newer apps/web/dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "[retaguarda] compilando a aplicação web…"
  npm run build -w apps/web --silent
fi
# the server as one plain-Node bundle (≈0.4 s to build): no TypeScript transform at start-up
node scripts/build-server.mjs
# the supervisor runs the bundle and restarts it on a newer build after a self-update (README)
exec node scripts/supervisor.mjs
