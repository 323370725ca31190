package dev.recall.index.analysis;

import java.io.IOException;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * Splits text into identifier-shaped tokens: runs of letters, digits and underscores, joined by the punctuation
 * that holds code names together ({@code . - / : ' ’ # @}) when it stands between two such runs. So
 * {@code ledger.v1.PostingService}, {@code internal/posting/balance.go}, {@code max-poll-records} and
 * {@code user@example.com} stay whole, while sentence punctuation ("balance.go." or "(see foo)") falls away.
 * A leading {@code -} or {@code --} directly before a letter is kept so command-line flags such as
 * {@code --dry-run} survive as typed. Splitting the whole token into its parts is left to the filters after.
 */
final class CodeTokenizer extends Tokenizer {
    /** Same cap as StandardTokenizer: longer runs (base64, minified code) are cut rather than indexed whole. */
    static final int MAX_TOKEN_LENGTH = 255;

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);

    // The whole input is buffered because deciding whether a joiner belongs to a token needs lookahead past it;
    // recall's documents (entries, messages) are small enough that this costs nothing measurable.
    private char[] text = new char[1024];
    private int length;
    private int position;

    @Override
    public boolean incrementToken() {
        clearAttributes();
        int start = findTokenStart(position);
        if (start < 0) {
            position = length;
            return false;
        }
        int end = findTokenEnd(start);
        position = end;
        term.copyBuffer(text, start, end - start);
        offset.setOffset(correctOffset(start), correctOffset(end));
        return true;
    }

    /** The index where the next token starts, or -1 when the rest of the text holds none. */
    private int findTokenStart(int from) {
        int i = from;
        while (i < length) {
            int cp = Character.codePointAt(text, i, length);
            if (isWordChar(cp)) {
                return i;
            }
            if (cp == '-') {
                int flagEnd = i + 1;
                if (flagEnd < length && text[flagEnd] == '-') {
                    flagEnd++;
                }
                if (flagEnd < length && Character.isLetter(Character.codePointAt(text, flagEnd, length))) {
                    return i;
                }
                // "---x" or "- x": skip the dashes together so the last one or two are not mistaken for a flag
                i = flagEnd;
                continue;
            }
            i += Character.charCount(cp);
        }
        return -1;
    }

    private int findTokenEnd(int start) {
        int i = start;
        while (i < length && text[i] == '-') {
            i++;
        }
        while (i < length && i - start < MAX_TOKEN_LENGTH) {
            int cp = Character.codePointAt(text, i, length);
            if (isWordChar(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            if (!isJoiner(cp)) {
                break;
            }
            int afterJoiners = i;
            while (afterJoiners < length && isJoiner(text[afterJoiners])) {
                afterJoiners++;
            }
            if (afterJoiners >= length || !isWordChar(Character.codePointAt(text, afterJoiners, length))) {
                break;
            }
            i = afterJoiners;
        }
        return Math.min(i, start + MAX_TOKEN_LENGTH);
    }

    static boolean isWordChar(int cp) {
        if (Character.isLetterOrDigit(cp) || cp == '_') {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    static boolean isJoiner(int cp) {
        return switch (cp) {
            case '.', '-', '/', ':', '\'', '\u2019', '#', '@' -> true;
            default -> false;
        };
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        length = 0;
        position = 0;
        int read;
        while ((read = input.read(text, length, text.length - length)) != -1) {
            length += read;
            if (length == text.length) {
                text = java.util.Arrays.copyOf(text, text.length * 2);
            }
        }
    }

    @Override
    public void end() throws IOException {
        super.end();
        int finalOffset = correctOffset(length);
        offset.setOffset(finalOffset, finalOffset);
    }

    @Override
    public void close() throws IOException {
        super.close();
        // a huge document must not pin its buffer for the life of the reused analyzer
        if (text.length > 64 * 1024) {
            text = new char[1024];
        }
        length = 0;
    }
}
