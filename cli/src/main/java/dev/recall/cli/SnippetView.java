package dev.recall.cli;

import dev.recall.search.Snippet;
import dev.recall.sessions.ControlCharacters;
import java.util.ArrayList;
import java.util.List;

/**
 * A hit's snippet for people: wrapped to at most two lines under the hit, the matched words in bold on a terminal and
 * unmarked elsewhere (a pipe or a file gets the words, not escape codes). Control characters are escaped first.
 */
final class SnippetView {
    static final int WIDTH = 96;
    static final int MAX_LINES = 2;
    private static final String BOLD = "\u001b[1m";
    private static final String RESET = "\u001b[0m";

    private SnippetView() {}

    private record Piece(String text, boolean mark) {}

    static List<String> lines(Snippet snippet, String indent, boolean highlight) {
        List<Piece> pieces = new ArrayList<>();
        int at = 0;
        for (Snippet.Mark m : snippet.marks()) {
            pieces.add(new Piece(snippet.text().substring(at, m.start()), false));
            pieces.add(new Piece(snippet.text().substring(m.start(), m.end()), true));
            at = m.end();
        }
        pieces.add(new Piece(snippet.text().substring(at), false));
        // words with their marks, then greedy wrapping
        List<List<Piece>> words = new ArrayList<>();
        List<Piece> word = new ArrayList<>();
        for (Piece p : pieces) {
            String t = ControlCharacters.escape(p.text());
            int start = 0;
            for (int i = 0; i <= t.length(); i++) {
                if (i == t.length() || t.charAt(i) == ' ') {
                    if (i > start) {
                        word.add(new Piece(t.substring(start, i), p.mark()));
                    }
                    if (i < t.length() && !word.isEmpty()) {
                        words.add(word);
                        word = new ArrayList<>();
                    }
                    start = i + 1;
                }
            }
        }
        if (!word.isEmpty()) {
            words.add(word);
        }
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder(indent);
        int length = indent.length();
        for (List<Piece> w : words) {
            int wl = w.stream().mapToInt(p -> p.text().length()).sum();
            if (length > indent.length() && length + 1 + wl > WIDTH) {
                if (out.size() == MAX_LINES - 1) {
                    line.append(" ...");
                    break;
                }
                out.add(line.toString());
                line = new StringBuilder(indent);
                length = indent.length();
            }
            if (length > indent.length()) {
                line.append(' ');
                length++;
            }
            for (Piece p : w) {
                line.append(p.mark() && highlight ? BOLD + p.text() + RESET : p.text());
            }
            length += wl;
        }
        if (length > indent.length()) {
            out.add(line.toString());
        }
        return out.size() > MAX_LINES ? out.subList(0, MAX_LINES) : out;
    }
}
