#!/usr/bin/env bash
# Browser tests drive Debian's chromium (test tools cannot download browsers here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[retaguarda] instalando o chromium do Debian para os testes de navegador…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
else
  echo "[retaguarda] chromium não encontrado em $CHROMIUM. Instale-o (sudo apt-get install chromium) ou defina CHROMIUM_PATH." >&2
  exit 1
fi
