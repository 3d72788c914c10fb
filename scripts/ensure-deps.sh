#!/usr/bin/env bash
# Installs the npm dependencies when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[retaguarda] instalando dependências (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error || npm install --no-audit --no-fund --loglevel=error
fi
