#!/usr/bin/env bash
# Installs recall from an unpacked release archive for the current user (no root, nothing outside the user's dirs):
#   the files      -> $PREFIX/recall-VERSION-PLATFORM, with $PREFIX/current pointing at it
#                     (PREFIX: --prefix, else ${XDG_DATA_HOME:-~/.local/share}/recall-app)
#   the command    -> $BIN_DIR/recall, a link to $PREFIX/current/bin/recall
#                     (BIN_DIR: --bin-dir, else ${XDG_BIN_HOME:-~/.local/bin})
#   completions    -> bash: ${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/recall
#                     zsh:  ${XDG_DATA_HOME:-~/.local/share}/zsh/site-functions/_recall
#                     fish: ${XDG_CONFIG_HOME:-~/.config}/fish/completions/recall.fish
# and prints the two lines that add the Claude Code plugin. Installing again (or another version) replaces the
# command and the plugin's target; recall's data dir (~/.local/share/recall) is never touched.
# Uninstall: rm -rf "$PREFIX" "$BIN_DIR/recall" and the three completion files.
set -euo pipefail

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  echo "usage: install.sh [--prefix DIR] [--bin-dir DIR]"
}

data_home=${XDG_DATA_HOME:-$HOME/.local/share}
prefix="$data_home/recall-app"
bin_dir=${XDG_BIN_HOME:-$HOME/.local/bin}
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --bin-dir) [ $# -ge 2 ] || { usage >&2; exit 2; }; bin_dir=$2; shift 2 ;;
    --bin-dir=*) bin_dir=${1#*=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done

src=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
for needed in VERSION bin/recall lib/recall.jar runtime/bin/java plugin/.claude-plugin/plugin.json; do
  [ -e "$src/$needed" ] || { echo "install.sh: $src/$needed is missing: run install.sh from an unpacked recall archive" >&2; exit 1; }
done
read -r version platform < "$src/VERSION"
mkdir -p "$prefix" "$bin_dir"
prefix=$(cd "$prefix" && pwd)
bin_dir=$(cd "$bin_dir" && pwd)
dest="$prefix/recall-$version-$platform"

if [ "$src" != "$dest" ]; then
  # copied next to its place, then swapped in, so a failed copy never leaves half an install behind `current`
  rm -rf "$dest.new"
  cp -R "$src" "$dest.new"
  rm -rf "$dest.new/lib/cds" # a class cache names the jar it was made for, and this copy is a new file
  rm -rf "$dest"
  mv "$dest.new" "$dest"
fi
ln -sfn "$dest" "$prefix/current"
# Claude Code copies an installed plugin into its own cache, away from ../bin/recall: this file tells the copy where
# its recall is (hooks/run-recall.sh). `current`, so that the next install is picked up without reinstalling it.
echo "$prefix/current" > "$dest/plugin/install-home"
ln -sfn "$prefix/current/bin/recall" "$bin_dir/recall"

installed=()
install_completion() { # file in the archive, target
  [ -s "$dest/completions/$1" ] || return 0
  mkdir -p "$(dirname "$2")"
  cp "$dest/completions/$1" "$2"
  installed+=("$2")
}
install_completion recall.bash "$data_home/bash-completion/completions/recall"
install_completion _recall "$data_home/zsh/site-functions/_recall"
install_completion recall.fish "${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions/recall.fish"

# The first command of an install writes its class cache (lib/cds): a query on a throwaway store, so that the cache
# holds what the common commands load rather than whatever the user happens to run first.
warm=$(mktemp -d "${TMPDIR:-/tmp}/recall-install.XXXXXX")
"$dest/bin/recall" --data-dir "$warm/data" query --no-record "how do I run the tests" >/dev/null 2>&1 || true
rm -rf "$warm"

echo "recall $version ($platform) installed in $dest"
echo "  command: $bin_dir/recall"
case ":$PATH:" in
  *":$bin_dir:"*) ;;
  *) echo "  $bin_dir is not on your PATH; add it (e.g. in ~/.profile: export PATH=\"$bin_dir:\$PATH\")" ;;
esac
for f in ${installed[@]+"${installed[@]}"}; do echo "  completion: $f"; done
case " ${installed[*]-} " in
  *site-functions/_recall*) echo "  (zsh: add $data_home/zsh/site-functions to fpath before compinit)" ;;
esac
echo
echo "To add the Claude Code plugin, type these two lines in Claude Code:"
echo "  /plugin marketplace add $prefix/current"
echo "  /plugin install recall@recall"
