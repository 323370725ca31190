package dev.recall.sessions;

import dev.recall.store.Rereads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a sync did, in total and per agent. Malformed records, unrecognised files and per-file problems are reported
 * here, never thrown: one bad file does not stop the others. An unrecognised file is not counted as read.
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
        long elapsedMillis,
        List<Unrecognised> unrecognised,
        Map<String, PerAgent> byAgent) {

    /** Only the first few malformed lines are listed; {@link #malformedLines()} counts them all. */
    public static final int MALFORMED_LISTED = 50;

    public record Malformed(String path, long line, String reason) {}

    public record Problem(String path, String message) {}

    /** A file that matches no known format (or not the format of the agent whose location holds it). */
    public record Unrecognised(String path, String agent, String reason) {}

    /** One agent's part of the sync. */
    public record PerAgent(int files, int read, int unchanged, int sessionsCreated, int sessionsUpdated,
            int messagesAdded, int malformedLines, int unrecognised) {}

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
        final List<Unrecognised> unrecognised = new ArrayList<>();
        private final Map<String, AgentTally> agents = new LinkedHashMap<>();

        /** One agent's counters. */
        static final class AgentTally {
            int files;
            int read;
            int unchanged;
            int messages;
            int malformed;
            int unrecognised;
            final Set<String> created = new LinkedHashSet<>();
            final Set<String> grown = new LinkedHashSet<>();
        }

        AgentTally agent(String id) {
            return agents.computeIfAbsent(id == null ? "(unrecognised)" : id, k -> new AgentTally());
        }

        void file(String agent) {
            files++;
            agent(agent).files++;
        }

        void read(String agent) {
            read++;
            agent(agent).read++;
        }

        void unchanged(String agent) {
            unchanged++;
            agent(agent).unchanged++;
        }

        void created(String agent, String sessionId) {
            sessionsCreated++;
            created.add(sessionId);
            agent(agent).created.add(sessionId);
        }

        void grown(String agent, String sessionId) {
            grown.add(sessionId);
            agent(agent).grown.add(sessionId);
        }

        void messages(String agent, int n) {
            messagesAdded += n;
            agent(agent).messages += n;
        }

        void unrecognised(String agent, String path, String reason) {
            unrecognised.add(new Unrecognised(path, agent, reason));
            agent(agent).unrecognised++;
        }

        void malformed(String agent, String path, long line, String reason) {
            malformedLines++;
            agent(agent).malformed++;
            if (malformed.size() < MALFORMED_LISTED) {
                malformed.add(new Malformed(path, line, reason));
            }
        }

        SyncReport report(long elapsedMillis) {
            Set<String> updated = new LinkedHashSet<>(grown);
            updated.removeAll(created);
            Set<String> withNew = new LinkedHashSet<>(created);
            withNew.addAll(grown);
            Map<String, PerAgent> by = new LinkedHashMap<>();
            agents.forEach((id, t) -> {
                Set<String> up = new LinkedHashSet<>(t.grown);
                up.removeAll(t.created);
                by.put(id, new PerAgent(t.files, t.read, t.unchanged, t.created.size(), up.size(), t.messages,
                        t.malformed, t.unrecognised));
            });
            return new SyncReport(files, unchanged, read, sessionsCreated, updated.size(), messagesAdded,
                    malformedLines, List.copyOf(malformed), secretsRedacted, candidateFindings, List.copyOf(rereads),
                    List.copyOf(problems), Set.copyOf(withNew), List.copyOf(revocations), elapsedMillis,
                    List.copyOf(unrecognised), java.util.Collections.unmodifiableMap(by));
        }
    }
}
