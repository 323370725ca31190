package dev.recall.store;

/** A vector generation's lifecycle: building, then active (at most one per store), then retired. */
public enum GenerationState {
    BUILDING,
    ACTIVE,
    RETIRED;

    public String label() {
        return name().toLowerCase();
    }

    static GenerationState parse(String label) {
        return valueOf(label.toUpperCase());
    }
}
