package dev.recall.bench;

import java.util.List;
import java.util.Map;

/**
 * Everything measured for one corpus size, in one process and one run.
 *
 * @param vectors where the document vectors came from: "model", "hash" or "sentences"
 * @param ratios p50 of ours divided by p50 of the baseline (below 1 is faster), keyed by comparison
 * @param cpu CPU time of the work measured that way (with another backend: its publish and its queries beside the
 *     embedded backend's); empty otherwise
 */
public record TierResult(int entries, String vectors, List<BuildStep> builds, EmbeddingRun embedding,
        List<QueryRow> queries, Map<String, Double> ratios, List<ColdStartResult> coldStarts, MemoryUse memory,
        List<String> notes, List<CpuCost> cpu) {

    public QueryRow query(String key) {
        return queries.stream().filter(q -> q.key().equals(key)).findFirst().orElse(null);
    }

    public BuildStep build(String key) {
        return builds.stream().filter(b -> b.key().equals(key)).findFirst().orElse(null);
    }
}
