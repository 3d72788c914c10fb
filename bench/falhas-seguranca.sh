#!/usr/bin/env bash
# Security scans of a running instance on loopback only, with Debian's sqlmap and wapiti
# (installed with apt-get when missing and running as root). Starts its own instance on a scratch
# database of the PostgreSQL server of CARGA_PG, signs in as the administrator and scans:
#   sqlmap — the list query (q, sort, start, count), a read by id, the JSON sign-in and a JSON create;
#   wapiti — the web app and the API under /api/v1, seeded with list/read URLs (sql, blind sql, xss,
#            exec, file, crlf, redirect…; no ssrf: it needs wapiti's public endpoint, loopback only here).
# Findings are printed; reports go to bench/results/seguranca-<UTC>/.
# Usage: bash bench/falhas-seguranca.sh      Env: CARGA_PG, SCAN_PORTA (8297)
set -euo pipefail
cd "$(dirname "$0")/.."
PG="${CARGA_PG:-postgres://postgres@127.0.0.1:5432/postgres}"
PORTA="${SCAN_PORTA:-8297}"
BASE="http://127.0.0.1:$PORTA"
OUT="bench/results/seguranca-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"

if ! command -v sqlmap >/dev/null || ! command -v wapiti >/dev/null; then
  [ "$(id -u)" = 0 ] || { echo "Instale sqlmap e wapiti (apt-get install sqlmap wapiti)." >&2; exit 1; }
  apt-get install -y -qq sqlmap wapiti >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlmap wapiti >/dev/null; }
fi

DB_URL="${PG%/*}/retaguarda_scan"
psql -q "$PG" -c "drop database if exists retaguarda_scan with (force)" -c "create database retaguarda_scan"
PORT=$PORTA HOST=127.0.0.1 DATABASE_URL="$DB_URL" APP_DB_PASSWORD=scan LOG_LEVEL=warn \
  LOGIN_MAX_FALHAS=100000 LOGIN_MAX_FALHAS_IP=100000 \
  node --import tsx apps/server/src/server.ts >"$OUT/servidor.log" 2>&1 &
SERVIDOR=$!
trap 'kill $SERVIDOR 2>/dev/null; wait $SERVIDOR 2>/dev/null || true' EXIT
for _ in $(seq 1 180); do curl -sfo /dev/null -I "$BASE/api/v1/status" && break; sleep 1; done

TOKEN=$(curl -sf "$BASE/api/auth" -H 'content-type: application/json' \
  -d '{"username":"ana.admin","password":"Demo@1234"}' | node -e 'process.stdin.on("data",d=>process.stdout.write(JSON.parse(d).accessToken))')
AUTH="Authorization: Bearer $TOKEN"
SQLMAP=(sqlmap --batch --level=2 --risk=1 --dbms=PostgreSQL --disable-coloring --flush-session --output-dir="$OUT/sqlmap" --threads=2 --timeout=15)

achados=0
rodar_sqlmap() {
  local nome=$1; shift
  echo "[seguranca] sqlmap: $nome"
  if "${SQLMAP[@]}" "$@" >"$OUT/sqlmap-$nome.log" 2>&1; then :; fi
  if grep -qiE "is vulnerable|injectable|Parameter: .* \(" "$OUT/sqlmap-$nome.log" && ! grep -qi "do not appear to be injectable" "$OUT/sqlmap-$nome.log"; then
    echo "  ACHADO em $nome (veja $OUT/sqlmap-$nome.log)"; achados=$((achados + 1))
  else
    echo "  nenhuma injeção ($(grep -ciE 'testing ' "$OUT/sqlmap-$nome.log") testes)"
  fi
}
# '*' marks an injection point for sqlmap: the RSQL wildcard goes percent-encoded
rodar_sqlmap lista -u "$BASE/api/v1/produto/marcas?q=descricao%3D%3D%2Aa%2A&sort=descricao&start=0&count=10" -H "$AUTH" -p q,sort,start,count
# the list screen's form of the same list (matches counted up to 10 000: another statement)
rodar_sqlmap lista-limitada -u "$BASE/api/v1/produto/marcas?q=descricao%3D%3D%2Aa%2A&sort=descricao&start=0&count=10&total=limitado" -H "$AUTH" -p q,sort,start,count,total
rodar_sqlmap leitura -u "$BASE/api/v1/produto/marcas/1*" -H "$AUTH"
rodar_sqlmap login --ignore-code=401 -u "$BASE/api/auth" --data '{"username":"ana.admin","password":"x"}' -H 'Content-Type: application/json'
rodar_sqlmap inclusao -u "$BASE/api/v1/produto/marcas" --data '{"descricao":"Scan"}' -H 'Content-Type: application/json' -H "$AUTH"

echo "[seguranca] wapiti"
SEMENTES=()
for u in "produto/marcas?q=descricao%3D%3Da&sort=descricao&start=0&count=10" "produto/marcas?q=ativo%3D%3Dtrue&total=limitado" "produto/marcas/1" \
  "pessoa/fornecedores?q=nome%3D%3Dx&sort=-nome" "produto/produtos?q=descricao%3D%3Dx" "fiscal/ncms?q=id%3D%3D1" \
  "pessoa/usuarios?count=5" "notificacoes?start=0&count=5" "produto/produtos/consulta/1"; do
  SEMENTES+=(-s "$BASE/api/v1/$u")
done
for alvo in "$BASE/app/" "$BASE/api/v1/"; do
  nome=$(echo "$alvo" | tr -c 'a-z0-9' '_')
  extra=()
  [ "$alvo" = "$BASE/api/v1/" ] && extra=("${SEMENTES[@]}")
  wapiti -u "$alvo" "${extra[@]}" --scope folder -H "$AUTH" --flush-session --max-scan-time 150 -f json -o "$OUT/wapiti-$nome.json" \
    -m sql,blindsql,exec,file,xss,permanentxss,crlf,redirect,htaccess,backup >"$OUT/wapiti-$nome.log" 2>&1 || true
  n=$(node -e 'const r=require(process.argv[1]);let n=0;for(const k in r.vulnerabilities)n+=r.vulnerabilities[k].length;for(const k in r.anomalies)n+=r.anomalies[k].length;console.log(n)' "$(pwd)/$OUT/wapiti-$nome.json" 2>/dev/null || echo "?")
  echo "  $alvo: $n vulnerabilidade(s) ou anomalia(s), $(grep -c "" "$OUT/wapiti-$nome.log") linhas de log"
  [ "$n" = 0 ] || achados=$((achados + 1))
done
echo "[seguranca] achados: $achados (relatórios em $OUT)"
