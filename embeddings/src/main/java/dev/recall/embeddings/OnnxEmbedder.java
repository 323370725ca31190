package dev.recall.embeddings;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A BERT-style sentence-embedding model run by ONNX Runtime, tokenised by the Hugging Face
 * tokenizer through DJL. Subclasses only say which model.
 */
abstract class OnnxEmbedder implements Embedder {

    private static final String INPUT_IDS = "input_ids";
    private static final String ATTENTION_MASK = "attention_mask";
    private static final String TOKEN_TYPE_IDS = "token_type_ids";
    private static final Set<String> KNOWN_INPUTS = Set.of(INPUT_IDS, ATTENTION_MASK, TOKEN_TYPE_IDS);
    /** Per-token outputs, pooled by us; tried first, in this order. */
    private static final List<String> TOKEN_OUTPUTS = List.of("last_hidden_state", "token_embeddings");
    /**
     * The {@link EmbedderIdentity#recipeVersion()} of {@link #embedDocuments}: 1 was batches of 8 padded to their
     * longest text, 2 is one unpadded text per inference. Bump it with any change that moves a text's vector.
     */
    static final int RECIPE_VERSION = 2;

    private final OnnxModel model;
    private final EmbedderIdentity identity;
    private final int parallelism;
    private final OrtEnvironment environment;
    private final HuggingFaceTokenizer tokenizer;
    /**
     * Every inference, a query's and each document's, runs on its calling thread alone (one intra-op thread); documents
     * run {@link #parallelism} at a time on it. A query split over two intra-op threads handed work to the second
     * about 80 times per inference: on a quiet 2-core machine that took 9.7 ms and 16 ms of CPU where one thread
     * took 6.1 ms and 7 ms, and beside a hybrid query's lexical leg the hand-overs waited for a core
     * (docs/benchmarks.md, issue 14, hyb11).
     */
    private final OrtSession session;
    private final boolean wantsTokenTypes;
    private final String outputName;
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * Held (shared) by every run, exclusively by close: freeing the session or the tokenizer under a run in native
     * code crashed the JVM (SIGSEGV in libonnxruntime), which a daemon stopping or {@code recall mcp} ending while a
     * hybrid query runs would do. Runs share it: an ONNX session and the tokenizer take concurrent calls.
     */
    private final ReentrantReadWriteLock inUse = new ReentrantReadWriteLock();

