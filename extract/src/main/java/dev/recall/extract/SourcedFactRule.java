package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A fact the assistant states with the file it read it from: "The tests read `LEDGERD_TEST_DSN` and default to
 * Postgres on localhost:55432 (see `internal/store/testdb_test.go`)", "For a deferred rollback the repo convention
 * (see `internal/store/tx.go`) is ...", "release/2.4 predates the move to the version catalog
 * (`gradle/libs.versions.toml` doesn't exist on this branch)". Such a sentence often sits inside a debugging method
 * (the explanation of a failure) or a procedure, so an earlier rule has used it; what it says about the repository
 * holds after the failure is fixed, so it is read again here, unless a fact already stands on it, it names no file
 * as its source, it is about the moment (a narration, "still", "ago") or the session changes what it names right
 * after. At most two a session.
 */
final class SourcedFactRule implements Rule.Contextual {
    private static final int MAX = 2;
    /** Points at where it read it: "(see `x/y.go`)", "in `Cargo.toml`", "`a/b.toml` doesn't exist", "pinned in `.x`". */
    private static final Pattern SOURCE = Pattern.compile("(?i)\\(see `[^`]+`\\)|\\((?:in )?`[^`]*[/.][^`]*`[^)]*\\)"
            + "|\\b(?:pinned|declared|defined|set|configured|listed) in `[^`]+`");
    private static final Pattern NOT_A_FACT = Pattern.compile("(?i)^(?:found|there|that's|this is|here|so|ok|okay"
            + "|good|done|plan|proposal|options?|fix|likely|probably|possibly|maybe|next|now|both|two|one)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        for (Sentence s : t.sentences()) {
            if (out.size() == MAX) {
                break;
            }
            if (!"assistant".equals(s.role()) || s.isQuestion() || !SOURCE.matcher(s.text()).find()) {
                continue;
            }
            String text = s.text();
            int words = text.split("\\s+").length;
            String lead = Phrasing.stripLead(text);
            if (words < 8 || words > 50 || NOT_A_FACT.matcher(lead).find() || FactRule.PLAN.matcher(text).find()
                    || !FactRule.facty(text) || FactRule.TRANSIENT.matcher(text).find() || FactRule.narrative(s)
                    || FactRule.NARRATED.matcher(text).find() || factOn(earlier, s)
                    || FactRule.fixedRightAway(t.sentencesOf(s.ordinal()), s) || FactRule.fixedLater(t, s)) {
                continue;
            }
            claims.claim(s);
            out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), text), Phrasing.title(text), text,
                    Phrasing.topicTrigger("when working with", t, s), 0.5, List.of(Phrasing.span(s))));
        }
        return out;
    }

    /** A fact of an earlier rule already quotes the sentence or stands on its message. */
    private static boolean factOn(List<Candidate> earlier, Sentence s) {
        for (Candidate c : earlier) {
            if (c.type() != EntryType.FACT) {
                continue;
            }
            for (Candidate.Span a : c.anchors()) {
                if (a.start() <= s.ordinal() && s.ordinal() <= a.end()) {
                    return true;
                }
            }
        }
        return false;
    }
}
