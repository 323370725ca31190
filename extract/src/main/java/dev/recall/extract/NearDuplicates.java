package dev.recall.extract;

import dev.recall.sessions.Stopwords;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Merges proposals of one session that say the same thing twice: same type and nearly the same title words (two
 * rules, or one rule on two messages, saying "never hand-edit internal/store/db"), or the same quoted sentence.
 * The earlier proposal wins, in rule order, and takes the other's evidence, so the result depends only on the
 * session.
 */
final class NearDuplicates {
    static final double SAME_TITLE = 0.6;

    private NearDuplicates() {}

    static List<Candidate> merge(List<Candidate> candidates) {
        List<Candidate> kept = new ArrayList<>();
        List<Set<String>> words = new ArrayList<>();
        for (Candidate c : candidates) {
            Set<String> w = words(c.title());
            int twin = -1;
            for (int i = 0; i < kept.size() && twin < 0; i++) {
                if (kept.get(i).type() == c.type()
                        && (jaccard(words.get(i), w) >= SAME_TITLE || sameQuote(kept.get(i), c))) {
                    twin = i;
                }
            }
            if (twin < 0) {
                kept.add(c);
                words.add(w);
            } else {
                kept.set(twin, absorb(kept.get(twin), c));
            }
        }
        return kept;
    }

    private static Candidate absorb(Candidate first, Candidate other) {
        Set<String> seen = new HashSet<>();
        List<Candidate.Span> anchors = new ArrayList<>();
        for (Candidate.Span s : first.anchors()) {
            if (seen.add(s.start() + ":" + s.end())) {
                anchors.add(s);
            }
        }
        for (Candidate.Span s : other.anchors()) {
            if (seen.add(s.start() + ":" + s.end())) {
                anchors.add(s);
            }
        }
        anchors.sort(java.util.Comparator.comparingInt(Candidate.Span::start));
        String body = first.body().contains(other.body()) ? first.body() : first.body() + "\n" + other.body();
        return new Candidate(first.type(), first.scope(), first.title(), body, first.trigger(),
                Math.max(first.confidence(), other.confidence()), anchors);
    }

    private static boolean sameQuote(Candidate a, Candidate b) {
        for (Candidate.Span x : a.anchors()) {
            for (Candidate.Span y : b.anchors()) {
                if (x.snippet() != null && x.start() == y.start() && x.snippet().equals(y.snippet())) {
                    return true;
                }
            }
        }
        return false;
    }

    static Set<String> words(String title) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : title.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_./-]+")) {
            if (w.length() >= 3 && !Stopwords.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        int common = 0;
        for (String w : a) {
            if (b.contains(w)) {
                common++;
            }
        }
        return (double) common / (a.size() + b.size() - common);
    }
}
