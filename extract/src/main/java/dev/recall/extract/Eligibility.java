package dev.recall.extract;

import dev.recall.sessions.SecretScanner;
import dev.recall.store.Message;
import dev.recall.store.Session;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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

    private final ExtractConfig config;
    private final SecretScanner scanner;
    private final Clock clock;

    Eligibility(ExtractConfig config, SecretScanner scanner, Clock clock) {
        this.config = config;
        this.scanner = scanner;
        this.clock = clock;
    }

    Verdict check(Connection c, Session s, List<Message> messages) throws SQLException {
        if (Session.PLACEHOLDER.equals(s.sourceKind())) {
            return Verdict.no("placeholder", "a placeholder for entries imported without their session");
        }
        boolean[] flags = flags(c, s.id());
        if (flags[0]) {
            return Verdict.no("automated", "an automated session, not a person's work");
        }
        if (flags[1]) {
            return Verdict.no("trashed", "the session is in the trash");
        }
        if (flags[2]) {
            return Verdict.no("held_secrets", "the archive held secrets until `recall secrets scan --backfill`"
                    + " redacted them; see `recall secrets list --session " + s.id() + "`");
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
            return secrets(c, s, messages);
        }
        return Verdict.OK;
    }

    private Verdict secrets(Connection c, Session s, List<Message> messages) throws SQLException {
        int definite = 0;
        int candidate = 0;
        TreeSet<String> rules = new TreeSet<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT tier, rule FROM secret_findings WHERE session_id = ?")) {
            ps.setString(1, s.id());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if ("definite".equals(rs.getString(1))) {
                        definite++;
                    } else {
                        candidate++;
                    }
                    rules.add(rs.getString(2));
                }
            }
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

    private static boolean[] flags(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT automated, trashed, held_secrets FROM sessions WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new boolean[] {rs.getInt(1) == 1, rs.getInt(2) == 1, rs.getInt(3) == 1}
                        : new boolean[3];
            }
        }
    }
}
