package dev.recall.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Attribute filters shared by list, query and brief. Null means "any". Trusted-only requires accepted status:
 * asking for trusted entries in another status is a contradiction, reported rather than answered with nothing.
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
        boolean trustedOnly) {

    public static final EntryFilter ANY = new EntryFilter(null, null, null, null, null, null, null, null, false);

    public EntryFilter {
        if (trustedOnly && status != null && status != EntryStatus.ACCEPTED) {
            throw new IllegalArgumentException("--trusted-only needs status accepted; trusted entries are never "
                    + status.label());
        }
        if (trustedOnly && reviewState != null && reviewState != ReviewState.HUMAN_REVIEWED) {
            throw new IllegalArgumentException("--trusted-only needs review state human_reviewed, not "
                    + reviewState.label());
        }
    }

    public boolean matches(RecallEntry e) {
        return eq(project, e.project()) && eq(cwd, e.cwd()) && eq(gitBranch, e.gitBranch()) && eq(agent, e.agent())
                && (type == null || type == e.type()) && (scope == null || scope == e.scope())
                && (status == null || status == e.status())
                && (reviewState == null || reviewState == e.reviewState())
                && (!trustedOnly || e.trusted());
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
        return m;
    }
}
