package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Procedures stated as what a command does: "`./gradlew :app:test` runs only unit tests from `app/src/test/java`,
 * `./gradlew :app:integrationTest` runs classes matching `*IT`", "For interactive work, `poetry shell` drops you into
 * the project venv". Such an explanation is how the next session picks the right command, though no run in the
 * session shows it. Runs after the other rules and reads only sentences none of them used, so it only adds.
 */
final class CommandUseRule implements Rule {
    /**
     * A command in backticks (a program and its arguments, or a ./script) as the subject, at the start of the
     * sentence or of a clause, or after a short "For X," lead, followed by what it does.
     */
    private static final Pattern COMMAND_DOES = Pattern.compile("(?:^|[:;]\\s+|^(?:for|to) [\\w -]{3,40},\\s+)"
            + "`((?:\\./|[a-z][\\w.-]*\\s)[^`]{2,80})`\\s+(?:only\\s+|also\\s+|just\\s+)?(?:runs|drops you into|prints"
            + "|lists|shows|spawns|starts|rebuilds|regenerates|applies|bumps|builds|reports|checks|compiles|formats"
            + "|generates|installs|opens|tails|serves|re-resolves|re-runs|reruns|skips|selects|syncs|updates"
            + "|verifies|validates|packages|publishes|creates)\\b", Pattern.CASE_INSENSITIVE);
    /** Destructive effects are warnings ("`make db-down` runs `down -v`, which drops the volume"), not how-tos. */
    private static final Pattern HARM = Pattern.compile("(?i)\\b(?:drops(?! you)|deletes|wipes|destroys|removes|erases"
            + "|overwrites|loses|breaks|fails|failed|never|don't|do not)\\b");
    private static final Pattern PLAN = Pattern.compile("(?i)^(?:i'll|i will|let me|i'm going to|we'll)\\b");
    private static final int MAX = 2;

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        return t.fromStatements(claims, MAX, s -> {
            if (s.text().split("\\s+").length < 6) {
                return null;
            }
            String lead = Phrasing.stripLead(s.text());
            Matcher m = COMMAND_DOES.matcher(lead);
            if (!m.find() || HARM.matcher(lead).find() || PLAN.matcher(lead).find()) {
                return null;
            }
            // Titled from the command on: a "To confirm my understanding:" before it is the speaker's framing.
            String from = lead.substring(lead.charAt(m.start()) == '`' || m.start() == 0 ? m.start()
                    : lead.indexOf('`', m.start()));
            return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), s.text()),
                    Texts.asTitle(from, Phrasing.TITLE_MAX), s.text(),
                    "when running `" + Texts.bound(m.group(1).strip(), 60) + "`", 0.5,
                    List.of(Phrasing.span(s)));
        });
    }
}
