#!/usr/bin/env bash
# `npm test`: the whole suite — lint/format, types, unit + API (embedded PostgreSQL, and the
# external server too when TEST_DATABASE_URL is set), then browser journeys in Debian's chromium.
# Every step runs even when an earlier one fails, so one run reports everything; the exit
# status is non-zero when any step failed.
set -uo pipefail
source "$(dirname "$0")/ensure-node.sh" # Node 24 when the machine's is older (re-runs this script)
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
bash scripts/ensure-chromium.sh || exit 1

failed=()
duracoes=()
# every step's output is also kept, so the end of the run can name the failed tests (a CI log is often read
# from its tail only)
saida=$(mktemp -d)
trap 'rm -rf "$saida"' EXIT
passos=0
step() {
  local name=$1
  shift
  echo
  echo "=== $name ==="
  passos=$((passos + 1))
  local inicio=$SECONDS
  "$@" 2>&1 | tee "$saida/$passos.log"
  local rc=${PIPESTATUS[0]}
  # each step's time, repeated at the end: a CI log is often read from its tail only
  duracoes+=("$name: $((SECONDS - inicio)) s")
  echo "=== $name: $((SECONDS - inicio)) s ==="
  [ "$rc" -eq 0 ] || failed+=("$name")
  return "$rc"
}
typecheck() {
  local rc=0
  for p in packages/domain apps/server apps/web e2e bench; do npx tsc -p "$p" || rc=1; done
  return $rc
}

step "lint e formatação (biome)" npx biome check .
step "tipos (tsc)" typecheck
step "unidade + API no PostgreSQL embutido" env -u TEST_DATABASE_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # what differs between the two modes (scripts/lane-externa.txt says which and why), not every API test twice
  mapfile -t externa < <(grep -v -e '^#' -e '^[[:space:]]*$' scripts/lane-externa.txt)
  # the hostile-input generator is the same in both lanes: the external one samples it (RLS as the app role)
  step "API no PostgreSQL externo" env HOSTIL_CASOS=5000 npx vitest run --project server --project server-serial "${externa[@]}"
fi
if step "build da aplicação web" npm run build --silent; then
  step "jornadas no navegador (Playwright + chromium)" npx playwright test -c e2e
else
  failed+=("jornadas no navegador (sem build)")
fi

echo
printf 'duração — %s\n' "${duracoes[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  # the failed tests, named (vitest's FAIL lines, Playwright's ✘), without colours
  sed -e 's/\x1b\[[0-9;]*m//g' "$saida"/*.log | grep -E '^ *(FAIL|✘) ' | sort -u | head -40
  printf 'FALHOU: %s\n' "${failed[@]}"
  exit 1
fi
echo "Todas as etapas passaram."
