package dev.recall.eval;

import java.io.IOException;
import java.nio.file.Path;

/** The on-disk layouts a test collection can come in. */
public enum CollectionFormat {
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

    /** Parses "beir" or "trec", case-insensitively. */
    public static CollectionFormat parse(String name) {
        for (CollectionFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown collection format '" + name + "': expected beir or trec");
    }
}
