package dev.recall.store;

import java.util.Map;

/**
 * A failure every layer can raise and every surface can word: what kind of failure (so a surface picks an exit
 * code or an HTTP status), a message that names what is wrong without naming any surface's flags or commands,
 * and the data a surface needs to phrase its own hint (for instance the store whose vectors need a build).
 * Subclasses say where the failure comes from; the kind says what it means to the caller.
 */
public class RecallException extends RuntimeException {
    /** What a failure means to whoever asked. */
    public enum Kind {
        /** The request itself is malformed: a bad value, a contradiction between options. */
        INVALID,
        /** The input's content was refused (an import file, a query's syntax, a path); nothing was written. */
        REJECTED,
        /** Derived data does not reflect the store (vectors behind the corpus, a cursor of an older state). */
        STALE,
        /** What was asked for does not exist. */
        NOT_FOUND,
        /** The request is valid but contradicts the current state (an ambiguous prefix, a retired generation). */
        CONFLICT,
        /** recall or its environment failed: store, index, model, I/O, a broken invariant. */
        INTERNAL
    }

    /**
     * A remedy a surface can word as its own hint ("run `recall embeddings build`" in the cli, a link in a web
     * page). The data it needs is in {@link #details()}.
     */
    public enum Remedy {
        NONE,
        /** Build the vectors of {@code details.store}. */
        BUILD_EMBEDDINGS,
        /** Lexical search is always current: use it meanwhile. */
        USE_LEXICAL,
        /** Run the query again from its first page. */
        RESTART_PAGINATION,
        /** Widen the candidate window. */
        WIDEN_WINDOW,
        /** Import or sync the source session first, or allow placeholder sessions. */
        IMPORT_SESSION,
        /** Run extraction first. */
        RUN_EXTRACTION,
        /** Activate the generation {@code details.fingerprint} again. */
        ACTIVATE_EXTRACTION,
        /** Name a generation (see the extraction status). */
        NAME_EXTRACTION,
        /** Retry once the other process has finished. */
        RETRY_LATER,
        /** Upgrade recall. */
        UPGRADE,
        /** Save the project's context first. */
        SAVE_CONTEXT,
        /** Capture the project's history first. */
        CAPTURE_HISTORY,
        /** Name the session or its transcript. */
        NAME_SESSION,
        /** Activate another generation first, or retire this active one on purpose (force). */
        FORCE_RETIRE
    }

    private final Kind kind;
    private final Remedy remedy;
    private final Map<String, Object> details;

    public RecallException(Kind kind, String message) {
        this(kind, message, Remedy.NONE, Map.of(), null);
    }

    public RecallException(Kind kind, String message, Throwable cause) {
        this(kind, message, Remedy.NONE, Map.of(), cause);
    }

    public RecallException(Kind kind, String message, Remedy remedy, Map<String, Object> details) {
        this(kind, message, remedy, details, null);
    }

    public RecallException(Kind kind, String message, Remedy remedy, Map<String, Object> details, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.remedy = remedy;
        this.details = Map.copyOf(details);
    }

    public final Kind kind() {
        return kind;
    }

    public final Remedy remedy() {
        return remedy;
    }

    public final Map<String, Object> details() {
        return details;
    }

    /**
     * A request that cannot be valid: the field (snake_case, as in a request record) and what is wrong with its
     * value, as a predicate ("must be at least 1"). The message is "field predicate"; a surface that names the
     * field its own way (a cli flag) takes both from {@link #details()}.
     */
    public static RecallException invalid(String field, String predicate) {
        return new RecallException(Kind.INVALID, field + " " + predicate, Remedy.NONE,
                Map.of("field", field, "predicate", predicate));
    }

    /**
     * A value that is none of the known ones (an enum's labels): the field it was given for, the value and the
     * known values travel in {@link #details()} ({@code field}, {@code value}, {@code known}, and {@code problem},
     * the message without the field), so a surface names the field its own way and a reader of a file adds where
     * in the file it was. A value given in a request is {@link Kind#INVALID}; a caller reading a file's content
     * words it as that file's rejection.
     */
    public static RecallException unknownValue(String field, String value, java.util.List<String> known) {
        String problem = "unknown value '" + value + "' (allowed: " + String.join(", ", known) + ")";
        return new RecallException(Kind.INVALID, field + ": " + problem, Remedy.NONE, Map.of("field", field,
                "value", String.valueOf(value), "known", java.util.List.copyOf(known), "problem", problem));
    }

    /** What is wrong with the value of {@link #details()}' field, without the field: for a caller that places it. */
    public String problem() {
        Object problem = details.get("problem");
        if (problem == null) {
            problem = details.get("predicate");
        }
        return problem == null ? getMessage() : problem.toString();
    }

}
