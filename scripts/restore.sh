#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh, REPLACING the target database (dropped and created
# again, open connections ended; running app instances see a short outage and reconnect).
# Usage: scripts/restore.sh arquivo --confirmar
# Target: DATABASE_URL (owner URL; the database named in it) or the running embedded server of DATA_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/pg-alvo.sh
arquivo="${1:-}"
if [ -z "$arquivo" ] || [ ! -f "$arquivo" ] || [ "${2:-}" != "--confirmar" ]; then
  echo "Uso: scripts/restore.sh arquivo.dump --confirmar   (substitui o banco de dados de destino)" >&2
  exit 2
fi
garantir_cliente_pg
url=$(url_do_banco)
banco=$(node -e 'process.stdout.write(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)) || "retaguarda")' "$url")
manutencao=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/postgres";process.stdout.write(u.toString())' "$url")
"$PG_BIN/pg_restore" --list "$arquivo" >/dev/null
psql_m() { "$PG_BIN/psql" --no-password -v ON_ERROR_STOP=1 -qAt -d "$manutencao" "$@"; }
ident=$(psql_m -c "select quote_ident('$(printf %s "$banco" | sed "s/'/''/g")')")
psql_m -c "drop database if exists $ident with (force)"
psql_m -c "create database $ident"
# the application role is cluster-wide: a fresh server may not have it yet (npm start sets its password)
psql_m -c "do \$\$ begin if not exists (select from pg_roles where rolname = 'retaguarda_app') then create role retaguarda_app login; end if; end \$\$"
# migration 0010 marks unaccent(text) IMMUTABLE for the trigram indexes; pg_dump does not keep that
# change to an extension's function, so it is redone before the indexes are restored
"$PG_BIN/psql" --no-password -v ON_ERROR_STOP=1 -qAt -d "$url" \
  -c "create extension if not exists unaccent with schema public" -c "alter function public.unaccent(text) immutable"
"$PG_BIN/pg_restore" --no-password --exit-on-error --single-transaction --dbname="$url" "$arquivo"
echo "[retaguarda] banco $banco restaurado de $arquivo"
