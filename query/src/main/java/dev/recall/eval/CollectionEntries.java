package dev.recall.eval;

import dev.recall.index.EmbeddingText;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import java.time.Instant;

/**
 * A collection document as the recall entry it is evaluated as: title → title, text → body, and none of the
 * metadata a bare collection lacks. With no project, branch or confidence the entity and confidence boosts add
 * nothing, and with no date (the epoch stands for "unknown") the temporal boost's recency is nil: the product's
 * boosts switch themselves off rather than being bypassed. Text boosts (identifiers, phrases) apply as they would
 * to any entry.
 */
final class CollectionEntries {
    /** The one placeholder session every collection entry names as its source (entries require one). */
    static final String SESSION = "eval-collection";
    /** A collection has no dates; the epoch makes every recency weight vanish. */
    static final Instant UNDATED = Instant.EPOCH;

    private CollectionEntries() {}

    /** An entry needs a title: a document without one (CACM) is titled by its id. */
    static RecallEntry of(CollectionDoc doc) {
        String title = doc.title().isBlank() ? doc.id() : doc.title();
        return new RecallEntry(doc.id(), EntryType.FACT, Scope.GLOBAL, EntryStatus.ACCEPTED, ReviewState.EVAL_RAW,
                title, doc.text(), null, null, null, null, null, null, null, SESSION, null, true, true, null, null,
                null, UNDATED, UNDATED);
    }

    /** The text the product embeds for this document's entry. */
    static String embeddingText(CollectionDoc doc) {
        return EmbeddingText.of(of(doc));
    }
}
