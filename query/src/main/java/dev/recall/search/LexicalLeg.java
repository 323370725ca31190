package dev.recall.search;

import dev.recall.index.BagOfWords;
import dev.recall.index.DocIds;
import dev.recall.index.EntryFields;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.EntryFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.MultiFieldQueryParser;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * BM25 over the entry fields of one reader: candidates, and the per-field breakdown of a hit's score. Public so
 * that `recall bench` measures this very leg against its baselines.
 */
public final class LexicalLeg implements LexicalSearch {
    /**
     * People ask recall questions ("how do I ...", "why did we ..."); these words carry no topic, so the query
     * drops them (as analysed: "does" stems to "doe"). Documents keep them: only the query side changes.
     */
    static final Set<String> QUESTION_WORDS = Set.of("how", "what", "why", "when", "where", "which", "who", "whom",
            "do", "doe", "did", "done", "i", "we", "you", "our", "my", "me", "us", "should", "can", "could", "would",
            "have", "ha", "had", "again", "ever", "any", "about", "there", "here",
            // what is left of contractions ("can't", "isn't", "don't")
            "t", "s", "d", "ll", "ve", "re", "don", "isn", "aren", "doesn", "didn", "won", "wasn");

    /** A BM25 candidate: entry id, BM25 score, Lucene doc (for explain). */
    public record Candidate(String id, double bm25, int doc) {}

    private static final java.util.Comparator<Candidate> BY_SCORE_THEN_ID = java.util.Comparator
            .comparingDouble(Candidate::bm25).reversed().thenComparing(Candidate::id);

    /** The candidates and whether more matched than the window held. */
    public record Candidates(List<Candidate> hits, long totalMatches) {}

    private final IndexSearcher searcher;
    private final Query scoring;
    private final int termCount;
    /**
     * The analysed query terms that are searched (empty with Lucene syntax): what coverage is measured over. In the
     * query's order: coverage sums their IDFs in this order, and a hash set's order changes with each JVM, which moved
     * the sum's last bit between two daemons answering the same query.
     */
    private final List<String> terms;
    /** Built on the first breakdown and reused for every hit. */
    private FieldScores fieldScores;

    public LexicalLeg(DirectoryReader reader, AnalyzerKind analysis, String text, boolean luceneSyntax,
            LexicalWeights weights) {
        this(reader, analysis, text, luceneSyntax, weights, SearchThreads.perCore());
    }

    /** A leg whose BM25 runs in parts when {@code threads} allows them as it is built (one search per leg). */
    public LexicalLeg(DirectoryReader reader, AnalyzerKind analysis, String text, boolean luceneSyntax,
            LexicalWeights weights, SearchThreads threads) {
        this.searcher = PartitionedSearcher.of(reader, threads);
        searcher.setSimilarity(new BM25Similarity(weights.k1(), weights.b()));
        try (Analyzer analyzer = analysis.newQueryAnalyzer()) {
            if (luceneSyntax) {
                MultiFieldQueryParser parser = new MultiFieldQueryParser(
                        EntryFields.TEXT.toArray(String[]::new), analyzer, weights.fieldWeights());
                int depth = QueryDepth.of(text);
                if (depth > QueryDepth.MAX) {
                    throw new SearchException(SearchException.Reason.INVALID_QUERY, "invalid Lucene query: parentheses"
                            + " nested " + depth + " deep; at most " + QueryDepth.MAX + " are allowed");
                }
                try {
                    this.scoring = parser.parse(text);
                } catch (ParseException | RuntimeException | StackOverflowError e) {
                    throw new SearchException(SearchException.Reason.INVALID_QUERY, "invalid Lucene query: "
                            + QueryDepth.reason(e, text));
                }
                this.termCount = -1;
                this.terms = List.of();
            } else {
                Map<String, Integer> terms = queryTerms(analyzer, analysis, text);
                this.termCount = terms.size();
                this.terms = List.copyOf(terms.keySet());
                this.scoring = BagOfWords.query(terms, weights.fieldWeights());
            }
        }
    }

    /** The query this leg scores with: what a breakdown takes apart. */
    Query scoringQuery() {
        return scoring;
    }

    /**
     * The searched terms of free text and how often each occurs: analysed as the index was, question words dropped
     * (code analysis only). Every backend ranks these same terms.
     */
    public static Map<String, Integer> queryTerms(AnalyzerKind analysis, String text) {
        try (Analyzer analyzer = analysis.newQueryAnalyzer()) {
            return queryTerms(analyzer, analysis, text);
        }
    }

    private static Map<String, Integer> queryTerms(Analyzer analyzer, AnalyzerKind analysis, String text) {
        Map<String, Integer> terms = BagOfWords.terms(analyzer, text);
        // the English chain is the reference (Anserini's) analysis, queries included: it keeps them
        if (analysis == AnalyzerKind.CODE && !QUESTION_WORDS.containsAll(terms.keySet())) {
            terms.keySet().removeAll(QUESTION_WORDS);
        }
        return terms;
    }

