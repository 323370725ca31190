package dev.recall.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * The part of a text to show for a hit: the window of about {@link #WIDTH} characters that holds the most query terms.
 * Matching uses the index's own analysis, so "tests" marks "testing" exactly when BM25 matched it, and the words shown
 * are the text's own, never the stems.
 */
public final class Snippets {
    static final int WIDTH = 240;
    static final String OPEN = "[";
    static final String CLOSE = "]";

    private Snippets() {}

    private record Span(int start, int end) {}

    /**
     * The window of {@code text} holding the most words of {@code query}, matched as the entries' index analyses
     * them (identifiers whole and split, stems), each marked {@code [like this]}.
     */
    public static String of(dev.recall.index.analysis.AnalyzerKind analysis, String text, String query) {
        try (Analyzer a = analysis.newIndexAnalyzer()) {
            return of(a, text, dev.recall.index.BagOfWords.terms(a, query).keySet());
        }
    }

    /** A passage's snippet, each match marked {@code [like this]}. */
    static String of(Analyzer analyzer, String text, Set<String> terms) {
        return window(analyzer, text, terms, WIDTH).marked(OPEN, CLOSE);
    }

    /** The window of about {@code width} characters of {@code text} holding the most of the analysed {@code terms}. */
    public static Snippet window(Analyzer analyzer, String text, Set<String> terms, int width) {
        List<Span> matches = matches(analyzer, text, terms);
        int from = 0;
        int best = -1;
        for (int i = 0; i < matches.size(); i++) {
            int count = 0;
            for (int j = i; j < matches.size() && matches.get(j).end() - matches.get(i).start() <= width; j++) {
                count++;
            }
            if (count > best) {
                best = count;
                from = Math.max(0, matches.get(i).start() - width / 6);
            }
        }
        int to = Math.min(text.length(), from + width);
        from = Math.max(0, Math.min(from, to - width));
        from = wordStart(text, from);
        // the window's pieces, each a match or not, then whitespace collapsed with the marks kept in place
        StringBuilder b = new StringBuilder();
        List<Snippet.Mark> marks = new ArrayList<>();
        boolean[] space = {false};
        append(b, from > 0 ? "..." : "", space);
        int at = from;
        for (Span s : matches) {
            if (s.start() < from || s.end() > to) {
                continue;
            }
            append(b, text.substring(at, s.start()), space);
            int start = b.length();
            append(b, text.substring(s.start(), s.end()), space);
            marks.add(new Snippet.Mark(start, b.length()));
            at = s.end();
        }
        append(b, text.substring(at, to), space);
        if (to < text.length()) {
            append(b, "...", space);
        }
        int lead = b.length() > 0 && b.charAt(0) == ' ' ? 1 : 0;
        String window = b.toString().substring(lead).stripTrailing();
        return new Snippet(window, marks.stream().map(m -> new Snippet.Mark(m.start() - lead, m.end() - lead)).toList());
    }

    /**
     * The words of {@code query} as typed whose analysis is among {@code terms} (matched terms as Lucene reports them,
     * stemmed), in the query's order: what the user sees as "matched".
     */
    public static List<String> typed(Analyzer analyzer, String query, Collection<String> terms) {
        Set<String> out = new LinkedHashSet<>();
        if (terms.isEmpty()) {
            return List.of();
        }
        Set<String> wanted = Set.copyOf(terms);
        try (TokenStream ts = analyzer.tokenStream("", query)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                if (wanted.contains(term.toString())) {
                    out.add(query.substring(offset.startOffset(), offset.endOffset()));
                }
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException("reading the query's words", e);
        }
        return List.copyOf(out);
    }

    private static void append(StringBuilder b, String piece, boolean[] space) {
        for (int i = 0; i < piece.length(); i++) {
            char c = piece.charAt(i);
            if (Character.isWhitespace(c)) {
                if (!space[0]) {
                    b.append(' ');
                    space[0] = true;
                }
            } else {
                b.append(c);
                space[0] = false;
            }
        }
    }
    private static int wordStart(String text, int from) {
        if (from == 0) {
            return 0;
        }
        for (int i = from; i < Math.min(text.length(), from + 20); i++) {
            if (Character.isWhitespace(text.charAt(i - 1))) {
                return i;
            }
        }
        return from;
    }

    private static List<Span> matches(Analyzer analyzer, String text, Set<String> terms) {
        List<Span> out = new ArrayList<>();
        if (terms.isEmpty()) {
            return out;
        }
        try (TokenStream ts = analyzer.tokenStream("", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            int lastEnd = -1;
            while (ts.incrementToken()) {
                if (terms.contains(term.toString()) && offset.startOffset() >= lastEnd) {
                    out.add(new Span(offset.startOffset(), offset.endOffset()));
                    lastEnd = offset.endOffset();
                }
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException("marking a snippet", e);
        }
        return out;
    }
}
