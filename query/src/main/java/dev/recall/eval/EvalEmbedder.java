package dev.recall.eval;

import dev.recall.embeddings.Embedder;
import dev.recall.embeddings.EmbedderIdentity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The model as the evaluation hands it to the product: document texts the collection cache already embedded are
 * answered from it (a vector build of the collection then costs no model time), anything else goes to the model.
 * Queries are embedded once per distinct text and timed: a run searches the same topics more than once.
 * The identity is the model's, so the product's freshness checks see the model's fingerprint.
 */
final class EvalEmbedder implements Embedder {
    private final Embedder model;
    private final Map<String, float[]> documents;
    private final Map<String, float[]> queries = new HashMap<>();
    private final Latencies latencies = new Latencies();

    EvalEmbedder(Embedder model, Map<String, float[]> documents) {
        this.model = model;
        this.documents = documents;
    }

    @Override
    public EmbedderIdentity identity() {
        return model.identity();
    }

    @Override
    public int dimensions() {
        return model.dimensions();
    }

    @Override
    public synchronized float[] embedQuery(String query) {
        float[] vector = queries.get(query);
        if (vector == null) {
            long started = System.nanoTime();
            vector = model.embedQuery(query);
            latencies.add(System.nanoTime() - started);
            queries.put(query, vector);
        }
        return vector;
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        List<String> missing = new ArrayList<>();
        for (String t : texts) {
            if (!documents.containsKey(t)) {
                missing.add(t);
            }
        }
        Map<String, float[]> embedded = new HashMap<>();
        if (!missing.isEmpty()) {
            List<float[]> vectors = model.embedDocuments(missing);
            for (int i = 0; i < missing.size(); i++) {
                embedded.put(missing.get(i), vectors.get(i));
            }
        }
        for (String t : texts) {
            out.add(documents.containsKey(t) ? documents.get(t) : embedded.get(t));
        }
        return out;
    }

    /** One entry per query actually embedded (repeats are served from memory and not counted). */
    Latencies latencies() {
        return latencies;
    }

    /** The model belongs to the caller. */
    @Override
    public void close() {}
}
