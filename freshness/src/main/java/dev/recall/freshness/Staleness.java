package dev.recall.freshness;

/**
 * The verdict on whether vectors may answer a query. Anything but {@link Kind#FRESH} refuses the query with a
 * message that names the revisions and the command that fixes it: fail closed, never silently wrong.
 */
public record Staleness(Kind kind, VectorGeneration generation, long currentRevision, String message) {

    public enum Kind {
        FRESH,
        NO_ACTIVE_GENERATION,
        FINGERPRINT_MISMATCH,
        STALE_REVISION,
        CHANGED_DURING_SEARCH,
        /** The generation's index directory is gone (deleted, or a data dir copied without it). */
        INDEX_MISSING,
        /** The index found there was written for another store or another generation. */
        INDEX_FOREIGN,
        /** The index is unreadable, truncated, or holds another number of vectors than the build wrote. */
        INDEX_DAMAGED
    }

    public boolean fresh() {
        return kind == Kind.FRESH;
    }

    /** Thrown when a vector or hybrid query is refused. */
    public static final class RefusedException extends RuntimeException {
        private final Staleness verdict;

        public RefusedException(Staleness verdict) {
            super(verdict.message());
            this.verdict = verdict;
        }

        public Staleness verdict() {
            return verdict;
        }
    }

    public Staleness orThrow() {
        if (!fresh()) {
            throw new RefusedException(this);
        }
        return this;
    }
}
