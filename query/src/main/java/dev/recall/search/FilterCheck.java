package dev.recall.search;

import dev.recall.index.EntryFields;
import dev.recall.store.EntryFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Which of a fused list's entries a filter admits, decided by the lexical index's keyword doc values (synced with the
 * store before every search) instead of loading each entry from the store. The lexical leg's candidates are checked
 * on the documents it returned; only the others (vector hits) are first found by id. A query over the id field for
 * all of them (a term set over a million ids, then a filtered search) cost about a millisecond of a hybrid request
 * at 1M entries (docs/benchmarks.md, issue 14).
 */
final class FilterCheck {
    private FilterCheck() {}

    /**
     * The ids among {@code ids} whose live document in {@code reader} holds every value the filter requires.
     * {@code knownDocs} maps some of them to their live document in this same reader (as the lexical leg found them).
     */
    static Set<String> admitted(DirectoryReader reader, Collection<String> ids, Map<String, Integer> knownDocs,
            EntryFilter filter) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        try {
            List<Located> located = new ArrayList<>(ids.size());
            List<String> unknown = new ArrayList<>();
            for (String id : ids) {
                Integer doc = knownDocs.get(id);
                if (doc != null) {
                    located.add(new Located(id, doc));
                } else {
                    unknown.add(id);
                }
            }
            located.addAll(locate(reader, unknown));
            // doc values are read forwards: visit the documents in index order
            located.sort((a, b) -> Integer.compare(a.doc(), b.doc()));
            return admitted(reader, located, EntryFields.required(filter));
        } catch (IOException e) {
            throw new UncheckedIOException("filtering candidates in the lexical index", e);
        }
    }

    /** An entry id and its live document (index-wide). */
    private record Located(String id, int doc) {}

    /** The live document of each id found in the id field (an id missing from the index is left out). */
    private static List<Located> locate(DirectoryReader reader, List<String> ids) throws IOException {
        List<Located> out = new ArrayList<>(ids.size());
        if (ids.isEmpty()) {
            return out;
        }
        List<BytesRef> sorted = ids.stream().map(BytesRef::new).sorted().toList();
        boolean[] found = new boolean[sorted.size()];
        PostingsEnum postings = null;
        for (LeafReaderContext leaf : reader.leaves()) {
            Terms terms = leaf.reader().terms(EntryFields.ID);
            if (terms == null) {
                continue;
            }
            TermsEnum te = terms.iterator();
            Bits live = leaf.reader().getLiveDocs();
            for (int i = 0; i < sorted.size(); i++) {
                if (found[i] || !te.seekExact(sorted.get(i))) {
                    continue;
                }
                postings = te.postings(postings, PostingsEnum.NONE);
                for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
                    if (live == null || live.get(d)) { // an updated entry's older copies are deleted documents
                        out.add(new Located(sorted.get(i).utf8ToString(), leaf.docBase + d));
                        found[i] = true;
                        break;
                    }
                }
            }
        }
        return out;
    }

    /** The ids whose document holds every required value; {@code located} in document order. */
    private static Set<String> admitted(DirectoryReader reader, List<Located> located, Map<String, String> required)
            throws IOException {
        Set<String> out = new HashSet<>();
        List<LeafReaderContext> leaves = reader.leaves();
        List<String> fields = List.copyOf(required.keySet());
        SortedSetDocValues[] values = new SortedSetDocValues[fields.size()];
        long[] wanted = new long[fields.size()];
        int leafIndex = -1;
        for (Located l : located) {
            int li = ReaderUtil.subIndex(l.doc(), leaves);
            if (li != leafIndex) {
                leafIndex = li;
                for (int f = 0; f < fields.size(); f++) {
                    values[f] = DocValues.getSortedSet(leaves.get(li).reader(), fields.get(f));
                    // negative when no document of this segment holds the value
                    wanted[f] = values[f].lookupTerm(new BytesRef(required.get(fields.get(f))));
                }
            }
            if (holdsAll(l.doc() - leaves.get(li).docBase, values, wanted)) {
                out.add(l.id());
            }
        }
        return out;
    }

    private static boolean holdsAll(int doc, SortedSetDocValues[] values, long[] wanted) throws IOException {
        for (int f = 0; f < values.length; f++) {
            if (wanted[f] < 0 || !values[f].advanceExact(doc) || !holds(values[f], wanted[f])) {
                return false;
            }
        }
        return true;
    }

    private static boolean holds(SortedSetDocValues values, long ord) throws IOException {
        for (int i = 0; i < values.docValueCount(); i++) {
            if (values.nextOrd() == ord) {
                return true;
            }
        }
        return false;
    }
}
