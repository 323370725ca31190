package dev.recall.extract;

/**
 * A sentence of prose in a message: its message ordinal, role, position and its exact text (a substring of the
 * message, so it can serve as an evidence snippet).
 */
record Sentence(int ordinal, String role, int index, int start, String text) {

    boolean isQuestion() {
        return text.endsWith("?");
    }

    boolean fromUser() {
        return "user".equals(role);
    }

    String key() {
        return ordinal + ":" + start;
    }
}
