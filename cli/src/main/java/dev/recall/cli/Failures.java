package dev.recall.cli;

import dev.recall.embeddings.EmbeddingException;
import dev.recall.store.RecallException;
import java.io.UncheckedIOException;

/**
 * Words a failure for the terminal: the exit code its kind means (README: 1 error, 2 usage, 3 rejected, 4 stale,
 * 5 not found) and one line, with the cli's own hint for the remedy the failure names.
 */
final class Failures {
    private Failures() {}

    /** The exit code, the one line for the terminal, and its parts for a JSON error object. */
    record Worded(ExitCode code, String message, String what, String hint) {
        Worded(ExitCode code, String message) {
            this(code, message, message, null);
        }

        /** {@code {"error": {"code", "message", "hint"}}}: what `--json` prints on stdout when a command fails. */
        java.util.Map<String, Object> json() {
            java.util.Map<String, Object> error = new java.util.LinkedHashMap<>();
            error.put("code", code.name().toLowerCase(java.util.Locale.ROOT));
            error.put("message", what);
            error.put("hint", hint);
            return java.util.Map.of("error", error);
        }
    }

    static Worded word(Throwable ex) {
        if (ex instanceof CliException ce) {
            return new Worded(ce.exitCode, ce.getMessage());
        }
        if (ex instanceof RecallException re) {
            String hint = hint(re);
            return new Worded(code(re.kind()), message(re), base(re), hint.isEmpty() ? null : hint);
        }
        if (ex instanceof UncheckedIOException io) {
            return new Worded(ExitCode.ERROR, io.getCause().getMessage() == null ? io.getCause().toString()
                    : io.getCause().getMessage());
        }
        if (ex instanceof EmbeddingException) {
            return new Worded(ExitCode.ERROR, ex.getMessage());
        }
        // Anything else is recall's own fault, not the user's: an error, never "usage".
        return new Worded(ExitCode.ERROR, ex.getMessage() == null ? ex.toString() : ex.getMessage());
    }

    static ExitCode code(RecallException.Kind kind) {
        return switch (kind) {
            case INVALID -> ExitCode.USAGE;
            case REJECTED, CONFLICT -> ExitCode.REJECTED;
            case STALE -> ExitCode.STALE;
            case NOT_FOUND -> ExitCode.NOT_FOUND;
            case INTERNAL -> ExitCode.ERROR;
        };
    }

    static String message(RecallException e) {
        String base = base(e);
        String hint = hint(e);
        return hint.isEmpty() ? base : base + "; " + hint;
    }

    private static String base(RecallException e) {
        Object field = e.details().get("field");
        if (e.kind() == RecallException.Kind.INVALID && field != null) {
            if (e.details().get("problem") != null) { // an unknown value: "--type: unknown value 'x' (allowed: ...)"
                return flag(field.toString()) + ": " + e.details().get("problem");
            }
            if (e.details().get("predicate") != null) {
                return flag(field.toString()) + " " + e.details().get("predicate");
            }
        }
        return e.getMessage();
    }

    /** The cli flag of a request field: {@code rrf_k} is {@code --rrf-k}. */
    static String flag(String field) {
        return "--" + field.replace('_', '-');
    }

    private static String hint(RecallException e) {
        Object store = e.details().getOrDefault("store", "recall");
        return switch (e.remedy()) {
            case NONE -> "";
            case BUILD_EMBEDDINGS -> "run `recall embeddings build --store " + store + "`";
            case USE_LEXICAL -> "run `recall embeddings build --store " + store
                    + "` (lexical search is always current: --mode lexical)";
            case RESTART_PAGINATION -> "rerun the query without --cursor";
            case WIDEN_WINDOW -> "widen it with --window for more";
            case IMPORT_SESSION -> "import or sync it first, or pass --allow-placeholder-sessions";
            case RUN_EXTRACTION -> "`recall extract run` first";
            case ACTIVATE_EXTRACTION -> "`recall extract activate " + e.details().get("fingerprint")
                    + "` serves it again";
            case NAME_EXTRACTION -> "see `recall extract status`";
            case RETRY_LATER -> "retry when the other recall process has finished";
            case UPGRADE -> "upgrade recall";
            case SAVE_CONTEXT -> "run `recall save`";
            case CAPTURE_HISTORY -> "run `recall capture`";
            case NAME_SESSION -> "pass --transcript or --session";
            case FORCE_RETIRE -> "activate another generation instead, or retire it with --force";
        };
    }
}
