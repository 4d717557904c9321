# shellcheck shell=bash
# Source it (`. scripts/node-lts.sh`): puts the pinned Node.js LTS and npm first on PATH for this
# shell, installing them from the npm registry (no other download) into a cache folder the first
# time. `.ci/run` runs the tests under them; a developer gets the same with this one command.
#
# The `node-linux-<arch>` package is Node's own release binary with its headers (for native
# builds, through npm_package_config_node_gyp_nodedir) and has no install script, unlike the
# `node` package, whose preinstall npm 12 would block.

NODE_LTS_VERSION=24.21.0
NPM_VERSION=12.2.1

node_lts_setup() {
  local tools="${DISPUSIP_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/dispusip-web}"
  local arch
  if [ "$(uname -s)" != Linux ]; then
    echo "node-lts.sh: Linux only; install Node.js $NODE_LTS_VERSION and npm $NPM_VERSION yourself" >&2
    return 1
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node-lts.sh: no Node.js package for $(uname -m); install Node.js $NODE_LTS_VERSION yourself" >&2; return 1 ;;
  esac
  local node_dir="$tools/node-$NODE_LTS_VERSION" npm_dir="$tools/npm-$NPM_VERSION"
  local node_package="$node_dir/node_modules/node-linux-$arch"

  if [ ! -x "$node_package/bin/node" ]; then
    echo "Installing Node.js $NODE_LTS_VERSION from the npm registry into $node_dir" >&2
    npm install --prefix "$node_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-$arch@$NODE_LTS_VERSION" || return 1
  fi
  if [ ! -x "$npm_dir/node_modules/.bin/npm" ]; then
    echo "Installing npm $NPM_VERSION from the npm registry into $npm_dir" >&2
    # With the new Node first on PATH: npm 12's engines exclude Node 20.
    PATH="$node_package/bin:$PATH" npm install --prefix "$npm_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "npm@$NPM_VERSION" || return 1
  fi

  export PATH="$npm_dir/node_modules/.bin:$node_package/bin:$PATH"
  # Native builds against this Node's headers, not a system Node's (a user .npmrc may name /usr):
  # node-gyp 11.4 and later (in npm 10.9.5+, 11.6.1+, 12) read this over npm_config_nodedir, the
  # form an earlier version of this script exported, which npm 12 warns of as an unknown config.
  export npm_package_config_node_gyp_nodedir="$node_package"
  unset npm_config_nodedir
  hash -r
  echo "Using Node.js $(node --version) ($node_package/bin/node) and npm $(npm --version 2>/dev/null)" >&2
}

node_lts_setup
