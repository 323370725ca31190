package dev.recall.index.analysis;

import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;

/**
 * Emits each identifier whole and then its parts: {@code ledger.v1.PostingService} gives the token itself
 * spanning {@code ledger v 1 Posting Service}. Parts are split at every character that is not a letter or digit,
 * between a lower-case and an upper-case letter ({@code fooBar}), between letters and digits ({@code v1},
 * {@code sha256}), and before the last capital of an acronym that starts a word ({@code XMLParser} →
 * {@code XML Parser}, {@code IOException} → {@code IO Exception}, but {@code URLs} stays whole).
 *
 * <p>WordDelimiterGraphFilter does the rest of this but never splits an acronym from the word after it, and Java
 * and C# names are full of those. The output is the same graph shape WordDelimiterGraphFilter makes with
 * PRESERVE_ORIGINAL: the whole token has a position length equal to its part count, the first part starts at
 * the same position. An index needs it flattened.
 */
final class IdentifierSplitFilter extends TokenFilter {
    private enum CharType { LOWER, UPPER, DIGIT, MARK, DELIMITER }

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private final PositionIncrementAttribute posInc = addAttribute(PositionIncrementAttribute.class);
    private final PositionLengthAttribute posLen = addAttribute(PositionLengthAttribute.class);

    private char[] whole = new char[64];
    private int wholeLength;
    private int wholeStartOffset;
    private int wholeEndOffset;
    private int[] partStarts = new int[8];
    private int[] partEnds = new int[8];
    private int partCount;
    private int nextPart;
    private State wholeState;

    IdentifierSplitFilter(TokenStream input) {
        super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
        if (nextPart < partCount) {
            emitPart(nextPart++);
            return true;
        }
        if (!input.incrementToken()) {
            return false;
        }
        findParts(term.buffer(), term.length());
        boolean split = partCount > 1 || (partCount == 1 && partEnds[0] - partStarts[0] != term.length());
        if (!split) {
            partCount = 0;
            return true;
        }
        wholeLength = term.length();
        if (whole.length < wholeLength) {
            whole = new char[wholeLength];
        }
        System.arraycopy(term.buffer(), 0, whole, 0, wholeLength);
        wholeStartOffset = offset.startOffset();
        wholeEndOffset = offset.endOffset();
        wholeState = captureState();
        nextPart = 0;
        posLen.setPositionLength(partCount);
        return true;
    }

    private void emitPart(int i) {
        restoreState(wholeState);
        term.copyBuffer(whole, partStarts[i], partEnds[i] - partStarts[i]);
        posInc.setPositionIncrement(i == 0 ? 0 : 1);
        posLen.setPositionLength(1);
        // part offsets are exact only when the term is the untouched source text (no char filter, no possessive cut)
        if (wholeEndOffset - wholeStartOffset == wholeLength) {
            offset.setOffset(wholeStartOffset + partStarts[i], wholeStartOffset + partEnds[i]);
        }
    }

    private void findParts(char[] buf, int length) {
        partCount = 0;
        int start = -1;
        CharType previous = CharType.DELIMITER;
        for (int i = 0; i < length; ) {
            int cp = Character.codePointAt(buf, i, length);
            int next = i + Character.charCount(cp);
            CharType type = typeOf(cp);
            if (type == CharType.MARK) {
                // a combining mark belongs to the letter before it; on its own it starts a word
                type = start < 0 ? CharType.LOWER : previous;
            }
            if (type == CharType.DELIMITER) {
                if (start >= 0) {
                    addPart(start, i);
                    start = -1;
                }
            } else if (start < 0) {
                start = i;
            } else if (isBoundary(previous, type, buf, next, length)) {
                addPart(start, i);
                start = i;
            }
            previous = type;
            i = next;
        }
        if (start >= 0) {
            addPart(start, length);
        }
    }

    /** Whether a new part starts at a character of type {@code current}; {@code next} indexes the char after it. */
    private static boolean isBoundary(CharType previous, CharType current, char[] buf, int next, int length) {
        boolean previousDigit = previous == CharType.DIGIT;
        boolean currentDigit = current == CharType.DIGIT;
        if (previousDigit != currentDigit) {
            return true;
        }
        if (previous == CharType.LOWER && current == CharType.UPPER) {
            return true;
        }
        // "XMLParser": the P starts a word when two or more lower-case letters follow; "URLs" is left whole
        return previous == CharType.UPPER && current == CharType.UPPER && lowerRunLength(buf, next, length) >= 2;
    }

    private static int lowerRunLength(char[] buf, int from, int length) {
        int n = 0;
        for (int i = from; i < length && n < 2; ) {
            int cp = Character.codePointAt(buf, i, length);
            if (typeOf(cp) != CharType.LOWER) {
                break;
            }
            n++;
            i += Character.charCount(cp);
        }
        return n;
    }

    private static CharType typeOf(int cp) {
        if (Character.isDigit(cp)) {
            return CharType.DIGIT;
        }
        if (Character.isUpperCase(cp) || Character.isTitleCase(cp)) {
            return CharType.UPPER;
        }
        if (Character.isLetter(cp)) {
            // lower case, and letters without case (CJK, Arabic...), which never split from each other
            return CharType.LOWER;
        }
        int t = Character.getType(cp);
        if (t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK || t == Character.ENCLOSING_MARK) {
            return CharType.MARK;
        }
        return CharType.DELIMITER;
    }

    private void addPart(int start, int end) {
        if (partCount == partStarts.length) {
            partStarts = Arrays.copyOf(partStarts, partCount * 2);
            partEnds = Arrays.copyOf(partEnds, partCount * 2);
        }
        partStarts[partCount] = start;
        partEnds[partCount] = end;
        partCount++;
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        partCount = 0;
        nextPart = 0;
        wholeState = null;
    }
}
