package dev.recall.service;

/**
 * Whether a query or brief is appended to the measurement ledger. Recording is best effort: a failure becomes a
 * notice and the results are still returned, unless strict.
 *
 * @param requestId the client's id of the one invocation this query belongs to, or null: the ledger keeps one event
 *     per id, so an invocation answered twice (handed to the daemon, which recorded it and died before answering, then
 *     run in-process) is counted once
 */
public record Recording(boolean record, boolean strict, String surface, String requestId) {
    public static final Recording DEFAULT = new Recording(true, false, null);
    public static final Recording NONE = new Recording(false, false, null);

    public Recording(boolean record, boolean strict) {
        this(record, strict, null);
    }

    public Recording(boolean record, boolean strict, String surface) {
        this(record, strict, surface, null);
    }

    /** Recorded as asked through the daemon's HTTP API: the ledger's surface is {@code http}. */
    public static Recording http() {
        return new Recording(true, false, "http");
    }

    /** Recorded as asked by an agent through the MCP server: the ledger's surface is {@code mcp}. */
    public static Recording mcp() {
        return new Recording(true, false, "mcp");
    }

    /** The same recording for the invocation of this id (null: none). */
    public Recording withRequestId(String id) {
        return new Recording(record, strict, surface, id);
    }
}
