package dev.recall.search;

import dev.recall.store.Labelled;

/** Which retrieval legs answer a query. */
public enum SearchMode implements Labelled {
    LEXICAL,
    VECTOR,
    HYBRID;

    @Override
    public String label() {
        return name().toLowerCase();
    }

    public static SearchMode parse(String s) {
        return Labelled.parseTyped(SearchMode.class, "mode", s);
    }
}
