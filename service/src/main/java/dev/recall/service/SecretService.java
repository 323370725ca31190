package dev.recall.service;

import dev.recall.sessions.SecretBackfill;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.SecretFindings;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Secrets in the archive: the findings (never a value) and the backfill that redacts what the current rules catch
 * in text older rules let through.
 */
public final class SecretService {
    /** Findings filtered by session and rule (null: any), at most {@code limit}. */
    public record ListRequest(String sessionId, String rule, int limit) {}

    /** @param total how many match, beyond the limit too */
    public record ListResult(List<SecretFindings.Finding> findings, int total) {}

    /**
     * @param report what the scan found and, with a backfill, changed
     * @param lexicalIndexRebuilt the lexical index was rebuilt so no old segment keeps a redacted value
     */
    public record ScanResult(SecretBackfill.Report report, boolean lexicalIndexRebuilt, String rulesFingerprint,
            int ruleCount) {}

    private final Resources resources;

    SecretService(Resources resources) {
        this.resources = resources;
    }

    public ListResult list(ListRequest request) {
        SecretFindings findings = new SecretFindings(resources.database());
        return new ListResult(findings.list(request.sessionId(), request.rule(), request.limit()),
                findings.count(request.sessionId(), request.rule()));
    }

    /** A dry run unless {@code backfill}; {@code progress} hears how many sessions are done. */
    public ScanResult scan(boolean backfill, IntConsumer progress) {
        SecretBackfill.Report r = new SecretBackfill(resources.database(), SecretScanner.archive(), resources.clock())
                .run(backfill, progress);
        boolean rebuilt = false;
        if (r.written() && (r.messagesRedacted() > 0 || r.entriesRedacted() > 0 || !r.entriesRevoked().isEmpty()
                || r.anchorsRestamped() > 0)) {
            // syncing would replace the changed documents, but old segments keep their text until merged away
            resources.lexicalIndex().rebuild();
            rebuilt = true;
        }
        return new ScanResult(r, rebuilt, SecretScanner.fingerprint(), SecretScanner.ruleNames().size());
    }

    /** Whether {@code rule} is one the current scanner reports (findings of retired rules stay listed). */
    public boolean knownRule(String rule) {
        return SecretScanner.ruleNames().contains(rule);
    }
}
