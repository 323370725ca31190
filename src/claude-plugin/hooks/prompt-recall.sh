#!/bin/sh
# The UserPromptSubmit hook: prompt-time recall. With a recall daemon up (`recall serve`), one curl call sends the
# hook's JSON (the prompt) to the daemon, which answers with the few trusted entries that plainly concern the prompt,
# framed as evidence, or with nothing; Claude Code adds what is printed beside the prompt. No JVM starts.
#
# Without a daemon it adds nothing and exits at once: starting a JVM before every prompt would delay each one by half
# a second or more. RECALL_PROMPT_RECALL=always runs `recall prompt --hook` in-process instead (same answer,
# slower); RECALL_PROMPT_RECALL=off, or `[hooks] prompt_recall = false` in config.toml, turns it off.
# Like every hook of this plugin it never fails the session: any failure prints nothing and exits 0.
plugin_root=${CLAUDE_PLUGIN_ROOT:-$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)}

case "${RECALL_PROMPT_RECALL:-}" in off | 0 | false) exit 0 ;; esac
input=$(cat)

data_dir() {
  if [ -n "${RECALL_DATA_DIR:-}" ]; then echo "$RECALL_DATA_DIR"
  elif [ "$(uname -s 2>/dev/null)" = Darwin ]; then echo "$HOME/Library/Application Support/recall"
  else echo "${XDG_DATA_HOME:-$HOME/.local/share}/recall"
  fi
}

if [ -z "${RECALL_NO_DAEMON:-}" ] && command -v curl >/dev/null 2>&1; then
  info="$(data_dir)/serve.json"
  if [ -r "$info" ]; then
    port=$(sed -n 's/^ *"port" *: *\([0-9][0-9]*\).*/\1/p' "$info" | head -n 1)
    token=$(sed -n 's/^ *"token" *: *"\([^"]*\)".*/\1/p' "$info" | head -n 1)
    if [ -n "$port" ] && [ -n "$token" ]; then
      # The trailing '.' keeps the text's final newline, which command substitution would strip.
      if response=$(printf '%s' "$input" | curl -sS --fail --max-time 5 -H "Authorization: Bearer $token" \
          -H 'Content-Type: application/json' --data-binary @- \
          "http://127.0.0.1:$port/api/v1/hooks/user-prompt" 2>/dev/null && echo .); then
        printf '%s' "${response%.}"
        exit 0
      fi
    fi
  fi
fi

if [ "${RECALL_PROMPT_RECALL:-}" = always ]; then
  printf '%s' "$input" | "$plugin_root/hooks/run-recall.sh" prompt --hook
fi
exit 0