    @Override
    public boolean hasTerms() {
        return termCount != 0;
    }

    @Override
    public Candidates search(EntryFilter filter, int window) {
        Query q = filter == null ? scoring : KeywordFilters.apply(searcher.getIndexReader(), scoring, filter);
        try {
            TopDocs top = searcher.search(q, window);
            String[] ids = DocIds.of(searcher.getIndexReader(), top.scoreDocs, EntryFields.ID);
            List<Candidate> out = new ArrayList<>(top.scoreDocs.length);
            for (int i = 0; i < ids.length; i++) {
                out.add(new Candidate(ids[i], top.scoreDocs[i].score, top.scoreDocs[i].doc));
            }
            // Equal scores in Lucene's doc order would move when segments merge; the entry id keeps them put.
            out.sort(BY_SCORE_THEN_ID);
            return new Candidates(out, top.totalHits.value());
        } catch (IOException e) {
            throw new UncheckedIOException("lexical search failed", e);
        } catch (IndexSearcher.TooManyClauses e) {
            throw new SearchException(SearchException.Reason.INVALID_QUERY, "query too large: " + e.getMessage());
        }
    }

    /**
     * How much of the query each document holds: the IDF-weighted share of the query's terms that occur in any of its
     * text fields, and how many distinct terms. A lexical leg whose best hit covers little of the query matched it on
     * a stray common word; one whose best hit covers all of it matched what the user typed. Each term's document
     * frequency is looked up once, and its postings are walked once per segment, in document order.
     */
    @Override
    public QueryOverlap overlap(int[] docs) {
        double[] held = new double[docs.length];
        int[] count = new int[docs.length];
        if (terms.isEmpty()) {
            Arrays.fill(held, Double.NaN);
            return new QueryOverlap(held, count);
        }
        IndexReader reader = searcher.getIndexReader();
        List<LeafReaderContext> leaves = reader.leaves();
        Integer[] order = new Integer[docs.length];
        for (int i = 0; i < docs.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, java.util.Comparator.comparingInt(i -> docs[i]));
        double all = 0;
        try {
            for (String t : terms) {
                int df = 0;
                boolean[] found = new boolean[docs.length];
                for (String field : EntryFields.TEXT) {
                    Term term = new Term(field, t);
                    df = Math.max(df, reader.docFreq(term));
                    markContaining(leaves, term, docs, order, found);
                }
                double idf = Math.log(1 + (reader.numDocs() - df + 0.5) / (df + 0.5));
                all += idf;
                for (int i = 0; i < docs.length; i++) {
                    held[i] += found[i] ? idf : 0;
                    count[i] += found[i] ? 1 : 0;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("measuring query coverage", e);
        }
        for (int i = 0; i < docs.length; i++) {
            held[i] = all == 0 ? 0 : held[i] / all;
        }
        return new QueryOverlap(held, count);
    }

    /** Sets {@code found[i]} for each of {@code docs} (visited in {@code order}, ascending) whose field holds the term. */
    private static void markContaining(List<LeafReaderContext> leaves, Term term, int[] docs, Integer[] order,
            boolean[] found) throws IOException {
        PostingsEnum postings = null;
        int leafIndex = -1;
        for (int i : order) {
            int leaf = ReaderUtil.subIndex(docs[i], leaves);
            LeafReaderContext context = leaves.get(leaf);
            if (leaf != leafIndex) {
                leafIndex = leaf;
                postings = context.reader().postings(term, PostingsEnum.NONE);
            }
            if (postings == null || found[i]) {
                continue;
            }
            int local = docs[i] - context.docBase;
            int at = postings.docID() >= local ? postings.docID() : postings.advance(local);
            found[i] = at == local;
        }
    }

    /** BM25 per field (the fields' shares add up to the hit's BM25) and the matched query terms. */
    public record Breakdown(Map<String, Double> perField, List<String> matchedTerms) {
        /** For a search that was not asked to explain its hits. */
        public static final Breakdown NONE = new Breakdown(Map.of(), List.of());
    }

    @Override
    public Breakdown explain(int doc) {
        if (fieldScores == null) {
            fieldScores = new FieldScores(searcher, scoring);
        }
        return fieldScores.of(doc, EntryFields.TEXT);
    }

    static Query withFilter(Query scoring, EntryFilter f) {
        BooleanQuery.Builder b = new BooleanQuery.Builder().add(scoring, BooleanClause.Occur.MUST);
        EntryFields.required(f).forEach((field, value) ->
                b.add(KeywordField.newExactQuery(field, value), BooleanClause.Occur.FILTER));
        return b.build();
    }
}
