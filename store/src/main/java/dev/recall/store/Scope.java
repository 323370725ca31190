package dev.recall.store;

/** How far an entry applies. */
public enum Scope implements Labelled {
    GLOBAL("global"),
    PROJECT("project"),
    REPOSITORY("repository"),
    BRANCH("branch"),
    FILE("file"),
    TOOL("tool"),
    AGENT("agent");

    private final String label;

    Scope(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Parses the label given for the request field {@code scope}; an unknown one names the allowed values. */
    public static Scope parse(String label) {
        return Labelled.parse(Scope.class, "scope", label);
    }
}
