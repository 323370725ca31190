package dev.recall.freshness;

import dev.recall.store.RecallException;
import dev.recall.store.VectorGeneration;
import java.util.Map;

/**
 * The verdict on whether vectors may answer a query. Anything but {@link Kind#FRESH} refuses the query with a
 * message that names the revisions, and a remedy a surface words as its own hint: fail closed, never silently wrong.
 */
public record Staleness(Kind kind, String store, VectorGeneration generation, long currentRevision, String message) {

    public enum Kind {
        FRESH,
        NO_ACTIVE_GENERATION,
        FINGERPRINT_MISMATCH,
        STALE_REVISION,
        CHANGED_DURING_SEARCH
    }

    public boolean fresh() {
        return kind == Kind.FRESH;
    }

    /** Thrown when a vector or hybrid query is refused. */
    public static final class RefusedException extends RecallException {
        private final Staleness verdict;

        public RefusedException(Staleness verdict) {
            super(RecallException.Kind.STALE, verdict.message(), remedy(verdict.kind()),
                    Map.of("store", verdict.store(), "corpus_revision", verdict.currentRevision(),
                            "reason", verdict.kind().name().toLowerCase(java.util.Locale.ROOT)));
            this.verdict = verdict;
        }

        private static Remedy remedy(Staleness.Kind kind) {
            return switch (kind) {
                case CHANGED_DURING_SEARCH, FRESH -> Remedy.NONE;
                case STALE_REVISION -> Remedy.USE_LEXICAL;
                case NO_ACTIVE_GENERATION, FINGERPRINT_MISMATCH -> Remedy.BUILD_EMBEDDINGS;
            };
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
