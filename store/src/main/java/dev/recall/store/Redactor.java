package dev.recall.store;

import java.util.List;

/**
 * Takes secrets out of text before the store writes it. The store cannot know the rules (the sessions module's
 * secret scanner does), so every import that writes transcript or entry text is handed one.
 */
@FunctionalInterface
public interface Redactor {
    Redaction apply(String text);

    /** The text with its secrets replaced by markers, and where each marker sits. */
    record Redaction(String text, List<Mark> marks) {}

    /** One redaction: the rule that found it, its confidence (definite, candidate) and the marker's span. */
    record Mark(String rule, String confidence, int start, int end) {}
}
