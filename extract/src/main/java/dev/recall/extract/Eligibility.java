package dev.recall.extract;

import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.SecretFindings;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.TreeSet;

/**
 * Which sessions extraction may read. Every extractor needs a finished session: ended, quiet for the quiet
 * period, not automated, not trashed, not a placeholder, not marked as having held secrets (a backfill found some). A session only reaches an endpoint if, in addition, a
 * scan with the current secret rules finds nothing (candidate-tier findings per candidate_findings) and no
 * finding was ever recorded for it at sync.
 */
final class Eligibility {
    /** Eligible, or the reason code and details why not. */
    record Verdict(boolean eligible, String reason, String detail) {
        static final Verdict OK = new Verdict(true, null, null);

        static Verdict no(String reason, String detail) {
            return new Verdict(false, reason, detail);
        }

        String describe() {
            return eligible ? "eligible" : reason + (detail == null ? "" : ": " + detail);
        }
    }

    private final Sessions sessions;
    private final SecretFindings findings;
    private final ExtractConfig config;
    private final SecretScanner scanner;
    private final Clock clock;

    Eligibility(Database db, ExtractConfig config, SecretScanner scanner, Clock clock) {
        this.sessions = new Sessions(db);
        this.findings = new SecretFindings(db);
        this.config = config;
        this.scanner = scanner;
        this.clock = clock;
    }

    Verdict check(Session s, List<Message> messages) {
        if (Session.PLACEHOLDER.equals(s.sourceKind())) {
            return Verdict.no("placeholder", "a placeholder for entries imported without their session");
        }
        Sessions.Marks marks = sessions.marks(s.id());
        if (marks.automated()) {
            return Verdict.no("automated", "an automated session, not a person's work");
        }
        if (marks.trashed()) {
            return Verdict.no("trashed", "the session is in the trash");
        }
        if (marks.heldSecrets()) {
            return Verdict.no("held_secrets", "the archive held secrets until a backfill scan redacted them (see"
                    + " the session's secret findings)");
        }
        if (messages.isEmpty()) {
            return Verdict.no("no_messages", null);
        }
        Instant end = s.endedAt() != null ? s.endedAt() : messages.getLast().timestamp();
        if (end == null) {
            return Verdict.no("not_ended", "neither an end time nor message timestamps");
        }
        Instant quietUntil = end.plus(config.quietPeriod());
        if (clock.instant().isBefore(quietUntil)) {
            return Verdict.no("not_quiet", "quiet period runs until " + quietUntil);
        }
        if (config.extractor() == ExtractConfig.Kind.ENDPOINT) {
            return secrets(s, messages);
        }
        return Verdict.OK;
    }

    private Verdict secrets(Session s, List<Message> messages) {
        int definite = 0;
        int candidate = 0;
        TreeSet<String> rules = new TreeSet<>();
        for (SecretFindings.Finding f : findings.list(s.id(), null, Integer.MAX_VALUE)) {
            if ("definite".equals(f.confidence())) {
                definite++;
            } else {
                candidate++;
            }
            rules.add(f.rule());
        }
        // Rescan with today's rules: rules added since the session was synced must hold too.
        for (Message m : messages) {
            for (String text : new String[] {m.text(), m.toolInput()}) {
                if (text == null) {
                    continue;
                }
                for (SecretScanner.Finding f : scanner.scan(text).findings()) {
                    if (f.tier() == SecretScanner.Tier.DEFINITE) {
                        definite++;
                    } else {
                        candidate++;
                    }
                    rules.add(f.rule());
                }
            }
        }
        if (definite > 0) {
            return Verdict.no("secret_findings", definite + " definite finding(s) (" + String.join(", ", rules) + ")");
        }
        if (candidate > 0 && config.candidateFindings() == ExtractConfig.CandidateFindings.BLOCK) {
            return Verdict.no("secret_findings", candidate + " candidate finding(s) (" + String.join(", ", rules)
                    + "); candidate_findings = \"block\"");
        }
        return Verdict.OK;
    }
}
