package dev.recall.index;

import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a session into passages: one user turn with everything the assistant and its tools answered, until the next
 * user message. A turn is the unit people remember ("the time I asked how to ...") and the unit an answer is found
 * in, so a question and its answer match together. Long tool output is trimmed to its head and tail (a build log's
 * first lines name the command, its last lines the verdict; the middle is rarely what anyone searches for). A turn
 * longer than the cap continues in further passages that overlap the previous one and restate the question, so a
 * sentence cut at a boundary is whole in one of them and every part can be found by what was asked.
 */
public final class PassageCutter {
    /** About 400 tokens of English: within the bundled model's window, and a readable amount for one hit. */
    public static final int MAX_CHARS = 1600;
    /** Carried from the end of one part of a turn into the next. */
    public static final int OVERLAP_CHARS = 200;
    /** Tool output kept: this much of its head and a third of it from its tail. */
    public static final int TOOL_OUTPUT_CHARS = 600;
    /** The question restated at the start of a continuation. */
    static final int QUESTION_CHARS = 200;
    /** Bump when the cutting changes: the passage index's format and the session vectors' template include it. */
    public static final int VERSION = 1;

    private final int maxChars;
    private final int overlapChars;

    public PassageCutter() {
        this(MAX_CHARS, OVERLAP_CHARS);
    }

    PassageCutter(int maxChars, int overlapChars) {
        if (overlapChars * 2 >= maxChars) {
            throw new IllegalArgumentException("overlap must be under half the cap");
        }
        this.maxChars = maxChars;
        this.overlapChars = overlapChars;
    }

    /** The passages of one session's messages, given in ordinal order. */
    public List<Passage> cut(String sessionId, List<Message> messages) {
        List<Passage> out = new ArrayList<>();
        List<Message> turn = new ArrayList<>();
        for (Message m : messages) {
            if (m.role().equals("system")) {
                continue; // harness boilerplate, not conversation
            }
            if (m.role().equals("user") && !turn.isEmpty()) {
                cutTurn(sessionId, turn, out);
                turn.clear();
            }
            turn.add(m);
        }
        if (!turn.isEmpty()) {
            cutTurn(sessionId, turn, out);
        }
        return out;
    }

    private record Segment(int ordinal, String text) {}

    private void cutTurn(String sessionId, List<Message> turn, List<Passage> out) {
        List<Segment> segments = new ArrayList<>();
        for (Message m : turn) {
            String text = render(m);
            if (!text.isBlank()) {
                segments.add(new Segment(m.ordinal(), text));
            }
        }
        if (segments.isEmpty()) {
            return;
        }
        Message first = turn.getFirst();
        String question = first.role().equals("user") ? clip(first.text().strip(), Math.min(QUESTION_CHARS, overlapChars)) : null;
        StringBuilder text = new StringBuilder();
        int start = segments.getFirst().ordinal();
        int end = start;
        for (Segment s : segments) {
            String rest = s.text();
            while (!rest.isEmpty()) {
                String sep = text.isEmpty() ? "" : "\n";
                int room = maxChars - text.length() - sep.length();
                if (rest.length() <= room) {
                    text.append(sep).append(rest);
                    end = s.ordinal();
                    rest = "";
                } else if (room >= overlapChars) {
                    int cut = breakBefore(rest, room);
                    text.append(sep).append(rest, 0, cut);
                    end = s.ordinal();
                    rest = rest.substring(cut).stripLeading();
                } else {
                    // Full: close this part and start the next with the question and the tail of this one.
                    out.add(new Passage(sessionId, out.size(), start, end, text.toString()));
                    String tail = tailOf(text);
                    text.setLength(0);
                    start = end;
                    if (question != null && start != first.ordinal()) {
                        text.append(question).append('\n');
                        start = first.ordinal();
                    }
                    text.append(tail);
                }
            }
        }
        out.add(new Passage(sessionId, out.size(), start, end, text.toString()));
    }

    /** The end of a passage carried into the next, starting at a word. */
    private String tailOf(CharSequence text) {
        int from = Math.max(0, text.length() - overlapChars);
        int space = indexOfSpace(text, from);
        return (space < 0 || space >= text.length() - 1 ? text.subSequence(from, text.length())
                : text.subSequence(space + 1, text.length())).toString();
    }

    private static int indexOfSpace(CharSequence text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Where to cut {@code text} to fit {@code room}: after the last whitespace that fits, else hard at room. */
    private static int breakBefore(String text, int room) {
        for (int i = room; i > room / 2; i--) {
            if (Character.isWhitespace(text.charAt(i - 1))) {
                return i;
            }
        }
        return room;
    }

    /** One message as a passage shows it: the role, the tool and its input, then the (trimmed) text. */
    static String render(Message m) {
        String text = m.text() == null ? "" : m.text().strip();
        if (m.role().equals("tool")) {
            String head = "tool " + (m.toolName() == null ? "" : m.toolName())
                    + (m.toolInput() == null || m.toolInput().isBlank() ? "" : " " + clip(m.toolInput().strip(), 300));
            return text.isEmpty() ? head : head + ": " + trimOutput(text);
        }
        if (text.isEmpty() && m.toolName() != null) {
            return m.role() + " called " + m.toolName()
                    + (m.toolInput() == null ? "" : " " + clip(m.toolInput().strip(), 300));
        }
        return text.isEmpty() ? "" : m.role() + ": " + text;
    }

    static String trimOutput(String output) {
        if (output.length() <= TOOL_OUTPUT_CHARS + TOOL_OUTPUT_CHARS / 3) {
            return output;
        }
        int tail = TOOL_OUTPUT_CHARS / 3;
        return output.substring(0, TOOL_OUTPUT_CHARS) + "\n[... " + (output.length() - TOOL_OUTPUT_CHARS - tail)
                + " characters of output trimmed ...]\n" + output.substring(output.length() - tail);
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "...";
    }
}
