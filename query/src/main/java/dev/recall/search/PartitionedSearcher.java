package dev.recall.search;

import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;

/**
 * A searcher that cuts a large index into as many parts as a search may use ({@link SearchThreads}) and scores them
 * at once. The lexical index is one segment (a rebuild force-merges it), so Lucene's own slicing, which splits by
 * segment, searches it on one thread; at 1M entries BM25 of a long query is most of a lexical request
 * (docs/benchmarks.md, issue 14). The parts share the best hits' score floor as they go, so they skip about what one
 * pass would; an index below {@link #MIN_PART_DOCS} per part is searched whole, on the caller's thread. Lucene merges
 * the parts' hits by score, then document, which is the order one pass keeps: the same hits, ties included.
 */
final class PartitionedSearcher {
    /** Fewer documents than this per part cost more to hand over than they save. */
    static final int MIN_PART_DOCS = 50_000;
    /** A segment-count cap per slice that never binds: the parts are cut by documents. */
    private static final int MAX_SEGMENTS_PER_SLICE = Integer.MAX_VALUE;

    private PartitionedSearcher() {}

    /** A searcher for one search that starts now: in parts when {@code threads} allows them at this moment. */
    static IndexSearcher of(IndexReader reader, SearchThreads threads) {
        return of(reader, threads.partsNow(), MIN_PART_DOCS);
    }

    /** At most {@code parts} parts of at least {@code minPartDocs} documents each. */
    static IndexSearcher of(IndexReader reader, int parts, int minPartDocs) {
        int n = Math.min(parts, reader.maxDoc() / Math.max(1, minPartDocs));
        if (n < 2) {
            return new IndexSearcher(reader);
        }
        int perPart = (int) Math.ceil(reader.maxDoc() / (double) n);
        return new IndexSearcher(reader, SearchThreads.HELPERS) {
            @Override
            protected LeafSlice[] slices(List<LeafReaderContext> leaves) {
                return IndexSearcher.slices(leaves, perPart, MAX_SEGMENTS_PER_SLICE, true);
            }
        };
    }
}
