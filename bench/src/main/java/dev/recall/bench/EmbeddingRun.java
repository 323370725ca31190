package dev.recall.bench;

/** Embedding a tier's documents: the source, how many and how fast. */
public record EmbeddingRun(String source, long documents, double seconds, double docsPerSecond) {}
