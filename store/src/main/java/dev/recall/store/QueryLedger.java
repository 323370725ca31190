package dev.recall.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The append-only measurement ledger: one event per query or brief, with the entries it exposed. It is how
 * recall learns which entries are found, which are packed, and which questions go unanswered.
 */
public final class QueryLedger {
    /** The store a query searched: recall's entries or the session archive's passages. */
    public enum Store {
        RECALL, SESSIONS;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * What one query or brief did.
     *
     * @param corpusRevision for a sessions search, the archive revision the answer reflected
     * @param queryStateRevision for a sessions search, the archive revision too
     * @param elapsedMillis how long the search took, or null when not timed
     * @param requestId the id its client gave the invocation, or null: a second event with the same id is the first
     *     one (an invocation run again after its answer was lost), so the ledger keeps the first and adds nothing
     */
    public record Event(String surface, String queryText, String mode, String filtersJson, int resultCount,
            Integer packedCount, Double topScore, String missReason, long corpusRevision,
            long queryStateRevision, Store store, Long elapsedMillis, String requestId) {
        public Event {
            java.util.Objects.requireNonNull(store, "store");
        }

        /** An event of no identified invocation. */
        public Event(String surface, String queryText, String mode, String filtersJson, int resultCount,
                Integer packedCount, Double topScore, String missReason, long corpusRevision,
                long queryStateRevision, Store store, Long elapsedMillis) {
            this(surface, queryText, mode, filtersJson, resultCount, packedCount, topScore, missReason,
                    corpusRevision, queryStateRevision, store, elapsedMillis, null);
        }

        /** The same event as part of the invocation of this id (null: none). */
        public Event withRequestId(String id) {
            return new Event(surface, queryText, mode, filtersJson, resultCount, packedCount, topScore, missReason,
                    corpusRevision, queryStateRevision, store, elapsedMillis, id);
        }

        /** An entry query or brief, untimed. */
        public Event(String surface, String queryText, String mode, String filtersJson, int resultCount,
                Integer packedCount, Double topScore, String missReason, long corpusRevision,
                long queryStateRevision) {
            this(surface, queryText, mode, filtersJson, resultCount, packedCount, topScore, missReason,
                    corpusRevision, queryStateRevision, Store.RECALL, null);
        }
    }

    /** One entry a query returned: its rank, score and whether the brief packed it. */
    public record Exposure(int rank, String entryId, double score, boolean packed) {}

    /** One passage a sessions search returned: its rank, where it is, its score. */
    public record PassageExposure(int rank, String passageId, String sessionId, double score) {}

    /**
     * A summary of the ledger.
     *
     * @param byStore events per store searched (recall, sessions)
     * @param passageExposures passages shown by sessions searches
     * @param topSessions the sessions whose passages were shown most, with how many times
     * @param sessionsLatency the sessions searches' latency, or null when none was timed
     */
    public record Stats(long events, Map<String, Long> bySurface, Map<String, Long> byMode,
            Map<String, Long> misses, long exposures, long packedExposures, List<Map.Entry<String, Long>> topEntries,
            List<Map.Entry<String, Long>> topMissedQueries, Map<String, Long> byStore, long passageExposures,
            List<Map.Entry<String, Long>> topSessions, Latency sessionsLatency) {}

    /** Timed searches: how many, and their median and slowest elapsed milliseconds. */
    public record Latency(long timed, long p50Ms, long maxMs) {}

    private final Database db;

    public QueryLedger(Database db) {
        this.db = db;
    }

    /**
     * Appends an event and its exposures in one transaction; returns the event id (the query_id). An event whose
     * request id the ledger holds already is not added: the first event's id is returned. While a deferring store
     * check runs (the daemon's, at start) the append is queued under an id reserved now and written once the check
     * passes ({@link WriteCheck}): the caller is answered at once.
     */
    public long record(Event e, List<Exposure> exposures) {
        return append(e, (c, id) -> insertExposures(c, id, exposures));
    }

    /** What an event adds beside its own row: its exposures, written with the event's id in the same transaction. */
    private interface ExposureWriter {
        void write(Connection c, long eventId) throws SQLException;
    }

    /**
     * The event and what {@code exposures} adds in one transaction, or queued while a deferring store check runs;
     * an event whose request id the ledger holds already is not added (the first event's id is returned).
     */
    private long append(Event e, ExposureWriter exposures) {
        Instant at = Instant.now();
        Long queued = queue(e, id -> c -> {
            if (recorded(c, e.requestId()) == null) {
                exposures.write(c, insert(c, e, id, at));
            }
            return null;
        });
        if (queued != null) {
            return queued;
        }
        return db.inTransaction(c -> {
            Long recorded = recorded(c, e.requestId());
            if (recorded != null) {
                return recorded;
            }
            long id = insert(c, e, null, at);
            exposures.write(c, id);
            return id;
        });
    }

