package dev.recall.index;

import dev.recall.index.analysis.AnalyzerKind;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;

/**
 * What a {@link LexicalIndex} is derived from: a store revision counter, the journal of which keys changed at which
 * revision, and the documents of a key. A key maps to any number of documents (an entry to one, a session to its
 * passages); syncing a key replaces all of its documents, found by the key field.
 */
public interface LexicalSource {
    /** What the index holds, for notices ("lexical index", "passage index"). */
    String name();

    /** The keyword field every document of a key carries, with the key as its value. */
    String keyField();

    /** Bump whenever analysis or the document mapping changes: an index of another format is rebuilt. */
    String format();

    /** The commit user-data key that records the revision the index reflects. */
    String revisionKey();

    Analyzer analyzer();

    /** The analysis of the text fields, which queries must share. */
    default AnalyzerKind analysis() {
        return AnalyzerKind.CODE;
    }

    long revision();

    /** Keys that changed after the revision, with the revision of their last change, in revision order. */
    Map<String, Long> changesSince(long revision);

    /** The current documents of each key; a key absent from the map (or with none) has none left. */
    Map<String, List<Document>> documents(Collection<String> keys);

    /** Every document, in batches, for a full rebuild. */
    void forEachBatch(Consumer<List<Document>> batch);
}
