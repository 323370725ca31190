package dev.recall.freshness;

import dev.recall.store.Counters;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.util.Optional;

/** Decides whether a store's active vector generation reflects the current corpus and the configured model. */
public final class Freshness {
    private final VectorGenerations generations;
    private final Counters counters;

    public Freshness(VectorGenerations generations, Counters counters) {
        this.generations = generations;
        this.counters = counters;
    }

    /** The revision a store's vectors must be stamped with: the entries' corpus, or the session archive's. */
    private long revision(String store) {
        return store.equals(VectorGenerations.SESSIONS) ? counters.archiveRevision() : counters.corpusRevision();
    }

    private static String counter(String store) {
        return store.equals(VectorGenerations.SESSIONS) ? "archive" : "corpus";
    }

    public Staleness check(String store, String configuredFingerprint) {
        return check(store, () -> configuredFingerprint);
    }

    /**
     * As {@link #check(String, String)}, asking for the configured fingerprint only when there is a generation to
     * compare it with: knowing it can mean loading the model, which a store without vectors never needs.
     */
    public Staleness check(String store, java.util.function.Supplier<String> fingerprint) {
        long current = revision(store);
        Optional<VectorGeneration> active = generations.active(store);
        if (active.isEmpty()) {
            return new Staleness(Staleness.Kind.NO_ACTIVE_GENERATION, store, null, current,
                    "no active vector generation for store '" + store + "' (" + counter(store) + " revision " + current
                            + ")");
        }
        VectorGeneration g = active.get();
        String configuredFingerprint = fingerprint.get();
        if (!g.fingerprint().equals(configuredFingerprint)) {
            return new Staleness(Staleness.Kind.FINGERPRINT_MISMATCH, store, g, current,
                    "the active vector generation " + g.id() + " (" + g.model() + ", fingerprint " + g.shortFingerprint()
                            + ") was built with a different embedding configuration than the one configured now"
                            + " (fingerprint " + configuredFingerprint.substring(0, Math.min(12, configuredFingerprint.length()))
                            + ")");
        }
        if (g.completedCorpusRevision() == null || g.completedCorpusRevision() != current) {
            return new Staleness(Staleness.Kind.STALE_REVISION, store, g, current,
                    "vectors are stale: the " + counter(store) + " is at revision " + current + " but the active generation "
                            + g.id() + " is stamped at revision " + g.completedCorpusRevision());
        }
        return new Staleness(Staleness.Kind.FRESH, store, g, current, "fresh at " + counter(store) + " revision " + current);
    }

    /** The second check, after a search: if the corpus moved while we searched, the answer may be wrong. */
    public Staleness recheck(Staleness before) {
        long now = revision(before.store());
        if (now != before.currentRevision()) {
            return new Staleness(Staleness.Kind.CHANGED_DURING_SEARCH, before.store(), before.generation(), now,
                    counter(before.store()) + " changed during search; retry (revision " + before.currentRevision() + " -> " + now + ")");
        }
        return before;
    }
}
