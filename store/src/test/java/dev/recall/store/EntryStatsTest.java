package dev.recall.store;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counts of one pass over the entries are what SQLite's GROUP BY per attribute gives, in its order. */
class EntryStatsTest {
    @TempDir
    Path dir;

    Database db;

    @BeforeEach
    void setUp() throws Exception {
        db = Fixtures.withSession(dir);
        List<String> lines = new ArrayList<>();
        String[] projects = {"demo", "", "ledgerd", "Ünïcode", "zeta", "ledgerd"};
        String[] types = {"procedure", "fact", "warning"};
        for (int i = 0; i < 40; i++) {
            String extra = "\"type\":\"" + types[i % types.length] + "\"";
            String project = projects[i % projects.length];
            if (!project.isEmpty()) {
                extra += ",\"project\":\"" + project + "\"";
            }
            if (i % 4 == 0) {
                extra += ",\"evidence\":[{\"start_ordinal\":1,\"end_ordinal\":2,\"snippet\":\"BUILD SUCCESSFUL\"}]";
            }
            if (i % 5 == 0) {
                extra += ",\"git_branch\":\"feature-" + (i % 3) + "\"";
            }
            lines.add(Fixtures.entry("st-" + i, extra));
        }
        var r = new EntryImport(db, Fixtures.NO_SECRETS).run(Fixtures.write(dir, "in.jsonl", lines),
                new EntryImport.Options(false, false), true);
        assertTrue(r.ok(), r.rejected().toString());
        Fixtures.exec(db, "UPDATE recall_entries SET status = 'archived' WHERE id IN ('st-3', 'st-7')");
    }

    @AfterEach
    void tearDown() {
        db.close();
    }

    @Test
    void onePassCountsWhatAGroupByPerAttributeCounts() {
        assertSame(EntryStats.of(db), "1 = 1", List.of());
        List<Object> args = new ArrayList<>();
        EntryFilter filter = EntryFilter.builder().project("ledgerd").build();
        String where = filter.sql(args);
        EntryStats ledgerd = EntryStats.of(db, filter);
        assertSame(ledgerd, where, args);
        assertTrue(ledgerd.total() > 0 && ledgerd.total() < EntryStats.of(db).total(), ledgerd.toString());
        assertSame(EntryStats.ofIds(db, List.of("st-1", "st-4", "nope")), "id IN ('st-1', 'st-4', 'nope')", List.of());
        assertEquals(0, EntryStats.ofIds(db, List.of()).total());
    }

    private void assertSame(EntryStats got, String where, List<Object> args) {
        List<Map<String, Long>> want = new ArrayList<>();
        for (String attribute : EntryStats.ATTRIBUTES) {
            want.add(groupBy(attribute, where, args));
        }
        List<Map<String, Long>> maps = List.of(got.byType(), got.byScope(), got.byStatus(), got.byReviewState(),
                got.byProject(), got.byAgent(), got.byTrusted(), got.byLifecycle(), got.byCwd(), got.byGitBranch(),
                got.byExtractor(), got.bySourceSession(), got.bySourceEpisode(), got.bySourceRun(),
                got.byTransferability(), got.byProvenance(), got.byEvidence());
        assertEquals(want.size(), maps.size());
        for (int i = 0; i < maps.size(); i++) {
            // the same counts in the same order: a LinkedHashMap's equals ignores order, its entries' list does not
            assertEquals(List.copyOf(want.get(i).entrySet()), List.copyOf(maps.get(i).entrySet()),
                    EntryStats.ATTRIBUTES.get(i));
        }
        assertEquals(want.get(0).values().stream().mapToLong(Long::longValue).sum(), got.total());
    }

    private Map<String, Long> groupBy(String expression, String where, List<Object> args) {
        return db.read(c -> {
            Map<String, Long> out = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + expression + " AS k, count(*) FROM"
                    + " recall_entries WHERE " + where + " GROUP BY k ORDER BY count(*) DESC, k")) {
                Entries.bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            return out;
        });
    }
}
