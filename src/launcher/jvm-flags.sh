# shellcheck shell=bash disable=SC2034 # JVM_FLAGS and JIT_FLAGS are read by the launcher that sources this
# Sourced by ./recall and by the release archive's bin/recall: the JVM flags recall runs with, in one place.
# recall_jvm_flags ARGS... sets JVM_FLAGS (every command) and JIT_FLAGS (by command) from recall's arguments.

recall_jvm_flags() {
  # -Xlog:disable, then warnings to stderr: the JVM logs to stdout by default, which would corrupt --json output.
  # MetaspaceSize: recall loads over 4,000 classes, and without a class cache they cross the default 21 MB threshold,
  # which costs a full GC (about 0.1 s) in the middle of a short command.
  # shellcheck disable=SC2206 # RECALL_JAVA_OPTS is a list of flags, split on spaces
  # recall.terminal: whether stdin and stdout are terminals (what the JDK's Console checks), answered here for free;
  # asking the JDK loads every console provider, a visible cost in a command answered by the daemon.
  local terminal=0
  if [ -t 0 ] && [ -t 1 ]; then terminal=1; fi
  JVM_FLAGS=(--enable-native-access=ALL-UNNAMED -Dai.djl.offline=true -Drecall.terminal=$terminal
    -XX:+UseSerialGC -XX:MetaspaceSize=64m -Xlog:disable -Xlog:all=warning:stderr ${RECALL_JAVA_OPTS:-})

  # Short commands end before the optimising compiler (C2) pays back its compile time, so they run with C1 alone: a
  # cold `recall query` at 1M entries took about 40% less CPU (docs/benchmarks.md, issue 5). Commands that run long
  # (builds, imports, sync, extraction, eval, bench) keep C2. The command is the first argument after --data-dir.
  JIT_FLAGS=()
  recall_read_subcommand "$@" # sets RECALL_SUBCOMMAND without a subshell (a fork on every command)
  case "$RECALL_SUBCOMMAND" in
    query | brief | prompt | list | get | stats | show | save | capture | log | ledger | "") JIT_FLAGS=(-XX:TieredStopAtLevel=1) ;;
    # Lucene's SIMD code (the jdk.incubator.vector module) only for the resident daemon and the benchmarks: resolving
    # an incubator module makes the JVM print a warning on stderr before recall starts, which nothing switches off.
    # Short commands gain nothing from it (Lucene does not use it under C1); the other long commands (vector builds,
    # eval) lose SIMD dot products, not yet measured against their embedding time. RECALL_SIMD=1 adds it anywhere.
    serve | bench) JVM_FLAGS=(--add-modules jdk.incubator.vector "${JVM_FLAGS[@]}") ;;
  esac
  if [ "${RECALL_SIMD:-0}" = 1 ] && [[ " ${JVM_FLAGS[*]} " != *" jdk.incubator.vector "* ]]; then
    JVM_FLAGS=(--add-modules jdk.incubator.vector "${JVM_FLAGS[@]}")
  fi
}

# Sets RECALL_SUBCOMMAND to the first argument after --data-dir (empty when there is none, or an option comes first).
recall_read_subcommand() {
  RECALL_SUBCOMMAND=""
  while [ $# -gt 0 ]; do
    case $1 in
      --data-dir) [ $# -ge 2 ] && shift 2 || return 0 ;;
      --data-dir=*) shift ;;
      -*) return 0 ;;
      *) RECALL_SUBCOMMAND=$1; return 0 ;;
    esac
  done
}
