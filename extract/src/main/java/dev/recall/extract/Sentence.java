package dev.recall.extract;

import dev.recall.sessions.Sentences;
import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * A sentence of prose in a message: its message ordinal, role, position and its exact text (a substring of the
 * message, so it can serve as an evidence snippet).
 */
record Sentence(int ordinal, String role, int index, int start, String text) {

    /** The sentences of a message's prose, cut by the one splitter recall has ({@link Sentences}). */
    static List<Sentence> of(Message m) {
        List<Sentence> out = new ArrayList<>();
        for (Sentences.Span s : Sentences.spans(m.text())) {
            out.add(new Sentence(m.ordinal(), m.role(), out.size(), s.start(), s.of(m.text())));
        }
        return out;
    }

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
