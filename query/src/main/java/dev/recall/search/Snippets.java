package dev.recall.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * The part of a passage to show: the window of about {@link #WIDTH} characters that holds the most query terms, with
 * each match marked {@code [like this]}. Matching uses the index's own analysis, so "tests" marks "testing" exactly
 * when BM25 matched it.
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

    static String of(Analyzer analyzer, String text, Set<String> terms) {
        List<Span> matches = matches(analyzer, text, terms);
        int from = 0;
        int best = -1;
        for (int i = 0; i < matches.size(); i++) {
            int count = 0;
            for (int j = i; j < matches.size() && matches.get(j).end() - matches.get(i).start() <= WIDTH; j++) {
                count++;
            }
            if (count > best) {
                best = count;
                from = Math.max(0, matches.get(i).start() - WIDTH / 6);
            }
        }
        int to = Math.min(text.length(), from + WIDTH);
        from = Math.max(0, Math.min(from, to - WIDTH));
        from = wordStart(text, from);
        StringBuilder b = new StringBuilder(from > 0 ? "..." : "");
        int at = from;
        for (Span s : matches) {
            if (s.start() < from || s.end() > to) {
                continue;
            }
            b.append(text, at, s.start()).append(OPEN).append(text, s.start(), s.end()).append(CLOSE);
            at = s.end();
        }
        b.append(text, at, to);
        if (to < text.length()) {
            b.append("...");
        }
        return b.toString().replaceAll("\\s+", " ").strip();
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
