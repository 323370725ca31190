package dev.recall.index;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.ScoreDoc;

/**
 * Entry ids of hits, read from the keyword id field's doc values in doc order. Reading stored fields instead
 * decompresses a block of documents per hit, which for a 200-hit window cost more than the search itself.
 */
public final class DocIds {
    private DocIds() {}

    /** The value of {@code field} for each hit, in the hits' order. */
    public static String[] of(IndexReader reader, ScoreDoc[] hits, String field) throws IOException {
        Integer[] order = new Integer[hits.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Integer.compare(hits[a].doc, hits[b].doc));
        List<LeafReaderContext> leaves = reader.leaves();
        String[] ids = new String[hits.length];
        int leafIndex = -1;
        SortedSetDocValues values = null;
        for (int i : order) {
            int doc = hits[i].doc;
            int li = ReaderUtil.subIndex(doc, leaves);
            if (li != leafIndex) {
                leafIndex = li;
                values = DocValues.getSortedSet(leaves.get(li).reader(), field);
            }
            if (!values.advanceExact(doc - leaves.get(li).docBase)) {
                throw new IOException("index document " + doc + " has no " + field);
            }
            ids[i] = values.lookupOrd(values.nextOrd()).utf8ToString();
        }
        return ids;
    }
}
