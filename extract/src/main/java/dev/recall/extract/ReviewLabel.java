package dev.recall.extract;

import dev.recall.store.Labelled;

/** A reviewer's verdict on a candidate entry. Every label but reject keeps the entry served. */
public enum ReviewLabel implements Labelled {
    CORRECT("correct"),
    USEFUL_BUT_UNCERTAIN("useful_but_uncertain"),
    GENUINE_TRADEOFF("genuine_tradeoff"),
    REJECT("reject");

    private final String label;

    ReviewLabel(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    public static ReviewLabel parse(String label) {
        return Labelled.parse(ReviewLabel.class, "label", label);
    }

    /** What the entry's uncertainty says when the reviewer wrote none. */
    String defaultUncertainty() {
        return switch (this) {
            case USEFUL_BUT_UNCERTAIN -> "reviewer: useful but uncertain";
            case GENUINE_TRADEOFF -> "reviewer: a genuine tradeoff; weigh it against the alternatives";
            default -> null;
        };
    }
}
