package dev.recall.store;

/** Lifecycle status; only accepted entries are searched and embedded. */
public enum EntryStatus implements Labelled {
    ACCEPTED("accepted"),
    ARCHIVED("archived");

    private final String label;

    EntryStatus(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Parses the label given for the request field {@code status}; an unknown one names the allowed values. */
    public static EntryStatus parse(String label) {
        return Labelled.parse(EntryStatus.class, "status", label);
    }
}
