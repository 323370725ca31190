package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.eval.TrecMetrics;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judged queries of testdata/regression over the testdata corpus: recall's lexical search (code-aware
 * analyzer, field weights, boosts) must beat plain BM25 (English analyzer, one field, no boosts) on them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RegressionTest {
    record Judged(String id, String query, List<String> relevant, String note) {}

    TestStore store;
    List<Judged> queries;

    @BeforeAll
    void load(@TempDir Path dir) throws IOException {
        store = new TestStore(dir).testdata();
        queries = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (var files = Files.list(TestStore.TESTDATA.resolve("regression"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(f)) {
                    if (line.isBlank()) continue;
                    JsonNode n = json.readTree(line);
                    List<String> rel = new ArrayList<>();
                    n.get("relevant").forEach(r -> rel.add(r.asText()));
                    queries.add(new Judged(n.get("id").asText(), n.get("query").asText(), rel,
                            n.path("note").asText("")));
                }
            }
        }
    }

    @AfterAll
    void close() {
        store.close();
    }

    record Scores(double ndcg10, double mrr, double hitAt1, double hitAt5, List<String> misses) {}

    private Scores evaluate(Function<String, List<String>> ranker) {
        double ndcg = 0, mrr = 0, h1 = 0, h5 = 0;
        List<String> misses = new ArrayList<>();
        for (Judged q : queries) {
            List<String> ranking = ranker.apply(q.query());
            Map<String, Integer> judgments = new HashMap<>();
            q.relevant().forEach(r -> judgments.put(r, 1));
            ndcg += TrecMetrics.ndcgCut(ranking, judgments, 10);
            int first = -1;
            for (int i = 0; i < ranking.size(); i++) {
                if (judgments.containsKey(ranking.get(i))) {
                    first = i;
                    break;
                }
            }
            if (first >= 0) mrr += 1.0 / (first + 1);
            if (first == 0) h1++;
            if (first >= 0 && first < 5) h5++;
            else misses.add(q.id() + " (" + q.note() + "): " + q.query());
        }
        int n = queries.size();
        return new Scores(ndcg / n, mrr / n, h1 / n, h5 / n, misses);
    }

    Scores scores(LexicalWeights weights) {
        return evaluate(q -> recall(q, weights));
    }

    private List<String> recall(String query, LexicalWeights weights) {
        var filter = EntryFilter.builder().status(EntryStatus.ACCEPTED).build();
        return store.search().search(SearchRequest.of(query, SearchMode.LEXICAL, filter, 10).withWeights(weights))
                .hits().stream().map(h -> h.entry().id()).toList();
    }

    /** Plain BM25: English analysis, every text field in one, Lucene's default k1 and b, no boosts. */
    private Function<String, List<String>> plainBm25() throws IOException {
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        EnglishAnalyzer analyzer = new EnglishAnalyzer();
        Map<String, List<String>> snippets = new LinkedHashMap<>();
        List<RecallEntry> accepted = new ArrayList<>();
        new Entries(store.db).forEach(e -> {
            if (e.status() == EntryStatus.ACCEPTED) accepted.add(e);
        });
        new Entries(store.db).evidence(accepted.stream().map(RecallEntry::id).toList())
                .forEach((id, ev) -> snippets.put(id, ev.stream().map(x -> String.valueOf(x.snippet())).toList()));
        try (IndexWriter w = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            for (RecallEntry e : accepted) {
                Document d = new Document();
                d.add(new StringField("id", e.id(), Field.Store.YES));
                d.add(new TextField("text", e.title() + "\n" + e.body() + "\n" + (e.trigger() == null ? "" : e.trigger())
                        + "\n" + String.join("\n", snippets.getOrDefault(e.id(), List.of())), Field.Store.NO));
                w.addDocument(d);
            }
        }
        IndexSearcher searcher = new IndexSearcher(DirectoryReader.open(directory));
        return query -> {
            try {
                var top = searcher.search(new QueryParser("text", analyzer).parse(QueryParser.escape(query)), 10);
                List<String> ids = new ArrayList<>();
                for (ScoreDoc sd : top.scoreDocs) ids.add(searcher.storedFields().document(sd.doc).get("id"));
                return ids;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    @Test
    void theJudgedSetIsLargeEnough() {
        assertTrue(queries.size() >= 40, "need at least 40 judged queries, have " + queries.size());
    }

    @Test
    void recallBeatsPlainBm25() throws IOException {
        Scores plain = evaluate(plainBm25());
        Scores bm25Only = evaluate(q -> recall(q, LexicalWeights.DEFAULTS.withoutBoosts()));
        Scores ours = evaluate(q -> recall(q, LexicalWeights.DEFAULTS));
        String table = String.format("""
                regression set: %d queries
                                         nDCG@10  MRR    hit@1  hit@5
                plain BM25 (english)     %.4f   %.4f %.4f %.4f
                code analyzer, no boosts %.4f   %.4f %.4f %.4f
                recall lexical (default) %.4f   %.4f %.4f %.4f
                misses at 5: %s""", queries.size(), plain.ndcg10(), plain.mrr(), plain.hitAt1(), plain.hitAt5(),
                bm25Only.ndcg10(), bm25Only.mrr(), bm25Only.hitAt1(), bm25Only.hitAt5(), ours.ndcg10(), ours.mrr(),
                ours.hitAt1(), ours.hitAt5(), String.join("\n  ", ours.misses()));
        System.out.println(table);
        assertTrue(ours.ndcg10() > plain.ndcg10(), table);
        assertTrue(ours.mrr() > plain.mrr(), table);
        assertTrue(ours.hitAt5() >= 0.7, "expected the right entry in the top 5 for most queries\n" + table);
    }
}
