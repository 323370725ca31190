package dev.recall.store;

import java.time.Instant;

/** One distilled piece of knowledge, anchored to evidence in its source session. */
public record RecallEntry(
        String id,
        EntryType type,
        Scope scope,
        EntryStatus status,
        ReviewState reviewState,
        String title,
        String body,
        String trigger,
        Double confidence,
        String uncertainty,
        String project,
        String cwd,
        String gitBranch,
        String agent,
        String sourceSessionId,
        String extractorMethod,
        boolean transferable,
        boolean provenanceOk,
        String provenanceReason,
        String supersedesEntryId,
        String supersededByEntryId,
        Instant createdAt,
        Instant updatedAt,
        String sourceEpisodeId,
        String sourceRunId) {

    /** An entry without episode or run lineage (most are: only imports name them). */
    public RecallEntry(String id, EntryType type, Scope scope, EntryStatus status, ReviewState reviewState,
            String title, String body, String trigger, Double confidence, String uncertainty, String project,
            String cwd, String gitBranch, String agent, String sourceSessionId, String extractorMethod,
            boolean transferable, boolean provenanceOk, String provenanceReason, String supersedesEntryId,
            String supersededByEntryId, Instant createdAt, Instant updatedAt) {
        this(id, type, scope, status, reviewState, title, body, trigger, confidence, uncertainty, project, cwd,
                gitBranch, agent, sourceSessionId, extractorMethod, transferable, provenanceOk, provenanceReason,
                supersedesEntryId, supersededByEntryId, createdAt, updatedAt, null, null);
    }

    /** Trusted: accepted, reviewed by a human, transferable, and its evidence still verifies. */
    public boolean trusted() {
        return status == EntryStatus.ACCEPTED && reviewState == ReviewState.HUMAN_REVIEWED && transferable
                && provenanceOk;
    }

    /** Where the entry stands in its supersession chain. */
    public String lifecycle() {
        if (supersededByEntryId != null) {
            return "superseded";
        }
        if (status == EntryStatus.ARCHIVED) {
            return "archived";
        }
        return supersedesEntryId != null ? "replacement" : "current";
    }
}
