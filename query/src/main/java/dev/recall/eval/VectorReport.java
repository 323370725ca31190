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
 * @param candidates neighbours asked of the vector search per query
 * @param hnswRecall10 share of the exact top 10 that HNSW's top 10 (of {@code candidates}) holds; NaN for exact
 * @param hnswRecall10AtK10 the same with HNSW asked for only 10; NaN for exact
 * @param indexBytes the HNSW index on disk (0 for exact)
 * @param indexFiles bytes per index file extension
 * @param queryEmbedMillisP50 median time to embed one query
 * @param searchMillisP50 median time of one vector search (without the embedding)
 */
public record VectorReport(String model, String fingerprint, boolean cached, Path cacheFile, double embedSeconds,
                           double docsPerSecond, int candidates, double hnswRecall10, double hnswRecall10AtK10,
                           long indexBytes, Map<String, Long> indexFiles, int queriesEmbedded,
                           double queryEmbedMillisP50, double searchMillisP50) {}
