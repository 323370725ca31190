package dev.recall.cli;

import dev.recall.service.SecretService;
import dev.recall.sessions.SecretBackfill;
import dev.recall.store.SecretFindings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "secrets", description = "Secrets found in the archive (never their values) and the backfill that"
        + " redacts what newer rules catch.", subcommands = {SecretsCommand.ListFindings.class,
        SecretsCommand.Scan.class})
final class SecretsCommand {

    @Command(name = "list", description = "Findings by session, rule and confidence; never the value.")
    static final class ListFindings implements Callable<Integer> {
        private final App app;

        ListFindings(App app) {
            this.app = app;
        }

        @Option(names = "--session", paramLabel = "ID", description = "Only this session's findings.")
        String session;

        @Option(names = "--rule", paramLabel = "RULE", description = "Only this rule's findings.")
        String rule;

        @Option(names = "--limit", defaultValue = "200", description = "At most this many findings (default 200).")
        int limit;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            if (limit < 1) {
                throw new CliException(ExitCode.USAGE, "--limit must be at least 1");
            }
            var result = app.service().secrets().list(new SecretService.ListRequest(session, rule, limit));
            List<SecretFindings.Finding> found = result.findings();
            int total = result.total();
            Map<String, Integer> byRule = new TreeMap<>();
            found.forEach(f -> byRule.merge(f.rule(), 1, Integer::sum));
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("total", total);
                m.put("shown", found.size());
                m.put("findings", found.stream().map(ListFindings::json).toList());
                app.printJson(m);
                return ExitCode.OK.code;
            }
            if (found.isEmpty()) {
                app.out.println("no secret findings" + (rule != null && !app.service().secrets().knownRule(rule)
                        ? " ('" + rule + "' is not a current rule name; see docs/security.md)" : ""));
                return ExitCode.OK.code;
            }
            app.out.printf("%-40s %5s  %-10s  %-28s %-10s %s%n", "SESSION", "MSG", "FIELD", "RULE", "CONFIDENCE",
                    "FOUND BY");
            for (SecretFindings.Finding f : found) {
                String[] loc = f.location().split(" ");
                app.out.printf("%-40s %5s  %-10s  %-28s %-10s %s%n", f.sessionId(),
                        f.messageOrdinal() == null ? "-" : f.messageOrdinal(), loc[loc.length - 1], f.rule(),
                        f.confidence(), f.backfillId() == null ? "archiving" : "backfill " + f.backfillId());
            }
            app.out.printf("%d finding(s)%s; by rule: %s%n", total,
                    total > found.size() ? " (" + found.size() + " shown; raise --limit)" : "", byRule);
            return ExitCode.OK.code;
        }

        private static Map<String, Object> json(SecretFindings.Finding f) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("session_id", f.sessionId());
            m.put("message_ordinal", f.messageOrdinal());
            m.put("location", f.location());
            m.put("rule", f.rule());
            m.put("confidence", f.confidence());
            m.put("found_by", f.backfillId() == null ? "archiving" : "backfill");
            m.put("backfill_id", f.backfillId());
            m.put("found_at", f.createdAt());
            return m;
        }
    }

    @Command(name = "scan", description = {
            "Re-scan the archive with the current rules. Without --backfill, report what they would redact.",
            "With --backfill, redact it in the stored messages, evidence snippets and entry text (an audited"
                    + " change), mark the sessions, revoke the entries whose text or evidence held a secret, and"
                    + " rebuild the lexical index."})
    static final class Scan implements Callable<Integer> {
        private final App app;

        Scan(App app) {
            this.app = app;
        }

        @Option(names = "--backfill", description = "Redact what the current rules catch (otherwise a dry run).")
        boolean backfill;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            SecretService.ScanResult scan = app.service().secrets().scan(backfill, done -> {
                if (!output.json() && done % 500 == 0) {
                    app.err.printf("scanned %d sessions%n", done);
                }
            });
            SecretBackfill.Report r = scan.report();
            boolean rebuilt = scan.lexicalIndexRebuilt();
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("backfill", r.written());
                m.put("backfill_id", r.written() ? r.backfillId() : null);
                m.put("rules_fingerprint", scan.rulesFingerprint());
                m.put("sessions_scanned", r.sessionsScanned());
                m.put("messages_scanned", r.messagesScanned());
                m.put("messages_redacted", r.messagesRedacted());
                m.put("findings", r.findings());
                m.put("by_rule", r.byRule());
                m.put("sessions_marked", r.sessionsMarked());
                m.put("entries_redacted", r.entriesRedacted());
                m.put("entries_revoked", r.entriesRevoked());
                m.put("anchors_restamped", r.anchorsRestamped());
                m.put("lexical_index_rebuilt", rebuilt);
                app.printJson(m);
                return ExitCode.OK.code;
            }
            app.out.printf("%d sessions, %d messages scanned with %d rules: %d finding(s) in %d message(s) of %d"
                    + " session(s); %d entr%s with secrets in their text or evidence%n", r.sessionsScanned(),
                    r.messagesScanned(), scan.ruleCount(), r.findings(), r.messagesRedacted(),
                    r.sessionsMarked().size(), r.entriesRevoked().size(), r.entriesRevoked().size() == 1 ? "y" : "ies");
            if (!r.byRule().isEmpty()) {
                app.out.println("by rule: " + r.byRule());
            }
            if (!r.written()) {
                app.out.println(r.findings() == 0 ? "nothing to redact"
                        : "dry run: nothing written; `recall secrets scan --backfill` redacts them");
            } else if (r.findings() > 0) {
                app.out.printf("backfill %d: redacted and recorded; sessions marked (extraction skips them): %s;"
                        + " provenance revoked: %s; %d anchor digest(s) re-stamped%s%n", r.backfillId(),
                        r.sessionsMarked(), r.entriesRevoked(), r.anchorsRestamped(),
                        rebuilt ? "; lexical index rebuilt" : "");
            }
            return ExitCode.OK.code;
        }
    }
}