    private static void insertExposures(Connection c, long id, List<Exposure> exposures) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO recall_query_exposures (event_id, rank, entry_id, score, packed) VALUES (?, ?, ?, ?, ?)")) {
            for (Exposure x : exposures) {
                ps.setLong(1, id);
                ps.setInt(2, x.rank());
                ps.setString(3, x.entryId());
                ps.setDouble(4, x.score());
                ps.setInt(5, x.packed() ? 1 : 0);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Appends a sessions search and the passages it showed in one transaction, as {@link #record} does. */
    public long recordPassages(Event e, List<PassageExposure> exposures) {
        return append(e, (c, id) -> insertPassageExposures(c, id, exposures));
    }

    private static void insertPassageExposures(Connection c, long id, List<PassageExposure> exposures)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO recall_passage_exposures (event_id, rank,"
                + " passage_id, session_id, score) VALUES (?, ?, ?, ?, ?)")) {
            for (PassageExposure x : exposures) {
                ps.setLong(1, id);
                ps.setInt(2, x.rank());
                ps.setString(3, x.passageId());
                ps.setString(4, x.sessionId());
                ps.setDouble(5, x.score());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * Queues the event while a deferring store check runs, and returns its id: the one the ledger already holds for
     * its request id, or one reserved above the ledger's highest (both read, which the check does not hold up).
     * Null: the check has passed (or failed), so the event is written (or refused) now.
     */
    private Long queue(Event e, java.util.function.LongFunction<Database.Work<?>> append) {
        WriteCheck check = db.writeCheck();
        if (!check.defersAppends()) {
            return null;
        }
        record Seen(Long recorded, long highest) {}
        Seen seen = db.snapshot(c -> {
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT coalesce(max(id), 0) FROM recall_query_events")) {
                rs.next();
                return new Seen(recorded(c, e.requestId()), rs.getLong(1));
            }
        });
        if (seen.recorded() != null) {
            return seen.recorded();
        }
        return check.deferEvent(e.requestId(), seen.highest(), append);
    }

    /**
     * The event recorded under this request id, or null. Inside the write transaction (IMMEDIATE), so no other
     * writer can add it between this read and the insert; the unique index (V26) holds the rule regardless.
     */
    private static Long recorded(Connection c, String requestId) throws SQLException {
        if (requestId == null) {
            return null;
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM recall_query_events WHERE request_id = ?")) {
            ps.setString(1, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : null;
            }
        }
    }

    /** Inserts the event under {@code id} (null: the next free one) and returns its id. */
    private static long insert(Connection c, Event e, Long id, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO recall_query_events (created_at, surface, query_text, mode, filters, result_count,
                    packed_count, top_score, miss_reason, corpus_revision, query_state_revision, store,
                    elapsed_ms, request_id, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, Times.format(at));
            ps.setString(2, e.surface());
            ps.setString(3, e.queryText());
            ps.setString(4, e.mode());
            ps.setString(5, e.filtersJson());
            ps.setInt(6, e.resultCount());
            ps.setObject(7, e.packedCount());
            ps.setObject(8, e.topScore());
            ps.setString(9, e.missReason());
            ps.setLong(10, e.corpusRevision());
            ps.setLong(11, e.queryStateRevision());
            ps.setString(12, e.store().label());
            ps.setObject(13, e.elapsedMillis());
            ps.setString(14, e.requestId());
            ps.setObject(15, id);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static boolean redactionOwed(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT count(*) FROM recall_ledger_redactions WHERE finished_at IS NULL")) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    /** What one redaction pass over the ledger's query text did. */
    public record Redaction(int rowsScanned, int rowsRedacted) {}

    /**
     * Runs the redaction pass the ledger owes (migration V13: rows written before query text was redacted on the way
     * in), once: empty when nothing is owed, which is every open after the first. {@code redactor} is the secret
     * scanner's redaction, which the store cannot call itself. The pass and its record are one transaction, so a
     * second process opening at the same time finds nothing owed; when a row changed, the file is then rebuilt
     * (VACUUM), since an UPDATE leaves the old text in free page space.
     */
    public Optional<Redaction> redactOwed(UnaryOperator<String> redactor) {
        // Looked up outside a write first: a process's first write checks the whole file (quick_check), which at 1M
        // entries took most of a daemon's start and of each reader's first request, for a pass owed once ever.
        if (!db.read(QueryLedger::redactionOwed)) {
            return Optional.empty();
        }
        Optional<Redaction> done = db.inTransaction(c -> {
            if (!redactionOwed(c)) { // another process finished it meanwhile
                return Optional.<Redaction>empty();
            }
            Redaction r = redactTexts(c, redactor);
            try (PreparedStatement ps = c.prepareStatement("UPDATE recall_ledger_redactions SET finished_at = ?,"
                    + " rows_scanned = ?, rows_redacted = ? WHERE finished_at IS NULL")) {
                ps.setString(1, Times.format(Instant.now()));
                ps.setInt(2, r.rowsScanned());
                ps.setInt(3, r.rowsRedacted());
                ps.executeUpdate();
            }
            return Optional.of(r);
        });
        if (done.isPresent() && done.get().rowsRedacted() > 0) {
            new SecretBackfills(db).compact();
        }
        return done;
    }

    /**
     * Rewrites each query text the redactor changes. The ledger is append-only by a trigger; the trigger is dropped
     * and created again from its own stored definition inside the caller's transaction, so no other connection ever
     * sees the ledger without it.
     */
    private static Redaction redactTexts(Connection c, UnaryOperator<String> redactor) throws SQLException {
        Map<Long, String> changed = new LinkedHashMap<>();
        int scanned = 0;
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT id, query_text FROM recall_query_events ORDER BY id")) {
            while (rs.next()) {
                scanned++;
                String text = rs.getString(2);
                String redacted = redactor.apply(text);
                if (!redacted.equals(text)) {
                    changed.put(rs.getLong(1), redacted);
                }
            }
        }
        if (changed.isEmpty()) {
            return new Redaction(scanned, 0);
        }
        String trigger;
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT sql FROM sqlite_master"
                + " WHERE type = 'trigger' AND name = '" + APPEND_ONLY_TRIGGER + "'")) {
            if (!rs.next()) {
                throw new SQLException("the ledger's trigger " + APPEND_ONLY_TRIGGER + " is missing");
            }
            trigger = rs.getString(1);
        }
        try (Statement st = c.createStatement();
                PreparedStatement ps = c.prepareStatement("UPDATE recall_query_events SET query_text = ? WHERE id = ?")) {
            st.execute("DROP TRIGGER " + APPEND_ONLY_TRIGGER);
            for (Map.Entry<Long, String> e : changed.entrySet()) {
                ps.setString(1, e.getValue());
                ps.setLong(2, e.getKey());
                ps.executeUpdate();
            }
            st.execute(trigger);
        }
        return new Redaction(scanned, changed.size());
    }

    private static final String APPEND_ONLY_TRIGGER = "recall_query_events_no_update";

    public Stats stats(int top) {
        return db.read(c -> new Stats(
                single(c, "SELECT count(*) FROM recall_query_events"),
                groups(c, "SELECT surface, count(*) FROM recall_query_events GROUP BY surface ORDER BY 2 DESC"),
                groups(c, "SELECT mode, count(*) FROM recall_query_events GROUP BY mode ORDER BY 2 DESC"),
                groups(c, "SELECT miss_reason, count(*) FROM recall_query_events WHERE miss_reason IS NOT NULL"
                        + " GROUP BY miss_reason ORDER BY 2 DESC"),
                single(c, "SELECT count(*) FROM recall_query_exposures"),
                single(c, "SELECT count(*) FROM recall_query_exposures WHERE packed = 1"),
                pairs(c, "SELECT entry_id, count(*) FROM recall_query_exposures GROUP BY entry_id ORDER BY 2 DESC,"
                        + " entry_id LIMIT " + top),
                pairs(c, "SELECT query_text, count(*) FROM recall_query_events WHERE miss_reason IS NOT NULL"
                        + " GROUP BY query_text ORDER BY 2 DESC, query_text LIMIT " + top),
                groups(c, "SELECT store, count(*) FROM recall_query_events GROUP BY store ORDER BY 2 DESC"),
                single(c, "SELECT count(*) FROM recall_passage_exposures"),
                pairs(c, "SELECT session_id, count(*) FROM recall_passage_exposures GROUP BY session_id"
                        + " ORDER BY 2 DESC, session_id LIMIT " + top),
                latency(c, Store.SESSIONS)));
    }

    /** The median by offset (SQLite has no percentile function); null when no search of the store was timed. */
    private static Latency latency(Connection c, Store of) throws SQLException {
        String store = of.label();
        long timed = single(c, "SELECT count(*) FROM recall_query_events WHERE elapsed_ms IS NOT NULL AND store = '"
                + store + "'");
        if (timed == 0) {
            return null;
        }
        return new Latency(timed, single(c, "SELECT elapsed_ms FROM recall_query_events WHERE elapsed_ms IS NOT NULL"
                + " AND store = '" + store + "' ORDER BY elapsed_ms LIMIT 1 OFFSET " + (timed - 1) / 2),
                single(c, "SELECT max(elapsed_ms) FROM recall_query_events WHERE store = '" + store + "'"));
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Map<String, Long> groups(Connection c, String sql) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        pairs(c, sql).forEach(p -> out.put(p.getKey(), p.getValue()));
        return out;
    }

    private static List<Map.Entry<String, Long>> pairs(Connection c, String sql) throws SQLException {
        List<Map.Entry<String, Long>> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(Map.entry(rs.getString(1), rs.getLong(2)));
            }
        }
        return out;
    }
}
