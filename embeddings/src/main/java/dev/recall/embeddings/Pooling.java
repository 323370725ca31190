package dev.recall.embeddings;

/** How per-token hidden states become one sentence vector. */
public enum Pooling {
    /** The hidden state of the first ([CLS]) token: what bge models are trained for. */
    CLS,
    /** The attention-masked mean over all tokens: what sentence-transformers MiniLM uses. */
    MEAN
}
