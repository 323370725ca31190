package dev.recall.bench;

import dev.recall.store.RecallException;
import java.util.Locale;

/** Where the document vectors of a tier come from. */
public enum VectorSource {
    /** The bundled bge-small model: realistic vectors, about 10 to 60 documents a second on two cores. */
    MODEL,
    /** {@link HashEmbedder}: cheap deterministic vectors, so large tiers finish in minutes. */
    HASH,
    /**
     * {@link SentenceMeanEmbedder}: each entry the mean of the model's vectors of the corpus sentences it is cut
     * from; the model embeds each distinct sentence once (cached in the work dir), whatever the tier's size.
     */
    SENTENCES,
    /**
     * The {@link #SENTENCES} vectors stamped with the bundled model's own identity: they are means of its vectors,
     * so they live in its space, and the daemon and {@code recall query --mode hybrid}, which embed queries with the
     * model, use them instead of refusing them as another model's. For latency through the product's surfaces; the
     * documents were not embedded by the model, so the generation's claim to be the model's is only approximately
     * true and quality figures belong to {@link #MODEL}.
     */
    SENTENCES_AS_MODEL,
    /** The model up to {@link #AUTO_MODEL_LIMIT} entries, sentence vectors above. */
    AUTO;

    /** Above this many entries the model would take longer than the rest of the tier. */
    public static final int AUTO_MODEL_LIMIT = 10_000;

    /** The concrete source for a tier of {@code entries} entries. */
    public VectorSource forTier(int entries) {
        return this == AUTO ? (entries <= AUTO_MODEL_LIMIT ? MODEL : SENTENCES) : this;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether the tier's generation carries the model's identity, so the product's query paths accept it. */
    public boolean stampedAsModel() {
        return this == MODEL || this == SENTENCES_AS_MODEL;
    }

    public static VectorSource parse(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "model" -> MODEL;
            case "hash" -> HASH;
            case "sentences" -> SENTENCES;
            case "sentences-as-model" -> SENTENCES_AS_MODEL;
            case "auto" -> AUTO;
            default -> throw RecallException.unknownValue("vectors", name, java.util.Arrays.stream(values())
                    .map(VectorSource::label).toList());
        };
    }
}
