package dev.recall.store;

/** Who vouched for an entry; only human review makes it trustable. */
public enum ReviewState implements Labelled {
    HUMAN_REVIEWED("human_reviewed"),
    UNREVIEWED_AUTO("unreviewed_auto"),
    CALIBRATED_AUTO("calibrated_auto"),
    EVAL_RAW("eval_raw");

    private final String label;

    ReviewState(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Parses the label given for the request field {@code review_state}; an unknown one names the allowed values. */
    public static ReviewState parse(String label) {
        return Labelled.parse(ReviewState.class, "review_state", label);
    }
}
