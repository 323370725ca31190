package dev.recall.store;

/** What kind of knowledge an entry holds. */
public enum EntryType implements Labelled {
    FACT("fact"),
    DECISION("decision"),
    PROCEDURE("procedure"),
    DEBUGGING_METHOD("debugging_method"),
    WARNING("warning"),
    PREFERENCE("preference"),
    OPEN_QUESTION("open_question");

    private final String label;

    EntryType(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Parses the label given for the request field {@code type}; an unknown one names the allowed values. */
    public static EntryType parse(String label) {
        return Labelled.parse(EntryType.class, "type", label);
    }
}
