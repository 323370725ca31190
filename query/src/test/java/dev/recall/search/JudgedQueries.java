package dev.recall.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.eval.TrecMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Judged queries from testdata (regression/*.jsonl, judged/queries.jsonl) and their measures per kind. */
record JudgedQueries(List<Query> queries) {
    record Query(String id, String kind, String text, List<String> relevant) {}

    /** Mean nDCG@10, hits@3 (a relevant entry in the top 3) and MRR over some queries. */
    record Measures(int queries, double ndcg10, double hitsAt3, double mrr) {}

    /** A JSONL file of judged queries, or every *.jsonl file of a directory. */
    static JudgedQueries read(Path fileOrDir, String fallbackKind) throws IOException {
        List<Query> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        List<Path> files;
        if (Files.isDirectory(fileOrDir)) {
            try (var list = Files.list(fileOrDir)) {
                files = list.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
            }
        } else {
            files = List.of(fileOrDir);
        }
        {
            for (Path f : files) {
                for (String line : Files.readAllLines(f)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode n = json.readTree(line);
                    List<String> rel = new ArrayList<>();
                    n.get("relevant").forEach(r -> rel.add(r.asText()));
                    out.add(new Query(n.get("id").asText(), n.path("kind").asText(fallbackKind),
                            n.get("query").asText(), rel));
                }
            }
        }
        return new JudgedQueries(out);
    }

    /** Measures per kind (in first-seen order), then "all". */
    Map<String, Measures> measure(Function<String, List<String>> ranker) {
        return aggregate(scores(ranker));
    }

    /** Each query's nDCG@10, hits@3 (0 or 1) and reciprocal rank, by query id in the set's order. */
    Map<String, double[]> scores(Function<String, List<String>> ranker) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (Query q : queries) {
            List<String> ranking = ranker.apply(q.text());
            Map<String, Integer> judgments = new HashMap<>();
            q.relevant().forEach(r -> judgments.put(r, 1));
            double ndcg = TrecMetrics.ndcgCut(ranking, judgments, 10);
            int first = -1;
            for (int i = 0; i < ranking.size(); i++) {
                if (judgments.containsKey(ranking.get(i))) {
                    first = i;
                    break;
                }
            }
            out.put(q.id(), new double[] {ndcg, first >= 0 && first < 3 ? 1 : 0, first >= 0 ? 1.0 / (first + 1) : 0});
        }
        return out;
    }

    /** {@link #scores} averaged per kind (in first-seen order), then over "all". */
    Map<String, Measures> aggregate(Map<String, double[]> scores) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (Query q : queries) {
            double[] m = scores.get(q.id());
            for (String kind : List.of(q.kind(), "all")) {
                double[] s = sums.computeIfAbsent(kind, k -> new double[4]);
                s[0]++;
                for (int i = 0; i < 3; i++) {
                    s[i + 1] += m[i];
                }
            }
        }
        Map<String, Measures> out = new LinkedHashMap<>();
        sums.forEach((kind, s) -> out.put(kind, new Measures((int) s[0], s[1] / s[0], s[2] / s[0], s[3] / s[0])));
        return out;
    }
}
