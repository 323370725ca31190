package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The phrase normalisation the boosts use, against the regular expression that defines it. */
class QueryCuesTest {
    /** The definition: lower case, every run of characters that are not \p{L} or \p{N} one space, padded. */
    private static String byRegex(String text) {
        return " " + text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip() + " ";
    }

    @Test
    void normaliseMatchesItsDefinitionOnWrittenCases() {
        String[] cases = {"", " ", "--", "a", "Run the DB-migrate step!", "  leading and trailing  ",
            "fix_the-rounding.bug in FX/EUR (v2.1)", "Ⅻ chapters, ²³ footnotes, ٣ digits", "Straße ÉCOLE İstanbul",
            "emoji 🚀 between words", "𝐁𝐨𝐥𝐝 math letters", "tab\tnew\nline", "日本語のテキスト、句読点。"};
        for (String c : cases) {
            assertEquals(byRegex(c), QueryCues.normalise(c), c);
        }
        assertEquals(" run the db migrate step ", QueryCues.normalise("Run the DB-migrate step!"));
    }

    @Test
    void normaliseMatchesItsDefinitionOnRandomText() {
        // letters, digits and punctuation from several scripts, with surrogate pairs and lone surrogates
        int[] pool = {'a', 'Z', '0', '9', ' ', '-', '_', '.', '!', '\t', '\n', 'é', 'İ', 'ß', 'Ⅻ', '²', '٣', '日',
            '。', 0x1F680, 0x1D401, 0xD800, 0xDC00, 0x0301, 0x00A0, 0x2028};
        SplittableRandom r = new SplittableRandom(7);
        for (int n = 0; n < 5000; n++) {
            StringBuilder b = new StringBuilder();
            for (int i = r.nextInt(30); i > 0; i--) {
                b.appendCodePoint(pool[r.nextInt(pool.length)]);
            }
            String s = b.toString();
            assertEquals(byRegex(s), QueryCues.normalise(s), () -> s.codePoints()
                    .mapToObj(Integer::toHexString).toList().toString());
        }
    }
}
