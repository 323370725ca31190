package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A course the user turns down for another: "Don't just bump the timeout. Inject the image pipeline so the test uses
 * an in-memory one.", "No, don't loosen timing asserts. Make time deterministic instead." The quick fix refused and the
 * way chosen instead are a decision with its alternative, which the next session would otherwise try first. Runs after
 * the other rules, on user sentences none of them used.
 */
final class InsteadRule implements Rule {
    private static final Pattern REFUSED = Pattern.compile("(?i)^(?:(?:no|nope|wait|hmm)[,.!]?\\s+)?(?:please )?(?:don't"
            + "|do not) (?:just |simply )?([a-z]+)\\s+([^,;:]{3,80}?)[.!]?$");
    /** "Don't commit yet. Run the tests first.": an order of today's steps, not a way chosen. */
    private static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:yet|now|today|first|again|then|this time|for now"
            + "|right away|until)\\b");
    private static final Pattern INSTEAD = Pattern.compile("(?i)[,;]?\\s*instead[.!]?$");
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        t.eachSentence("user", claims, (ordinal, ss, i) -> {
            Sentence s = ss.get(i);
            if (out.size() == MAX || i + 1 >= ss.size()) {
                return 0;
            }
            Matcher m = REFUSED.matcher(s.text().strip());
            Sentence way = ss.get(i + 1);
            if (!m.matches() || MOMENT.matcher(s.text()).find() || claims.taken(way) || way.isQuestion()
                    || !PreferenceRule.instruction(way.text()) || MOMENT.matcher(way.text()).find()
                    || way.text().split("\\s+").length < 3 || REFUSED.matcher(way.text().strip()).matches()) {
                return 0;
            }
            claims.claim(s);
            claims.claim(way);
            String refused = Texts.gerund(m.group(1)) + " " + m.group(2).strip();
            String chosen = INSTEAD.matcher(Phrasing.stripLead(way.text()).strip()).replaceFirst("")
                    .replaceAll("[.!]+$", "");
            String body = s.text() + " " + way.text();
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body),
                    Texts.asTitle(Texts.capitalize(chosen) + " instead of " + refused, Phrasing.TITLE_MAX), body,
                    "when " + refused + " looks like the fix", 0.6, List.of(Phrasing.span(s), Phrasing.span(way))));
            return 1;
        });
        return out;
    }
}
