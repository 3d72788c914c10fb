#!/usr/bin/env bash
# Backup of the Retaguarda database in pg_dump's custom format (compressed, restorable with
# scripts/restore.sh). Usage: scripts/backup.sh [arquivo]   (default backups/retaguarda-<data>.dump)
# Database: DATABASE_URL (owner URL of an external server) or the running embedded server of DATA_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/pg-alvo.sh
garantir_cliente_pg
url=$(url_do_banco)
arquivo="${1:-backups/retaguarda-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$arquivo")"
"$PG_BIN/pg_dump" --format=custom --no-password --file="$arquivo.parcial" "$url"
"$PG_BIN/pg_restore" --list "$arquivo.parcial" >/dev/null # a dump that cannot be read is no backup
mv "$arquivo.parcial" "$arquivo"
echo "[retaguarda] backup gravado em $arquivo ($(du -h "$arquivo" | cut -f1))"
