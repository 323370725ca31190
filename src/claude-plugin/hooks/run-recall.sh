#!/bin/sh
# Runs `recall ARGS...` for a Claude Code hook, slash command or MCP server, passing stdin (the hook's JSON) through.
# A hook never fails the session: when recall is missing or fails, a note goes to stderr and the exit status is 0.
# `mcp` is the exception: it becomes the recall process (stdin/stdout are the MCP channel) and fails when there is
# no recall, so that Claude Code shows the server as failed.
#
# Which recall runs, first found (README.md, "Which recall it runs"):
#   0. $RECALL_BIN, if set and executable (an explicit override);
#   1. the install this plugin belongs to: ../bin/recall (the plugin inside an unpacked or installed archive), the
#      install recorded in ./install-home by install.sh (still found after Claude Code copies the plugin into its
#      cache), or ../../recall (the plugin inside a clone of the repository: its launcher);
#   2. $RECALL_HOME/bin/recall (an install) or $RECALL_HOME/recall (a clone);
#   3. `recall` on PATH;
#   4. the default install location, ${XDG_DATA_HOME:-~/.local/share}/recall-app/current/bin/recall.
plugin_root=${CLAUDE_PLUGIN_ROOT:-$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)}
default_install="${XDG_DATA_HOME:-$HOME/.local/share}/recall-app/current"

args="$*"
note() { echo "recall plugin: $*" >&2; }

# With a recall daemon up (`recall serve`), the SessionStart and Stop hooks are one HTTP call with curl: no JVM
# starts. The daemon is found through <data>/serve.json (port and token); any failure falls back to the command.
data_dir() {
  if [ -n "${RECALL_DATA_DIR:-}" ]; then echo "$RECALL_DATA_DIR"
  elif [ "$(uname -s 2>/dev/null)" = Darwin ]; then echo "$HOME/Library/Application Support/recall"
  else echo "${XDG_DATA_HOME:-$HOME/.local/share}/recall"
  fi
}
daemon_route() {
  case "$*" in
    "show --hook") echo session-start ;;
    "capture --hook") echo stop ;;
    *) return 1 ;;
  esac
}
via_daemon() { # $1: route; the hook's JSON in $input
  [ -z "${RECALL_NO_DAEMON:-}" ] || return 1
  command -v curl >/dev/null 2>&1 || return 1
  info="$(data_dir)/serve.json"
  [ -r "$info" ] || return 1
  port=$(sed -n 's/^ *"port" *: *\([0-9][0-9]*\).*/\1/p' "$info" | head -n 1)
  token=$(sed -n 's/^ *"token" *: *"\([^"]*\)".*/\1/p' "$info" | head -n 1)
  [ -n "$port" ] && [ -n "$token" ] || return 1
  # The token reaches curl as a header read from fd 3, never on its command line, which any local user can read with
  # ps. The trailing '.' keeps the text's final newlines, which command substitution would strip.
  exec 3<<HEADER
Authorization: Bearer $token
HEADER
  response=$(printf '%s' "$input" | curl -sS --fail --max-time 20 -H @/dev/fd/3 \
    -H 'Content-Type: application/json' --data-binary @- "http://127.0.0.1:$port/api/v1/hooks/$1" 2>/dev/null \
    && echo .) || { exec 3<&-; return 1; }
  exec 3<&-
  [ -n "$response" ] || return 1
  if [ "$1" = session-start ]; then
    printf '%s' "${response%.}"
  fi
  return 0
}

if route=$(daemon_route "$@"); then
  input=$(cat)
  if via_daemon "$route"; then
    exit 0
  fi
  # no daemon (or it did not answer): the command, with the same input
  exec_input=1
fi

# Prints the first recall found, in the order above; fails when there is none.
find_recall() {
  if [ -n "${RECALL_BIN:-}" ] && [ -x "$RECALL_BIN" ]; then echo "$RECALL_BIN"; return 0; fi
  recorded=
  if [ -r "$plugin_root/install-home" ]; then recorded=$(head -n 1 "$plugin_root/install-home"); fi
  clone=
  # a clone is recognised by its launcher helpers, so that ../../recall never picks up an unrelated file
  if [ -d "$plugin_root/../../src/launcher" ]; then clone="$plugin_root/../../recall"; fi
  for candidate in "$plugin_root/../bin/recall" ${recorded:+"$recorded/bin/recall"} ${clone:+"$clone"} \
      ${RECALL_HOME:+"$RECALL_HOME/bin/recall"} ${RECALL_HOME:+"$RECALL_HOME/recall"}; do
    if [ -f "$candidate" ] && [ -x "$candidate" ]; then
      (CDPATH= cd -- "$(dirname -- "$candidate")" && echo "$(pwd)/${candidate##*/}"); return 0
    fi
  done
  if command -v recall >/dev/null 2>&1; then command -v recall; return 0; fi
  if [ -x "$default_install/bin/recall" ]; then echo "$default_install/bin/recall"; return 0; fi
  return 1
}

INSTALL_HINT="download recall-<version>-<os>-<arch>.tar.gz (or build it in a clone: ./mvnw -B -Pdist package), \
then run: tar -xzf recall-*.tar.gz && ./recall-*/install.sh. Or set RECALL_HOME to an install or a clone."

# The one place where a missing recall is said to the user: the SessionStart hook, as a message shown in the session
# (systemMessage) and to the agent (additionalContext). Every other hook stays silent on stdout: it would repeat
# the same news after every turn.
not_found() {
  if [ "$args" = "show --hook" ]; then
    printf '{"systemMessage":"%s","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"%s"}}\n' \
      "recall plugin: recall is not installed, so this session starts without recall's memory. To install: $INSTALL_HINT" \
      "The recall plugin found no recall program (looked at RECALL_BIN, the plugin's install, RECALL_HOME, PATH and $default_install). Project memory is unavailable in this session; if the user asks about it: $INSTALL_HINT"
  else
    note "no recall found (looked at RECALL_BIN, the plugin's install, RECALL_HOME, PATH, $default_install); skipped"
  fi
}

if ! recall=$(find_recall); then
  if [ "${1:-}" = mcp ]; then
    note "no recall found for the MCP server. $INSTALL_HINT"
    exit 1
  fi
  not_found
  exit 0
fi
set -- "$recall" "$@"
if [ "${2:-}" = mcp ]; then
  exec "$@"
fi

if [ -n "${exec_input:-}" ]; then
  printf '%s' "$input" | "$@"
else
  "$@"
fi
status=$?
if [ "$status" -ne 0 ]; then
  note "'recall $args' exited with status $status; the session goes on without it"
fi
exit 0
