package dev.recall.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Attribute filters shared by list, query, brief and stats. Null means "any". Trusted-only requires accepted status:
 * asking for trusted entries in another status is a contradiction, reported rather than answered with nothing.
 * The lineage fields (extractor, source session/episode/run, supersession links) select where entries came from.
 */
public record EntryFilter(
        String project,
        String cwd,
        String gitBranch,
        String agent,
        EntryType type,
        Scope scope,
        EntryStatus status,
        ReviewState reviewState,
        boolean trustedOnly,
        String extractorMethod,
        String sourceSessionId,
        String sourceEpisodeId,
        String sourceRunId,
        String supersedesEntryId,
        String supersededByEntryId) {

    public static final EntryFilter ANY = builder().build();

    public EntryFilter {
        if (trustedOnly && status != null && status != EntryStatus.ACCEPTED) {
            throw RecallException.invalid("trusted_only", "needs status accepted; trusted entries are never "
                    + status.label());
        }
        if (trustedOnly && reviewState != null && reviewState != ReviewState.HUMAN_REVIEWED) {
            throw RecallException.invalid("trusted_only", "needs review state human_reviewed, not "
                    + reviewState.label());
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this filter's values, to change some of them. */
    public Builder toBuilder() {
        return builder().project(project).cwd(cwd).gitBranch(gitBranch).agent(agent).type(type).scope(scope)
                .status(status).reviewState(reviewState).trustedOnly(trustedOnly).extractorMethod(extractorMethod)
                .sourceSessionId(sourceSessionId).sourceEpisodeId(sourceEpisodeId).sourceRunId(sourceRunId)
                .supersedesEntryId(supersedesEntryId).supersededByEntryId(supersededByEntryId);
    }

    /** Named setters instead of nine positional arguments; unset fields mean "any". */
    public static final class Builder {
        private String project;
        private String cwd;
        private String gitBranch;
        private String agent;
        private EntryType type;
        private Scope scope;
        private EntryStatus status;
        private ReviewState reviewState;
        private boolean trustedOnly;
        private String extractorMethod;
        private String sourceSessionId;
        private String sourceEpisodeId;
        private String sourceRunId;
        private String supersedesEntryId;
        private String supersededByEntryId;

        private Builder() {}

        public Builder project(String value) {
            project = value;
            return this;
        }

        public Builder cwd(String value) {
            cwd = value;
            return this;
        }

        public Builder gitBranch(String value) {
            gitBranch = value;
            return this;
        }

        public Builder agent(String value) {
            agent = value;
            return this;
        }

        public Builder type(EntryType value) {
            type = value;
            return this;
        }

        public Builder scope(Scope value) {
            scope = value;
            return this;
        }

        public Builder status(EntryStatus value) {
            status = value;
            return this;
        }

        public Builder reviewState(ReviewState value) {
            reviewState = value;
            return this;
        }

        public Builder trustedOnly(boolean value) {
            trustedOnly = value;
            return this;
        }

        public Builder extractorMethod(String value) {
            extractorMethod = value;
            return this;
        }

        public Builder sourceSessionId(String value) {
            sourceSessionId = value;
            return this;
        }

        public Builder sourceEpisodeId(String value) {
            sourceEpisodeId = value;
            return this;
        }

        public Builder sourceRunId(String value) {
            sourceRunId = value;
            return this;
        }

        public Builder supersedesEntryId(String value) {
            supersedesEntryId = value;
            return this;
        }

        public Builder supersededByEntryId(String value) {
            supersededByEntryId = value;
            return this;
        }

        public EntryFilter build() {
            return new EntryFilter(project, cwd, gitBranch, agent, type, scope, status, reviewState, trustedOnly,
                    extractorMethod, sourceSessionId, sourceEpisodeId, sourceRunId, supersedesEntryId,
                    supersededByEntryId);
        }
    }

    public boolean matches(RecallEntry e) {
        return eq(project, e.project()) && eq(cwd, e.cwd()) && eq(gitBranch, e.gitBranch()) && eq(agent, e.agent())
                && (type == null || type == e.type()) && (scope == null || scope == e.scope())
                && (status == null || status == e.status())
                && (reviewState == null || reviewState == e.reviewState())
                && (!trustedOnly || e.trusted()) && eq(extractorMethod, e.extractorMethod())
                && eq(sourceSessionId, e.sourceSessionId()) && eq(sourceEpisodeId, e.sourceEpisodeId())
                && eq(sourceRunId, e.sourceRunId()) && eq(supersedesEntryId, e.supersedesEntryId())
                && eq(supersededByEntryId, e.supersededByEntryId());
    }

    private static boolean eq(String wanted, String actual) {
        return wanted == null || wanted.equals(actual);
    }

    /** SQL WHERE clause (without the keyword) over recall_entries, with its parameters appended to args. */
    String sql(List<Object> args) {
        List<String> clauses = new ArrayList<>();
        add(clauses, args, "project", project);
        add(clauses, args, "cwd", cwd);
        add(clauses, args, "git_branch", gitBranch);
        add(clauses, args, "agent", agent);
        add(clauses, args, "type", type == null ? null : type.label());
        add(clauses, args, "scope", scope == null ? null : scope.label());
        add(clauses, args, "status", status == null ? null : status.label());
        if (reviewState == ReviewState.UNREVIEWED_AUTO) {
            clauses.add("review_state IN ('unreviewed_auto', '')");
        } else {
            add(clauses, args, "review_state", reviewState == null ? null : reviewState.label());
        }
        if (trustedOnly) {
            clauses.add("status = 'accepted' AND review_state = 'human_reviewed' AND transferable = 1"
                    + " AND provenance_ok = 1");
        }
        add(clauses, args, "extractor_method", extractorMethod);
        add(clauses, args, "source_session_id", sourceSessionId);
        add(clauses, args, "source_episode_id", sourceEpisodeId);
        add(clauses, args, "source_run_id", sourceRunId);
        add(clauses, args, "supersedes_entry_id", supersedesEntryId);
        add(clauses, args, "superseded_by_entry_id", supersededByEntryId);
        return clauses.isEmpty() ? "1 = 1" : String.join(" AND ", clauses);
    }

    private static void add(List<String> clauses, List<Object> args, String column, String value) {
        if (value != null) {
            clauses.add(column + " = ?");
            args.add(value);
        }
    }

    /** The filters that are set, for display and for the query ledger. */
    public java.util.Map<String, Object> asMap() {
        var m = new java.util.LinkedHashMap<String, Object>();
        if (project != null) m.put("project", project);
        if (cwd != null) m.put("cwd", cwd);
        if (gitBranch != null) m.put("git_branch", gitBranch);
        if (agent != null) m.put("agent", agent);
        if (type != null) m.put("type", type.label());
        if (scope != null) m.put("scope", scope.label());
        if (status != null) m.put("status", status.label());
        if (reviewState != null) m.put("review_state", reviewState.label());
        if (trustedOnly) m.put("trusted_only", true);
        if (extractorMethod != null) m.put("extractor_method", extractorMethod);
        if (sourceSessionId != null) m.put("source_session_id", sourceSessionId);
        if (sourceEpisodeId != null) m.put("source_episode_id", sourceEpisodeId);
        if (sourceRunId != null) m.put("source_run_id", sourceRunId);
        if (supersedesEntryId != null) m.put("supersedes_entry_id", supersedesEntryId);
        if (supersededByEntryId != null) m.put("superseded_by_entry_id", supersededByEntryId);
        return m;
    }
}
