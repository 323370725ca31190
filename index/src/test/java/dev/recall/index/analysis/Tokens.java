package dev.recall.index.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;

/** What an analyzer emits, as plain values tests can compare. */
record Tokens(List<Token> tokens) {
    record Token(String term, int position, int positionLength, int start, int end) {}

    static Tokens of(Analyzer analyzer, String text) {
        List<Token> out = new ArrayList<>();
        try (TokenStream ts = analyzer.tokenStream("f", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
            PositionLengthAttribute len = ts.addAttribute(PositionLengthAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            int position = -1;
            while (ts.incrementToken()) {
                position += inc.getPositionIncrement();
                out.add(new Token(term.toString(), position, len.getPositionLength(), offset.startOffset(),
                        offset.endOffset()));
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Tokens(out);
    }

    static List<String> terms(Analyzer analyzer, String text) {
        return of(analyzer, text).tokens().stream().map(Token::term).toList();
    }
}
