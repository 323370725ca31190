package dev.recall.sessions;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a sync did. Malformed lines and per-file problems are reported here, never thrown: one bad file does not
 * stop the others.
 */
public record SyncReport(
        int files,
        int unchanged,
        int read,
        int sessionsCreated,
        int sessionsUpdated,
        int messagesAdded,
        int malformedLines,
        List<Malformed> malformed,
        long secretsRedacted,
        long candidateFindings,
        List<Rereads.Event> rereads,
        List<Problem> problems,
        Set<String> sessionsWithNewMessages,
        List<ProvenanceCheck.Revocation> revocations,
        long elapsedMillis) {

    /** Only the first few malformed lines are listed; {@link #malformedLines()} counts them all. */
    public static final int MALFORMED_LISTED = 50;

    public record Malformed(String path, long line, String reason) {}

    public record Problem(String path, String message) {}

    /** Collects a report while a sync runs. */
    static final class Tally {
        int files;
        int unchanged;
        int read;
        int sessionsCreated;
        int messagesAdded;
        int malformedLines;
        final List<Malformed> malformed = new ArrayList<>();
        long secretsRedacted;
        long candidateFindings;
        final List<Rereads.Event> rereads = new ArrayList<>();
        final List<Problem> problems = new ArrayList<>();
        final Set<String> created = new LinkedHashSet<>();
        final Set<String> grown = new LinkedHashSet<>();
        final List<ProvenanceCheck.Revocation> revocations = new ArrayList<>();

        void malformed(String path, long line, String reason) {
            malformedLines++;
            if (malformed.size() < MALFORMED_LISTED) {
                malformed.add(new Malformed(path, line, reason));
            }
        }

        SyncReport report(long elapsedMillis) {
            Set<String> updated = new LinkedHashSet<>(grown);
            updated.removeAll(created);
            Set<String> withNew = new LinkedHashSet<>(created);
            withNew.addAll(grown);
            return new SyncReport(files, unchanged, read, sessionsCreated, updated.size(), messagesAdded,
                    malformedLines, List.copyOf(malformed), secretsRedacted, candidateFindings, List.copyOf(rereads),
                    List.copyOf(problems), Set.copyOf(withNew), List.copyOf(revocations), elapsedMillis);
        }
    }
}
