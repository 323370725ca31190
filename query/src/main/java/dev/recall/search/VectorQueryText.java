package dev.recall.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text the vector leg embeds for a query: the query as typed, each code identifier in it followed by its words
 * ({@code ERR_PNPM_OUTDATED_LOCKFILE (err pnpm outdated lockfile)}, {@code parseConfigFile (parse config file)}).
 * The model's tokenizer cuts an identifier into sub-word pieces that mean little on their own; its words are what
 * an entry describing it says. Public for whoever embeds a query ahead of the search (the bench's precomputed
 * query vectors), so it embeds what the search would.
 */
public final class VectorQueryText {
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}_$@#./:\\\\-]+");
    /** Between the parts of a name: separators, a lower-case letter or digit before an upper-case one. */
    private static final Pattern PARTS = Pattern.compile("[_./:\\\\$@#-]+|(?<=[\\p{Ll}\\p{N}])(?=\\p{Lu})"
            + "|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})");

    private VectorQueryText() {}

    public static String of(String text) {
        StringBuilder out = new StringBuilder();
        Matcher m = TOKEN.matcher(text);
        int last = 0;
        while (m.find()) {
            String token = m.group();
            out.append(text, last, m.end());
            last = m.end();
            if (QueryCues.isIdentifier(token)) {
                List<String> words = words(token);
                if (words.size() > 1) {
                    out.append(" (").append(String.join(" ", words)).append(')');
                }
            }
        }
        return out.append(text.substring(last)).toString();
    }

    /** The lower-cased words of an identifier, in order. */
    static List<String> words(String identifier) {
        List<String> words = new ArrayList<>();
        for (String part : PARTS.split(identifier)) {
            if (!part.isEmpty()) {
                words.add(part.toLowerCase(Locale.ROOT));
            }
        }
        return words;
    }
}