    /**
     * @param runtime prepared here, after the subclass has checked its files, so that a config
     *     error changes nothing JVM-wide
     */
    OnnxEmbedder(OnnxModel model, EmbeddingConfig config, NativeRuntime runtime) {
        runtime.prepare();
        this.model = model;
        this.parallelism = config.threads() > 0 ? config.threads() : Runtime.getRuntime().availableProcessors();
        this.environment = onnxRuntime();
        this.tokenizer = loadTokenizer(model);
        OrtSession opened = null;
        try {
            opened = openSession(model);
            Set<String> inputs = opened.getInputNames();
            for (String input : inputs) {
                if (!KNOWN_INPUTS.contains(input)) {
                    throw new EmbeddingException("model " + model.modelFile() + " wants input '"
                            + input + "'; only " + KNOWN_INPUTS + " can be fed");
                }
            }
            if (!inputs.contains(INPUT_IDS) || !inputs.contains(ATTENTION_MASK)) {
                throw new EmbeddingException("model " + model.modelFile() + " has inputs "
                        + inputs + "; a sentence-embedding model needs " + INPUT_IDS + " and "
                        + ATTENTION_MASK);
            }
            this.wantsTokenTypes = inputs.contains(TOKEN_TYPE_IDS);
            this.outputName = chooseOutput(opened, model);
            this.session = opened;
            int dimensions = declaredDimensions(opened.getOutputInfo().get(outputName));
            if (dimensions <= 0) {
                // The export left the width symbolic: one tiny inference tells.
                dimensions = embedOne("dimension probe").length;
            }
            if (config.dimensions() != 0 && config.dimensions() != dimensions) {
                throw new EmbeddingException("model " + model.modelId() + " produces "
                        + dimensions + "-dimensional vectors, but the config expects "
                        + config.dimensions());
            }
            this.identity = new EmbedderIdentity(model.modelId(), model.modelDigest(), dimensions,
                    model.pooling(), model.maxTokens(), model.queryPrefix(), RECIPE_VERSION);
        } catch (OrtException e) {
            closeQuietly(opened);
            tokenizer.close();
            throw new EmbeddingException("cannot load ONNX model " + model.modelFile() + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(opened);
            tokenizer.close();
            throw e;
        }
    }

    @Override
    public EmbedderIdentity identity() {
        return identity;
    }

    @Override
    public int dimensions() {
        return identity.dimensions();
    }

    @Override
    public float[] embedQuery(String query) {
        if (query == null) {
            throw new EmbeddingException("cannot embed a null query");
        }
        String prefix = model.queryPrefix();
        return embedOne(prefix == null ? query : prefix + query);
    }

    /**
     * Embeds each document alone, in its own single-threaded inference, the documents shared out over
     * {@code threads} parallel workers, longest first (so that the workers finish together and ONNX Runtime's arena
     * grows once). One text per inference is both the fastest per token on CPU (docs/benchmarks.md, "Embedding
     * throughput") and the only grouping that does not change vectors: the bundled models are dynamically
     * quantised, scaling each matrix product's int8 inputs by the whole batch's range, so a text batched with
     * others (padding included) got a vector that depended on its neighbours. The vectors come back in input order.
     */
    @Override
    public List<float[]> embedDocuments(List<String> documents) {
        for (int i = 0; i < documents.size(); i++) {
            if (documents.get(i) == null) {
                throw new EmbeddingException("cannot embed document " + i + ": it is null");
            }
        }
        if (documents.isEmpty()) {
            return List.of();
        }
        Encoding[] encodings = tokenize(documents);
        Integer[] order = new Integer[encodings.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingInt((Integer i) -> encodings[i].getIds().length).reversed());
        float[][] vectors = new float[documents.size()][];
        runInParallel(order.length, k -> vectors[order[k]] = embedEncoded(encodings[order[k]]));
        return List.of(vectors);
    }

    @Override
    public void close() {
        inUse.writeLock().lock();
        try {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            try {
                session.close();
            } catch (OrtException e) {
                throw new EmbeddingException("cannot close ONNX session of model " + model.modelId()
                        + ": " + e.getMessage(), e);
            } finally {
                tokenizer.close();
            }
        } finally {
            inUse.writeLock().unlock();
        }
    }

    private float[] embedOne(String text) {
        inUse.readLock().lock();
        try {
            requireOpen();
            return run(tokenizer.encode(text));
        } finally {
            inUse.readLock().unlock();
        }
    }

    private Encoding[] tokenize(List<String> texts) {
        inUse.readLock().lock();
        try {
            requireOpen();
            return tokenizer.batchEncode(texts);
        } finally {
            inUse.readLock().unlock();
        }
    }

    private float[] embedEncoded(Encoding encoding) {
        inUse.readLock().lock();
        try {
            requireOpen();
            return run(encoding);
        } finally {
            inUse.readLock().unlock();
        }
    }

    private void requireOpen() {
        if (closed.get()) {
            throw new EmbeddingException("embedder for model " + model.modelId() + " is closed");
        }
    }

    /**
     * Runs {@code tasks} tasks on up to {@link #parallelism} threads (the caller's among them), each thread taking
     * the next task as it finishes one; the first failure stops the others from starting new tasks and is thrown.
     */
    private void runInParallel(int tasks, IntConsumer task) {
        int workers = Math.min(parallelism, tasks);
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Runnable worker = () -> {
            int t;
            while (failure.get() == null && (t = next.getAndIncrement()) < tasks) {
                try {
                    task.accept(t);
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                }
            }
        };
        List<Thread> helpers = new ArrayList<>(workers - 1);
        for (int i = 1; i < workers; i++) {
            helpers.add(Thread.ofPlatform().daemon().name("recall-embed-" + i).start(worker));
        }
        worker.run();
        for (Thread helper : helpers) {
            try {
                helper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.compareAndSet(null, new EmbeddingException("interrupted while embedding"));
                break;
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    /**
     * Runs and pools one tokenised text: a batch of one row, so no padding. That is also what lets a bundled model
     * run its fused graph ({@link FusedEncoderGraph}), whose attention has no mask.
     */
    private float[] run(Encoding encoding) {
        long[] ids = encoding.getIds();
        long[] mask = encoding.getAttentionMask();
        long[] types = encoding.getTypeIds();
        int seqLen = ids.length;
        long[] shape = {1, seqLen};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put(INPUT_IDS, OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
            inputs.put(ATTENTION_MASK,
                    OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
            if (wantsTokenTypes) {
                inputs.put(TOKEN_TYPE_IDS,
                        OnnxTensor.createTensor(environment, LongBuffer.wrap(types), shape));
            }
            try (OrtSession.Result result = session.run(inputs, Set.of(outputName))) {
                OnnxTensor output = (OnnxTensor) result.get(0);
                return pool(output, mask, seqLen);
            }
        } catch (OrtException e) {
            throw new EmbeddingException("ONNX inference failed for model " + model.modelId()
                    + ": " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    private float[] pool(OnnxTensor output, long[] mask, int seqLen) {
        long[] shape = output.getInfo().getShape();
        FloatBuffer values = output.getFloatBuffer();
        float[] vector;
        if (shape.length == 3) {
            vector = TokenPooling.pool(model.pooling(), values, mask, 0, seqLen, (int) shape[2]);
        } else if (shape.length == 2) {
            // The model pools itself (a sentence_embedding output).
            vector = new float[(int) shape[1]];
            values.get(0, vector);
        } else {
            throw new EmbeddingException("model " + model.modelId() + " output '" + outputName
                    + "' has shape " + Arrays.toString(shape)
                    + "; expected [batch, tokens, dim] or [batch, dim]");
        }
        return Vectors.normalise(vector, "model " + model.modelId() + " output");
    }

    private static OrtEnvironment onnxRuntime() {
        try {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            environment.setTelemetry(false); // Windows' ETW events; elsewhere NativeRuntime switched it off
            return environment;
        } catch (OrtException | RuntimeException | LinkageError e) {
            throw new EmbeddingException("cannot load the ONNX Runtime native library (from "
                    + System.getProperty(NativeRuntime.ORT_NATIVE_PATH, "its jar") + "): " + e, e);
        }
    }

    private static HuggingFaceTokenizer loadTokenizer(OnnxModel model) {
        String limit = Integer.toString(model.maxTokens());
        // Truncation and padding are set here, not taken from tokenizer.json: some exports
        // (all-MiniLM-L6-v2's) pad every text to a fixed 128 tokens and truncate there. No padding at all:
        // every text runs alone (run()), as long as it is.
        Map<String, String> options = Map.of(
                "addSpecialTokens", "true",
                "truncation", "true",
                "padding", "false",
                "maxLength", limit,
                "modelMaxLength", limit);
        try (InputStream json = model.tokenizerJson().open()) {
            if (json == null) {
                throw new EmbeddingException("tokenizer not found: " + model.tokenizerOrigin());
            }
            return HuggingFaceTokenizer.newInstance(json, options);
        } catch (IOException | RuntimeException e) {
            if (e instanceof EmbeddingException embedding) {
                throw embedding;
            }
            throw new EmbeddingException("cannot load tokenizer " + model.tokenizerOrigin() + ": "
                    + e.getMessage(), e);
        }
    }

    private OrtSession openSession(OnnxModel model) throws OrtException {
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            // Each inference on the calling thread alone (ONNX Runtime starts no thread pool at all); embedDocuments
            // runs several at once instead: on the one-text inferences that are cheapest per token (see
            // embedDocuments), intra-op threads cut every operator into pieces too small to pay for the hand-over
            // between threads, while whole texts in parallel keep every core busy. A query is faster alone too (see
            // session).
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            return environment.createSession(model.modelFile().toString(), options);
        }
    }

    private static String chooseOutput(OrtSession session, OnnxModel model) throws OrtException {
        Map<String, NodeInfo> outputs = session.getOutputInfo();
        for (String name : TOKEN_OUTPUTS) {
            if (outputs.containsKey(name)) {
                return name;
            }
        }
        if (outputs.containsKey("sentence_embedding")) {
            return "sentence_embedding";
        }
        if (outputs.isEmpty()) {
            throw new EmbeddingException("model " + model.modelFile() + " declares no outputs");
        }
        return outputs.keySet().iterator().next();
    }

    private static int declaredDimensions(NodeInfo output) {
        if (output.getInfo() instanceof TensorInfo tensor) {
            long[] shape = tensor.getShape();
            if (shape.length >= 2 && shape[shape.length - 1] > 0) {
                return (int) shape[shape.length - 1];
            }
        }
        return -1;
    }

    /** Only on a failed open, where the original error is the one worth reporting. */
    private static void closeQuietly(OrtSession session) {
        if (session == null) {
            return;
        }
        try {
            session.close();
        } catch (OrtException | RuntimeException ignored) {
            // The open already failed; that error is thrown instead.
        }
    }
}
