package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15a): a symptom narrowed by counting. The user reports something wrong or asks to verify
 * it, the agent runs one counting query, and its next message reads a number of that output. On small hand-written
 * sessions, through the rule alone and through the whole extractor, with the near-misses it must not fire on: a
 * reading that quotes no number of the output, a query that writes, a failed query, a count no report came before.
 */
class CountedLookRuleTest {
    private static final String TABLE = "┌─────────────────────┬───────┐\n│        hour         │   n   │\n"
            + "├─────────────────────┼───────┤\n│ 2026-10-25 00:00:00 │    10 │\n│ 2026-10-25 01:00:00 │    20 │\n"
            + "│ 2026-10-25 02:00:00 │    10 │\n└─────────────────────┴───────┘";
    private static final String QUERY = "duckdb -c \"SELECT date_trunc('hour', observed_at) AS hour, count(*) AS n"
            + " FROM read_parquet('s3://lake/raw/ukho/date=2026-10-25/*.parquet') GROUP BY 1 ORDER BY 1\"";

    private static List<Candidate> alone(TestSessions s) {
        return s.proposedBy(new CountedLookRule());
    }

    @Test
    void aCountReadRightAfterAReportIsADebuggingMethod() {
        var s = TestSessions.session("c1").user("Surge alerts fired for six UK stations between 01:00 and 02:00 on"
                + " Sunday. I think it's the clock change.")
                .bash(QUERY, TABLE)
                .assistant("Hour 01 has 20 readings instead of 10. The stations publish local time without an offset,"
                        + " so the repeated hour lands in one UTC bucket.");
        var d = alone(s);
        assertEquals(1, d.size(), d.toString());
        Candidate c = d.getFirst();
        assertEquals(EntryType.DEBUGGING_METHOD, c.type());
        assertEquals("Surge alerts fired for six UK stations between 01:00 and 02:00 on Sunday: count with `duckdb`",
                c.title());
        assertTrue(c.body().contains("count(*) AS n") && c.body().contains("Hour 01 has 20 readings"), c.body());
        assertEquals(List.of(0, 1, 2), c.anchors().stream().map(Candidate.Span::start).toList());
        assertTrue(s.proposed(EntryType.DEBUGGING_METHOD).stream().anyMatch(x -> x.title().endsWith(
                "count with `duckdb`")), s.proposed().toString());

        var verify = TestSessions.session("c2").user("And verify nothing got duplicated; we ran parts of August twice.")
                .bash("duckdb -c \"SELECT count(*) - count(DISTINCT (station_id, observed_at)) AS dup FROM t\"",
                        "│ dup │\n│ 41760 │")
                .assistant("41,760 duplicate readings. The writer appends a new file per run.");
        assertEquals(List.of("Verify nothing got duplicated; we ran parts of August twice: count with `duckdb`"),
                alone(verify).stream().map(Candidate::title).toList());
    }

    @Test
    void noNumberAWriteAFailureOrNoReportIsNotThisShape() {
        var noNumber = TestSessions.session("n1").user("Surge alerts fired for six stations overnight.")
                .bash(QUERY, TABLE)
                .assistant("The counts look normal to me. Checking the detector next.");
        assertEquals(List.of(), alone(noNumber));

        var write = TestSessions.session("n2").user("The daily aggregate is missing October, backfill it.")
                .bash("clickhouse client -q \"INSERT INTO dau SELECT toDate(ts), count() FROM events GROUP BY 1\"",
                        "Ok. 31 rows in set.")
                .assistant("31 days inserted.");
        assertEquals(List.of(), alone(write));

        var failed = TestSessions.session("n3").user("Surge alerts fired for six stations overnight.")
                .bash(QUERY, "Error: IO Error: No files found that match the pattern")
                .assistant("No files for 2026-10-25 at all, 0 rows.");
        assertEquals(List.of(), alone(failed));

        var noReport = TestSessions.session("n4").user("Show me the hourly counts for the 25th.")
                .bash(QUERY, TABLE)
                .assistant("Hour 01 has 20 readings, the others 10.");
        assertEquals(List.of(), alone(noReport));
    }
}
