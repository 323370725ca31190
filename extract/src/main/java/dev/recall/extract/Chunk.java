package dev.recall.extract;

/** A run of consecutive messages rendered as the text an endpoint call carries (and preview shows). */
public record Chunk(int index, int firstOrdinal, int lastOrdinal, int messages, String text) {}
