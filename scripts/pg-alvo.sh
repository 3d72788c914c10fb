#!/usr/bin/env bash
# Shared by backup.sh and restore.sh: the PostgreSQL 15 client tools (Debian's postgresql-client-15,
# installed with apt-get when missing and running as root) and the owner URL of the database:
# DATABASE_URL (external server) or the embedded server of DATA_DIR (must be running: npm start).
PG_BIN=/usr/lib/postgresql/15/bin

garantir_cliente_pg() {
  [ -x "$PG_BIN/pg_dump" ] && [ -x "$PG_BIN/pg_restore" ] && [ -x "$PG_BIN/psql" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "[retaguarda] instalando postgresql-client-15…" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client-15 >/dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client-15 >/dev/null; }
  fi
  [ -x "$PG_BIN/pg_dump" ] || { echo "Instale o pacote postgresql-client-15 (apt-get install postgresql-client-15)." >&2; exit 1; }
}

# URL of the owner role (runs as the superuser of the embedded cluster).
url_do_banco() {
  if [ -n "${DATABASE_URL:-}" ]; then echo "$DATABASE_URL"; return; fi
  local data="${DATA_DIR:-./data}" pgdir
  pgdir=$(cat "$data/pg-location" 2>/dev/null || echo "$data/pg")
  if [ ! -f "$pgdir/postmaster.pid" ]; then
    echo "O PostgreSQL embutido de $data não está em execução: inicie-o com npm start (ou defina DATABASE_URL)." >&2
    exit 1
  fi
  local porta senha
  porta=$(sed -n 4p "$pgdir/postmaster.pid")
  senha=$(node -e 'const s=require(process.argv[1]);process.stdout.write(encodeURIComponent(s.superPassword))' "$(cd "$data" && pwd)/secrets.json")
  echo "postgres://postgres:${senha}@127.0.0.1:${porta}/retaguarda"
}
