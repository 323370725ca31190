package dev.recall.eval;

import java.nio.file.Path;
import java.util.Map;

/**
 * The vector side of an evaluation run.
 *
 * @param fingerprint the model's document-side fingerprint, which keys the embedding cache
 * @param cached whether the document vectors came from the cache
 * @param embedSeconds time spent embedding the documents (0 when cached)
 * @param docsPerSecond embedding throughput (0 when cached)
 * @param candidates neighbours the product's vector leg asks HNSW for
 * @param hnswRecall10 share of the exact top 10 that HNSW's top 10 (of {@code candidates}) holds
 * @param hnswRecall10AtK10 the same with HNSW asked for only 10
 * @param indexBytes the vector generation's index on disk
 * @param indexFiles bytes per index file extension
 * @param queryEmbedMillisP50 median time to embed one query
 */
public record VectorReport(String model, String fingerprint, boolean cached, Path cacheFile, double embedSeconds,
                           double docsPerSecond, int candidates, double hnswRecall10, double hnswRecall10AtK10,
                           long indexBytes, Map<String, Long> indexFiles, int queriesEmbedded,
                           double queryEmbedMillisP50) {}
