package dev.recall.search;

import dev.recall.index.BagOfWords;
import dev.recall.index.DocIds;
import dev.recall.index.PassageFields;
import dev.recall.store.SessionFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.util.BytesRef;

/** BM25 over the passage text of one reader: candidates, filters by session attribute, and a hit's breakdown. */
final class PassageLeg {
    /** A BM25 candidate: passage id, session id, BM25 score, Lucene doc. */
    record Candidate(String id, String sessionId, double bm25, int doc) {}

    record Candidates(List<Candidate> hits, long totalMatches) {}

    /** What a page shows of a passage: its ordinal range and text, from the index's stored fields. */
    record Stored(int startOrdinal, int endOrdinal, String text) {}

    private final IndexSearcher searcher;
    private final Query scoring;
    private final Set<String> terms;
    private FieldScores fieldScores;

    /** @param analyzer the query analyzer (the code-aware one the index was built with) */
    PassageLeg(DirectoryReader reader, Analyzer analyzer, String text, float k1, float b) {
        this.searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity(k1, b));
        Map<String, Integer> counts = BagOfWords.terms(analyzer, text);
        if (!LexicalLeg.QUESTION_WORDS.containsAll(counts.keySet())) {
            counts.keySet().removeAll(LexicalLeg.QUESTION_WORDS);
        }
        this.terms = Set.copyOf(counts.keySet());
        this.scoring = BagOfWords.query(counts, Map.of(PassageFields.TEXT, 1f));
    }

    boolean hasTerms() {
        return !terms.isEmpty();
    }

    /** The analysed query terms: what a snippet marks. */
    Set<String> terms() {
        return terms;
    }

    Candidates search(SessionFilter filter, int window) {
        Query q = filter == null ? scoring : withFilter(scoring, filter);
        try {
            TopDocs top = searcher.search(q, window);
            return new Candidates(candidates(top), top.totalHits.value());
        } catch (IOException e) {
            throw new UncheckedIOException("passage search failed", e);
        } catch (IndexSearcher.TooManyClauses e) {
            throw new SearchException(SearchException.Reason.INVALID_QUERY, "query too large: " + e.getMessage());
        }
    }

    private List<Candidate> candidates(TopDocs top) throws IOException {
        String[] ids = DocIds.of(searcher.getIndexReader(), top.scoreDocs, PassageFields.ID);
        String[] sessions = DocIds.of(searcher.getIndexReader(), top.scoreDocs, PassageFields.SESSION_ID);
        List<Candidate> out = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) {
            out.add(new Candidate(ids[i], sessions[i], top.scoreDocs[i].score, top.scoreDocs[i].doc));
        }
        return out;
    }

    /** The passages among ids that the filter admits, with their session and Lucene doc. */
    static Map<String, Candidate> matching(DirectoryReader reader, Collection<String> ids, SessionFilter filter) {
        Map<String, Candidate> out = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        Query q = withFilter(new TermInSetQuery(PassageFields.ID, ids.stream().map(BytesRef::new).toList()), filter);
        try {
            IndexSearcher s = new IndexSearcher(reader);
            TopDocs top = s.search(q, ids.size());
            String[] found = DocIds.of(reader, top.scoreDocs, PassageFields.ID);
            String[] sessions = DocIds.of(reader, top.scoreDocs, PassageFields.SESSION_ID);
            for (int i = 0; i < found.length; i++) {
                out.put(found[i], new Candidate(found[i], sessions[i], 0, top.scoreDocs[i].doc));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("filtering candidates in the passage index", e);
        }
    }

    static Stored stored(DirectoryReader reader, int doc) {
        try {
            Document d = reader.storedFields().document(doc,
                    Set.of(PassageFields.START_ORDINAL, PassageFields.END_ORDINAL, PassageFields.TEXT));
            return new Stored(d.getField(PassageFields.START_ORDINAL).storedValue().getIntValue(),
                    d.getField(PassageFields.END_ORDINAL).storedValue().getIntValue(), d.get(PassageFields.TEXT));
        } catch (IOException e) {
            throw new UncheckedIOException("reading a passage", e);
        }
    }

    /** BM25 and the matched terms of one hit. */
    LexicalLeg.Breakdown explain(int doc) {
        if (fieldScores == null) {
            fieldScores = new FieldScores(searcher, scoring);
        }
        return fieldScores.of(doc, List.of(PassageFields.TEXT));
    }

    static Query withFilter(Query scoring, SessionFilter f) {
        BooleanQuery.Builder b = new BooleanQuery.Builder().add(scoring, BooleanClause.Occur.MUST);
        filter(b, PassageFields.PROJECT, f.project());
        filter(b, PassageFields.CWD, f.cwd());
        filter(b, PassageFields.GIT_BRANCH, f.gitBranch());
        filter(b, PassageFields.AGENT, f.agent());
        if (f.from() != null || f.to() != null) {
            long from = f.from() == null ? Long.MIN_VALUE : f.from().toEpochMilli();
            long to = f.to() == null ? Long.MAX_VALUE : f.to().toEpochMilli() - 1;
            b.add(LongField.newRangeQuery(PassageFields.STARTED_AT, from, to), BooleanClause.Occur.FILTER);
        }
        return b.build();
    }

    private static void filter(BooleanQuery.Builder b, String field, String value) {
        if (value != null) {
            b.add(KeywordField.newExactQuery(field, value), BooleanClause.Occur.FILTER);
        }
    }
}
