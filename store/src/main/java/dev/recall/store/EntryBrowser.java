package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The corpus as a person browses it: a filtered page of entries with the total it is a page of and the counts by
 * project and type, the values each filter can take, and what an entry's row holds beyond {@link RecallEntry}
 * (the extraction generation that proposed it).
 */
public final class EntryBrowser {
    /**
     * A page of entries, newest first. Null fields mean "any".
     *
     * @param text                  a case-insensitive substring of the title, body or trigger
     * @param extractorMethod       the extractor that made the entry (local-v1, manual, ...)
     * @param extractionFingerprint the extraction generation that proposed it; "none" for entries from no generation
     */
    public record Query(EntryFilter filter, String text, String extractorMethod, String extractionFingerprint,
            int limit, int offset) {
        public Query {
            if (limit < 1) {
                throw RecallException.invalid("limit", "must be at least 1, not " + limit);
            }
            if (offset < 0) {
                throw RecallException.invalid("offset", "must be 0 or more, not " + offset);
            }
        }
    }

    /**
     * @param total        how many entries match the query (the page is part of them)
     * @param byProjectType counts of the matching entries by project (null project as "") then type
     * @param fingerprints the extraction generation of each entry on the page that has one
     */
    public record Page(List<RecallEntry> entries, long total, Map<String, Map<String, Long>> byProjectType,
            Map<String, String> fingerprints) {}

    /** Every value a filter can take over the whole corpus, with how many entries have it, most first. */
    public record Facets(Map<String, Long> projects, Map<String, Long> agents, Map<String, Long> branches,
            Map<String, Long> extractorMethods, Map<String, Long> extractionFingerprints) {}

    private final Database db;

    public EntryBrowser(Database db) {
        this.db = db;
    }

    public Page page(Query q) {
        return db.read(c -> {
            List<Object> args = new ArrayList<>();
            String where = where(q, args);
            List<RecallEntry> entries = new ArrayList<>();
            Map<String, String> fingerprints = new LinkedHashMap<>();
            List<Object> pageArgs = new ArrayList<>(args);
            pageArgs.add(q.limit());
            pageArgs.add(q.offset());
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM recall_entries WHERE " + where
                    + " ORDER BY updated_at DESC, id LIMIT ? OFFSET ?")) {
                Entries.bind(ps, pageArgs);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        RecallEntry e = Entries.map(rs);
                        entries.add(e);
                        String fp = rs.getString("extraction_fingerprint");
                        if (fp != null) {
                            fingerprints.put(e.id(), fp);
                        }
                    }
                }
            }
            long total = 0;
            Map<String, Map<String, Long>> byProjectType = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(project, ''), type, COUNT(*)"
                    + " FROM recall_entries WHERE " + where + " GROUP BY 1, 2 ORDER BY 1, 2")) {
                Entries.bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long n = rs.getLong(3);
                        total += n;
                        byProjectType.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                                .put(rs.getString(2), n);
                    }
                }
            }
            return new Page(entries, total, byProjectType, fingerprints);
        });
    }

    public Facets facets() {
        return db.read(c -> new Facets(counts(c, "project"), counts(c, "agent"), counts(c, "git_branch"),
                counts(c, "extractor_method"), counts(c, "extraction_fingerprint")));
    }

    public Optional<String> extractionFingerprint(String entryId) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT extraction_fingerprint FROM recall_entries WHERE id = ?")) {
                ps.setString(1, entryId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    private static String where(Query q, List<Object> args) {
        List<String> clauses = new ArrayList<>();
        clauses.add(q.filter().sql(args));
        if (q.text() != null && !q.text().isBlank()) {
            // instr over lower(): a substring test without LIKE's wildcards, so '%' and '_' mean themselves
            clauses.add("(instr(lower(title), ?) > 0 OR instr(lower(body), ?) > 0"
                    + " OR instr(lower(COALESCE(trigger, '')), ?) > 0)");
            String needle = q.text().strip().toLowerCase(java.util.Locale.ROOT);
            args.add(needle);
            args.add(needle);
            args.add(needle);
        }
        if (q.extractorMethod() != null) {
            clauses.add("extractor_method = ?");
            args.add(q.extractorMethod());
        }
        if ("none".equals(q.extractionFingerprint())) {
            clauses.add("extraction_fingerprint IS NULL");
        } else if (q.extractionFingerprint() != null) {
            clauses.add("extraction_fingerprint = ?");
            args.add(q.extractionFingerprint());
        }
        return String.join(" AND ", clauses);
    }

    private static Map<String, Long> counts(Connection c, String column) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT " + column + ", COUNT(*) FROM recall_entries WHERE "
                + column + " IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return out;
    }
}
