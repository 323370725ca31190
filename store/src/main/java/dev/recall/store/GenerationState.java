package dev.recall.store;

/** A vector generation's lifecycle: building, then active (at most one per store), then retired. */
public enum GenerationState implements Labelled {
    BUILDING,
    ACTIVE,
    RETIRED;

    @Override
    public String label() {
        return name().toLowerCase();
    }

    /** A state read back from the store (a CHECK constraint admits only these). */
    static GenerationState stored(String label) {
        return Labelled.stored(GenerationState.class, "state", label);
    }
}
