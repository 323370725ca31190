package dev.recall.eval;

import dev.recall.store.Labelled;
import java.io.IOException;
import java.nio.file.Path;

/** The on-disk layouts a test collection can come in. */
public enum CollectionFormat implements Labelled {
    /** corpus.jsonl, queries.jsonl, qrels/test.tsv. */
    BEIR,
    /** Anserini's CACM layout: an archive of HTML documents, TREC topics and TREC qrels. */
    TREC;

    public TestCollection read(Path dir) throws IOException {
        return switch (this) {
            case BEIR -> BeirCollection.read(dir);
            case TREC -> CacmCollection.read(dir);
        };
    }

    @Override
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static CollectionFormat parse(String s) {
        return Labelled.parseTyped(CollectionFormat.class, "collection_format", s);
    }
}
