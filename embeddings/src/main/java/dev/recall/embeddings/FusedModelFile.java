package dev.recall.embeddings;

/**
 * A bundled model's graph after {@link FusedEncoderGraph}, the file ONNX Runtime actually loads. The rewrite is
 * deterministic, so its digest and size are pinned like the original's: the digest is the model digest of the
 * vector-generation fingerprint, and a rewrite that changes would be caught before it reused older vectors.
 */
record FusedModelFile(BundledModelFile original, String sha256, long size) {}
