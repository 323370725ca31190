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
    /** The model up to {@link #AUTO_MODEL_LIMIT} entries, sentence vectors above. */
    AUTO;

    /** Above this many entries the model would take longer than the rest of the tier. */
    public static final int AUTO_MODEL_LIMIT = 10_000;

    /** The concrete source for a tier of {@code entries} entries. */
    public VectorSource forTier(int entries) {
        return this == AUTO ? (entries <= AUTO_MODEL_LIMIT ? MODEL : SENTENCES) : this;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static VectorSource parse(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "model" -> MODEL;
            case "hash" -> HASH;
            case "sentences" -> SENTENCES;
            case "auto" -> AUTO;
            default -> throw RecallException.unknownValue("vectors", name, java.util.Arrays.stream(values())
                    .map(VectorSource::label).toList());
        };
    }
}
