package dev.recall.search;

import dev.recall.index.EntryFields;
import dev.recall.store.EntryFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * A filter's keyword clauses, each in the form that admits exactly the same documents at the least cost. A filter
 * that most documents pass (a search's default {@code status = accepted}) costs the BM25 search a leap-frog over its
 * dense postings at every candidate, about a quarter of Lucene's time at 100k entries; when every document holds
 * exactly one value of the field, "holds the value" is "holds none of the field's other values", and excluding the
 * few documents with another value is nearly free (docs/benchmarks.md, issue 14).
 */
final class KeywordFilters {
    /** More distinct other values than this and the plain filter clause stays. */
    static final int MAX_EXCLUDED_VALUES = 16;

    private KeywordFilters() {}

    /** {@code scoring} restricted to the documents the filter admits in {@code reader}. */
    static Query apply(IndexReader reader, Query scoring, EntryFilter filter) {
        BooleanQuery.Builder b = new BooleanQuery.Builder().add(scoring, BooleanClause.Occur.MUST);
        boolean restricted = false;
        for (Map.Entry<String, String> required : EntryFields.required(filter).entrySet()) {
            List<BytesRef> others = othersIfDense(reader, required.getKey(), new BytesRef(required.getValue()));
            if (others == null) {
                b.add(KeywordField.newExactQuery(required.getKey(), required.getValue()), BooleanClause.Occur.FILTER);
                restricted = true;
            }
            for (BytesRef other : others == null ? List.<BytesRef>of() : others) {
                b.add(new TermQuery(new Term(required.getKey(), other)), BooleanClause.Occur.MUST_NOT);
                restricted = true;
            }
        }
        return restricted ? b.build() : scoring;
    }

    /**
     * The field's other values when the value is held by more than half of the documents and every document (deleted
     * ones included) holds exactly one value of the field in every segment, so that excluding the others admits the
     * same documents as requiring the value; null otherwise. Empty when every document holds the value.
     */
    static List<BytesRef> othersIfDense(IndexReader reader, String field, BytesRef value) {
        try {
            if (reader.docFreq(new Term(field, value)) * 2L <= reader.maxDoc()) {
                return null; // a sparse filter leads the search well as it is
            }
            TreeSet<BytesRef> others = new TreeSet<>();
            for (LeafReaderContext leaf : reader.leaves()) {
                int maxDoc = leaf.reader().maxDoc();
                if (maxDoc == 0) {
                    continue;
                }
                Terms terms = leaf.reader().terms(field);
                // docCount == maxDoc: every document holds a value; sumDocFreq == maxDoc as well: none holds two
                if (terms == null || terms.getDocCount() != maxDoc || terms.getSumDocFreq() != maxDoc) {
                    return null;
                }
                TermsEnum values = terms.iterator();
                for (BytesRef t = values.next(); t != null; t = values.next()) {
                    if (!t.bytesEquals(value)) {
                        others.add(BytesRef.deepCopyOf(t));
                        if (others.size() > MAX_EXCLUDED_VALUES) {
                            return null;
                        }
                    }
                }
            }
            return new ArrayList<>(others);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the values of " + field, e);
        }
    }
}
