# shellcheck shell=bash
# Sourced by ./recall and .ci/run: sets RECALL_JAVA_HOME to a JDK 21 or newer, or fails with a clear message.
# Order: $JAVA_HOME, then the newest JDK under /usr/lib/jvm (and macOS's JavaVirtualMachines), then java on PATH.

recall_java_major() { # prints the feature version of the java binary given, or nothing
  recall_read_java_major "$1"
  echo "$RECALL_JAVA_MAJOR"
}

# Sets RECALL_JAVA_MAJOR to the feature version of the java binary given (empty if unknown), without a subshell: the
# launchers call it on every command, and each $(...) forks bash (a few milliseconds each, many more under load).
recall_read_java_major() {
  # A JDK's release file names its version; reading it is instant, while asking the JVM starts one (about 0.15 s
  # each, on every launch). The JVM is asked only when there is no release file beside the binary. Plain bash (no
  # sed, dirname or head): every launch runs this, and each program started costs a command answered by the daemon
  # a few milliseconds.
  local release line version=""
  RECALL_JAVA_MAJOR=""
  case $1 in
    */*) release="${1%/*}/../release" ;;
    *) release="./../release" ;;
  esac
  if [ -f "$release" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      case $line in
        JAVA_VERSION=\"[0-9]*) version=${line#JAVA_VERSION=\"}; version=${version%%[!0-9.]*}; break ;;
      esac
    done < "$release"
    case "$version" in
      1.*) version=${version#1.} ;; # 1.8 means 8
    esac
    version=${version%%.*}
    if [ -n "$version" ]; then RECALL_JAVA_MAJOR=$version; return 0; fi
  fi
  RECALL_JAVA_MAJOR=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n1)
}

recall_find_jdk() {
  local candidate major best="" best_major=0
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    recall_read_java_major "$JAVA_HOME/bin/java"; major=$RECALL_JAVA_MAJOR
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then RECALL_JAVA_HOME="$JAVA_HOME"; return 0; fi
  fi
  for candidate in /usr/lib/jvm/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
    recall_read_java_major "$candidate/bin/java"; major=$RECALL_JAVA_MAJOR
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null && [ "$major" -gt "$best_major" ]; then
      best="$candidate"; best_major="$major"
    fi
  done
  if [ -n "$best" ]; then RECALL_JAVA_HOME="$best"; return 0; fi
  if command -v javac >/dev/null 2>&1 && command -v java >/dev/null 2>&1; then
    major=$(recall_java_major "$(command -v java)")
    if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
      RECALL_JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")"); return 0
    fi
  fi
  echo "recall: no JDK 21 or newer found (looked at \$JAVA_HOME=${JAVA_HOME:-unset}, /usr/lib/jvm/*, and java on PATH)." >&2
  echo "recall: install one (e.g. 'apt-get install openjdk-21-jdk' or Temurin 21+) and/or set JAVA_HOME to it." >&2
  return 1
}
