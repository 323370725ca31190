package dev.recall.service;

/**
 * Whether a query or brief is appended to the measurement ledger. Recording is best effort: a failure becomes a
 * notice and the results are still returned, unless strict.
 */
public record Recording(boolean record, boolean strict) {
    public static final Recording DEFAULT = new Recording(true, false);
    public static final Recording NONE = new Recording(false, false);
}
