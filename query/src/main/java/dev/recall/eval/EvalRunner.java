package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every judged topic of a collection through a retriever and averages the trec_eval measures. Topics
 * without a relevant judgment are left out of every average, as the published figures do; a judged topic for
 * which the retriever finds nothing counts as 0 (trec_eval's {@code -c}), so an empty answer is never free.
 */
public final class EvalRunner {
    /** The run depth of Anserini's published runs; MAP depends on it. */
    public static final int DEFAULT_DEPTH = 1000;

    private final int depth;

    public EvalRunner(int depth) {
        if (depth < 100) {
            // recall_100 needs at least 100 hits to mean what it says
            throw new IllegalArgumentException("depth must be at least 100, got " + depth);
        }
        this.depth = depth;
    }

    public EvalRunner() {
        this(DEFAULT_DEPTH);
    }

    public EvalResult run(TestCollection collection, Retriever retriever) throws IOException {
        Map<String, QueryMetrics> perQuery = new LinkedHashMap<>();
        double ndcg = 0;
        double map = 0;
        double p30 = 0;
        double recall = 0;
        List<Topic> topics = collection.judgedTopics();
        if (topics.isEmpty()) {
            throw new IllegalArgumentException(collection.name() + " has no topic with a relevant judgment");
        }
        for (Topic topic : topics) {
            List<RankedHit> run = retriever.retrieve(topic.text(), depth);
            QueryMetrics m = TrecMetrics.evaluate(collection.qrels().judgments(topic.id()), run);
            perQuery.put(topic.id(), m);
            ndcg += m.ndcgCut10();
            map += m.map();
            p30 += m.p30();
            recall += m.recall100();
        }
        int n = topics.size();
        return new EvalResult(ndcg / n, map / n, p30 / n, recall / n, n, perQuery);
    }
}
