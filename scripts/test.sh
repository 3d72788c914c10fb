#!/usr/bin/env bash
# `npm test`: the whole suite — lint/format, types, unit + API (embedded PostgreSQL, and the
# external server too when TEST_DATABASE_URL is set), then browser journeys in Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh

step() { echo; echo "=== $* ==="; }
step "lint e formatação (biome)"
npx biome check .
step "tipos (tsc)"
for p in packages/domain apps/server apps/web e2e bench; do npx tsc -p "$p"; done
step "unidade + API no PostgreSQL embutido"
env -u TEST_DATABASE_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API no PostgreSQL externo ($TEST_DATABASE_URL)"
  npx vitest run --project server --exclude apps/server/test/lifecycle.test.ts  # the life-cycle test is lane-independent
fi
step "build da aplicação web"
npm run build --silent
step "jornadas no navegador (Playwright + chromium)"
npx playwright test -c e2e
