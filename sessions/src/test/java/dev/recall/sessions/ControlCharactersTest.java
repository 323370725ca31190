package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ControlCharactersTest {
    static final String HOSTILE = "clear\u001b[2J\u001b[H title\u001b]0;pwned\u0007 link \u001b]8;;https://evil.example\u001b\\click"
            + "\u001b]8;;\u001b\\ bidi \u202Eexe.txt\u202C csi \u009b31m cr\rover bell\u0007 del\u007f";

    @Test
    void everyControlATerminalActsOnIsShownAsAnEscape() {
        String safe = ControlCharacters.escape(HOSTILE);
        assertFalse(safe.chars().anyMatch(c -> ControlCharacters.acted((char) c)), safe);
        assertEquals("clear\\x1B[2J\\x1B[H title\\x1B]0;pwned\\x07 link \\x1B]8;;https://evil.example\\x1B\\click"
                + "\\x1B]8;;\\x1B\\ bidi \\u202Eexe.txt\\u202C csi \\x9B31m cr\\x0Dover bell\\x07 del\\x7F", safe);
    }

    @Test
    void ordinaryTextIsUntouched() {
        String text = "line one\n\tindented — naïve café 日本語 emoji 🙂 \"quotes\" \\backslash";
        assertSame(text, ControlCharacters.escape(text));
    }

    @Test
    void theWriterEscapesWhatPassesThrough() throws Exception {
        StringWriter sink = new StringWriter();
        try (var w = ControlCharacters.escaping(sink)) {
            w.write(HOSTILE);
            w.write('\u001b');
            w.write("ok\n".toCharArray(), 0, 3);
        }
        assertEquals(ControlCharacters.escape(HOSTILE) + "\\x1Bok\n", sink.toString());
    }
}
