package dev.recall.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/** Plain word splitting shared by the query generator, the FTS5 query and the hash embedder. */
final class Words {
    private Words() {}

    /** Lower-cased runs of letters and digits, in order. */
    static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean wordChar = i < text.length() && Character.isLetterOrDigit(text.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                out.add(text.substring(start, i).toLowerCase(Locale.ROOT));
                start = -1;
            }
        }
        return out;
    }

    /** Lucene's English stopwords: the words recall's analyzer drops from queries. */
    static boolean isStopword(String lowerCaseWord) {
        return EnglishAnalyzer.ENGLISH_STOP_WORDS_SET.contains(lowerCaseWord);
    }

    /** The distinct non-stopwords of a text, in first-seen order. */
    static Set<String> contentWords(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : of(text)) {
            if (!isStopword(w)) {
                out.add(w);
            }
        }
        return out;
    }
}
