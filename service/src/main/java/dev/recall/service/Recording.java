package dev.recall.service;

/**
 * Whether a query or brief is appended to the measurement ledger. Recording is best effort: a failure becomes a
 * notice and the results are still returned, unless strict.
 */
public record Recording(boolean record, boolean strict, String surface) {
    public static final Recording DEFAULT = new Recording(true, false, null);
    public static final Recording NONE = new Recording(false, false, null);

    public Recording(boolean record, boolean strict) {
        this(record, strict, null);
    }

    /** Recorded as asked through the daemon's HTTP API: the ledger's surface is {@code http}. */
    public static Recording http() {
        return new Recording(true, false, "http");
    }

    /** Recorded as asked by an agent through the MCP server: the ledger's surface is {@code mcp}. */
    public static Recording mcp() {
        return new Recording(true, false, "mcp");
    }
}
