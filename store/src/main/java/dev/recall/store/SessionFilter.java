package dev.recall.store;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which sessions a listing or a passage search keeps; null fields do not filter. Dates bound the session's start
 * (from inclusive, to exclusive). Trashed and automated sessions are left out of search; a listing can ask for them.
 */
public record SessionFilter(String project, String agent, String cwd, String gitBranch, Instant from, Instant to,
        boolean includeHidden) {

    public static final SessionFilter ALL = new SessionFilter(null, null, null, null, null, null, false);

    public SessionFilter {
        if (from != null && to != null && !from.isBefore(to)) {
            throw RecallException.invalid("from", "must be before to: the date range from " + Times.format(from)
                    + " to " + Times.format(to) + " is empty");
        }
    }

    /**
     * A bound as users write it: a date (that day's start, UTC) or an ISO-8601 instant; null stays null.
     *
     * @throws DateTimeParseException when it is neither (each surface words that)
     */
    public static Instant bound(String value) {
        if (value == null) {
            return null;
        }
        try {
            return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return Instant.parse(value);
        }
    }

    /** SQL over the {@code sessions} table aliased {@code s}; binds its values into args. */
    String sql(List<Object> args) {
        StringBuilder where = new StringBuilder("1 = 1");
        equal(where, args, "s.project", project);
        equal(where, args, "s.agent", agent);
        equal(where, args, "s.cwd", cwd);
        equal(where, args, "s.git_branch", gitBranch);
        if (from != null) {
            where.append(" AND coalesce(s.started_at, s.created_at) >= ?");
            args.add(Times.format(from));
        }
        if (to != null) {
            where.append(" AND coalesce(s.started_at, s.created_at) < ?");
            args.add(Times.format(to));
        }
        if (!includeHidden) {
            where.append(" AND s.trashed = 0 AND s.automated = 0");
        }
        return where.toString();
    }

    private static void equal(StringBuilder where, List<Object> args, String column, String value) {
        if (value != null) {
            where.append(" AND ").append(column).append(" = ?");
            args.add(value);
        }
    }

    /** The filter as it is echoed in output and ledgers: only what is set. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (project != null) m.put("project", project);
        if (agent != null) m.put("agent", agent);
        if (cwd != null) m.put("cwd", cwd);
        if (gitBranch != null) m.put("git_branch", gitBranch);
        if (from != null) m.put("from", Times.format(from));
        if (to != null) m.put("to", Times.format(to));
        if (includeHidden) m.put("include_hidden", true);
        return m;
    }
}
