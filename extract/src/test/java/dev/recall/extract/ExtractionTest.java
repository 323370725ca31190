package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.RecallException;
import dev.recall.store.StoreSql;
import dev.recall.store.Database;
import dev.recall.store.Digests;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Sessions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs, coverage, generations and their states on a real store. */
class ExtractionTest {
    static final Clock LATER = Clock.fixed(Instant.parse("2026-02-01T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    Database db;

    @BeforeEach
    void open() {
        db = Database.open(dir);
    }

    @AfterEach
    void close() {
        db.close();
    }

    static TestSessions rich(String id) {
        return TestSessions.session(id)
                .user("Please always run go test with -count=1 so we're never looking at stale results.")
                .assistant("Running the integration-tagged store tests.")
                .bash("go test -tags integration ./... -count=1", "--- FAIL: TestStore\n    connection refused\nFAIL")
                .bash("make db-up", "Container Healthy")
                .bash("go test -tags integration ./... -count=1", "ok  \tstore\t2.4s")
                .user("Never run goose down against staging or prod. The down sections are for local dev only.")
                .assistant("The integration tests read `LEDGERD_TEST_DSN` and default to Postgres on localhost:55432.")
                .assistant("The Makefile has a `migrate-test` target that runs goose against the test DSN.");
    }

    private Extraction local(Clock clock) {
        return new Extraction(db, ExtractConfig.local(), k -> null, clock);
    }

    private List<RecallEntry> served() {
        return new Entries(db).list(EntryFilter.builder().status(EntryStatus.ACCEPTED).build(), 1000);
    }

    @Test
    void aNewGenerationBuildsAndServesNothingUntilActivated() {
        rich("s1").into(db);
        Extraction x = local(LATER);
        Extraction.RunReport r = x.run(Extraction.RunOptions.all());
        assertEquals("building", r.state());
        assertEquals(1, r.done());
        assertTrue(r.inserted() >= 3, r.toString());
        assertTrue(served().isEmpty(), "a building generation's entries are not served");
        assertEquals(r.inserted(), TestSessions.count(db, "SELECT count(*) FROM extraction_candidates"));

        Extraction.Activation a = x.activate(null);
        assertEquals(r.inserted(), a.inserted());
        assertNull(a.previous());
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM extraction_candidates"));
        List<RecallEntry> entries = served();
        assertEquals(r.inserted(), entries.size());
        for (RecallEntry e : entries) {
            assertEquals(ReviewState.UNREVIEWED_AUTO, e.reviewState());
            assertEquals("local-v1", e.extractorMethod());
            assertTrue(e.id().matches("x-[0-9a-f]{16}"), e.id());
            assertEquals("demo", e.project());
            assertEquals("main", e.gitBranch());
            assertEquals("claude-code", e.agent());
            assertEquals("/src/demo", e.cwd());
            assertFalse(e.trusted(), "extracted entries are never trusted before review");
        }
        assertEquals(entries.size(), TestSessions.count(db,
                "SELECT count(*) FROM recall_entries WHERE extraction_fingerprint = '" + x.fingerprint() + "'"));
    }

    @Test
    void evidenceIsComputedByTheHostFromTheArchive() {
        rich("s1").into(db);
        Extraction x = local(LATER);
        x.run(Extraction.RunOptions.all());
        x.activate(null);
        Sessions sessions = new Sessions(db);
        for (RecallEntry e : served()) {
            List<Evidence> ev = new Entries(db).evidence(e.id());
            assertFalse(ev.isEmpty(), e.title());
            for (Evidence a : ev) {
                var messages = sessions.messages("s1", a.startOrdinal(), a.endOrdinal());
                assertEquals(Digests.anchor(messages), a.contentDigest());
                assertEquals(messages.getFirst().sourceUuid(), a.startSourceUuid());
                if (a.snippet() != null) {
                    assertTrue(messages.stream().anyMatch(m -> m.text().contains(a.snippet())), a.snippet());
                }
            }
        }
    }

    @Test
    void runningAgainInsertsNothingNew() {
        rich("s1").into(db);
        Extraction x = local(LATER);
        x.run(Extraction.RunOptions.all());
        x.activate(null);
        long before = TestSessions.count(db, "SELECT count(*) FROM recall_entries");
        long revision = TestSessions.count(db, "SELECT revision FROM recall_query_state");
        Extraction.RunReport again = x.run(Extraction.RunOptions.all());
        assertEquals(0, again.sessions(), "a done session is not pending");
        Extraction.RunReport full = x.run(new Extraction.RunOptions(null, true, Integer.MAX_VALUE));
        assertEquals(1, full.sessions());
        assertEquals(0, full.inserted());
        assertEquals(before, TestSessions.count(db, "SELECT count(*) FROM recall_entries"));
        assertEquals(revision, TestSessions.count(db, "SELECT revision FROM recall_query_state"));
    }

    @Test
    void theSameArchiveGivesTheSameEntriesInAnotherStore(@TempDir Path other) {
        rich("s1").into(db);
        local(LATER).run(Extraction.RunOptions.all());
        try (Database db2 = Database.open(other)) {
            rich("s1").into(db2);
            new Extraction(db2, ExtractConfig.local(), k -> null, LATER).run(Extraction.RunOptions.all());
            String sql = "SELECT group_concat(id || ':' || title || ':' || entry, '|') FROM"
                    + " (SELECT id, title, json_remove(entry, '$.created_at') AS entry FROM extraction_candidates ORDER BY id)";
            String a = StoreSql.text(db, sql);
            String b = StoreSql.text(db2, sql);
            assertNotNull(a);
            assertEquals(a, b);
        }
    }

    @Test
    void underTheActiveGenerationNewSessionsAreServedDirectly() {
        rich("s1").into(db);
        Extraction x = local(LATER);
        x.run(Extraction.RunOptions.all());
        x.activate(null);
        int before = served().size();
        rich("s2").project("other").into(db);
        Extraction.RunReport r = x.run(Extraction.RunOptions.all());
        assertEquals("active", r.state());
        assertEquals(1, r.sessions());
        assertEquals(before + r.inserted(), served().size());
        assertTrue(r.superseded().isEmpty(), "another project's entries are its own: " + r.superseded());
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM extraction_candidates"));

        // The same session again in s1's project says what s1 said: each such entry is served once.
        int withOther = served().size();
        rich("s3").into(db);
        Extraction.RunReport again = x.run(Extraction.RunOptions.all());
        assertFalse(again.superseded().isEmpty(), again.toString());
        assertEquals(withOther + again.inserted() - again.superseded().size(), served().size());
    }

    @Test
    void sessionAndLimitNarrowARun() {
        rich("s1").into(db);
        rich("s2").into(db);
        rich("s3").into(db);
        Extraction x = local(LATER);
        assertEquals(List.of("s2"), x.run(new Extraction.RunOptions("s2", false, 10)).outcomes().stream()
                .map(Extraction.SessionOutcome::sessionId).toList());
        assertEquals(1, x.run(new Extraction.RunOptions(null, false, 1)).sessions());
        assertEquals(1, x.run(Extraction.RunOptions.all()).sessions());
        var e = assertThrows(ExtractException.class, () -> x.run(new Extraction.RunOptions("nope", false, 1)));
        assertEquals(ExtractException.Kind.NOT_FOUND, e.kind());
    }

    @Test
    void ineligibleSessionsAreRecordedWithTheirReason() {
        rich("done").into(db);
        rich("bot").into(db);
        rich("bin").into(db);
        TestSessions.exec(db, "UPDATE sessions SET automated = 1 WHERE id = 'bot'");
        TestSessions.exec(db, "UPDATE sessions SET trashed = 1 WHERE id = 'bin'");
        TestSessions.session("live").user("Still working on it.").into(db);
        // Ended one minute ago: inside the 30 minute quiet period.
        Clock justAfter = Clock.fixed(TestSessions.START.plusSeconds(120), ZoneOffset.UTC);
        Extraction x = local(justAfter);
        Extraction.RunReport r = x.run(Extraction.RunOptions.all());
        assertEquals(4, r.ineligible(), r.toString());
        Extraction.Status st = x.status();
        assertEquals(4, st.sessions());
        assertEquals(0, st.done());
        assertEquals(4, st.ineligible());
        assertEquals(Map.of("automated", 1L, "not_quiet", 2L, "trashed", 1L), st.ineligibleReasons());
        assertEquals(0, st.pending());

        Extraction.Status later = local(LATER).status();
        assertEquals(st.ineligible(), later.ineligible(), "status reports what the last run found");
        local(LATER).run(Extraction.RunOptions.all());
        Extraction.Status after = local(LATER).status();
        assertEquals(2, after.done(), "ineligible sessions are checked again on the next run");
        assertEquals(Map.of("automated", 1L, "trashed", 1L), after.ineligibleReasons());
    }

    @Test
    void aSessionWhoseTranscriptGrewIsPendingAgain() {
        rich("s1").into(db);
        Extraction x = local(LATER);
        x.run(Extraction.RunOptions.all());
        assertEquals(0, x.status().pending());
        TestSessions.exec(db, "UPDATE sessions SET transcript_revision = 2 WHERE id = 's1'");
        assertEquals(1, x.status().pending());
        assertEquals(1, x.run(Extraction.RunOptions.all()).sessions());
    }

    @Test
    void theFingerprintNamesWhatShapesTheOutputAndNothingElse() {
        var ep = new ExtractConfig.Endpoint(URI.create("http://127.0.0.1:8080/v1"), "qwen2.5", "KEY", false,
                Duration.ofSeconds(30));
        String base = Fingerprint.of(ExtractConfig.endpoint(ep)).value();
        assertEquals(base, Fingerprint.of(ExtractConfig.endpoint(ep)).value(), "stable");
        assertEquals(base, Fingerprint.of(ExtractConfig.endpoint(new ExtractConfig.Endpoint(
                URI.create("https://models.example.com/v1"), "qwen2.5", "OTHER", true, Duration.ofSeconds(5)))).value(),
                "the URL, key variable and timeout are not part of it");
        assertNotEquals(base, Fingerprint.of(ExtractConfig.endpoint(new ExtractConfig.Endpoint(ep.baseUrl(),
                "llama3", "KEY", false, null))).value(), "the model is");
        assertNotEquals(base, Fingerprint.of(ExtractConfig.endpoint(ep).withSegmentation(
                new ExtractConfig.Segmentation(20, 24_000, 2_000))).value(), "segmentation is");
        assertEquals(base, Fingerprint.of(ExtractConfig.endpoint(ep).withQuietPeriod(Duration.ofHours(2))).value(),
                "eligibility is not");
        assertNotEquals(base, Fingerprint.of(ExtractConfig.local()).value());
        assertEquals(64, base.length());
        assertEquals("local-v1", Fingerprint.of(ExtractConfig.local()).method());
        assertEquals("endpoint:qwen2.5", Fingerprint.of(ExtractConfig.endpoint(ep)).method());
    }

    @Test
    void activatingANewGenerationRetiresTheOldOneAndKeepsWhatAPersonReviewed() {
        rich("s1").into(db);
        Extraction v1 = local(LATER);
        v1.run(Extraction.RunOptions.all());
        v1.activate(null);
        List<RecallEntry> first = served();
        RecallEntry kept = first.getFirst();
        new Review(db, LATER).apply(Review.Decision.of(kept.id(), ReviewLabel.CORRECT), "test");

        ExtractConfig other = new ExtractConfig(ExtractConfig.Kind.LOCAL, null, 1, null, null, null);
        Extraction v2 = new Extraction(db, other, k -> null, LATER);
        assertNotEquals(v1.fingerprint(), v2.fingerprint());
        Extraction.RunReport r = v2.run(Extraction.RunOptions.all());
        assertEquals("building", r.state());
        assertEquals(first.size(), served().size(), "v1 is still what is served while v2 builds");

        Extraction.Activation a = v2.activate(null);
        assertEquals(v1.fingerprint(), a.previous());
        assertEquals(first.size() - 1, a.archivedFromPrevious());
        List<RecallEntry> now = served();
        assertTrue(now.stream().anyMatch(e -> e.id().equals(kept.id())), "a reviewed entry stays");
        assertTrue(now.stream().filter(e -> !e.id().equals(kept.id()))
                .allMatch(e -> v2.fingerprint().equals(fingerprintOf(e.id()))));
        assertFalse(now.stream().anyMatch(e -> e.reviewState() == ReviewState.UNREVIEWED_AUTO
                && e.title().equals(kept.title())), "a proposal repeating a reviewed entry is not added again");

        Map<String, String> states = new java.util.HashMap<>();
        v2.status().generations().forEach(g -> states.put(g.fingerprint(), g.state()));
        assertEquals(Map.of(v1.fingerprint(), "retired", v2.fingerprint(), "active"), states);

        var e = assertThrows(ExtractException.class, () -> v1.run(Extraction.RunOptions.all()));
        assertEquals(ExtractException.Kind.CONFLICT, e.kind());

        // Back to v1: what retiring archived is served again.
        Extraction.Activation back = v1.activate(v1.fingerprint().substring(0, 10));
        assertEquals(first.size() - 1, back.restored());
        assertEquals(v2.fingerprint(), back.previous());
    }

    @Test
    void retiringTheActiveGenerationArchivesItsUnreviewedEntries() {
        rich("s1").into(db);
        Extraction x = local(LATER);
        x.run(Extraction.RunOptions.all());
        x.activate(null);
        int n = served().size();
        ExtractException refused = assertThrows(ExtractException.class, () -> x.retire(x.fingerprint(), false));
        assertEquals(RecallException.Remedy.FORCE_RETIRE, refused.remedy(), refused.getMessage());
        assertFalse(refused.getMessage().contains("--"), "the cli words the flag: " + refused.getMessage());
        assertEquals(n, served().size(), "a refused retirement changes nothing");
        Extraction.Retirement r = x.retire(x.fingerprint(), true);
        assertEquals(n, r.archived());
        assertEquals("active", r.previousState());
        assertTrue(served().isEmpty());
        assertThrows(ExtractException.class, () -> x.retire(x.fingerprint(), true));
        assertThrows(ExtractException.class, () -> x.activate("ffffffffffff"));
        assertEquals(ExtractException.Kind.INVALID, assertThrows(ExtractException.class, () -> x.retire("ab", true))
                .kind());
    }

    @Test
    void previewShowsChunksAndProposalsAndWritesNothing() {
        rich("s1").into(db);
        Extraction.Preview p = new Extraction(db, ExtractConfig.local().withSegmentation(
                new ExtractConfig.Segmentation(3, 24_000, 2_000)), k -> null, LATER).preview("s1");
        assertEquals("eligible", p.eligibility());
        assertEquals(3, p.chunks().size());
        assertEquals(0, p.chunks().get(1).firstOrdinal() - 3);
        assertTrue(p.chunks().getFirst().text().startsWith("[#0 user]\n"));
        assertFalse(p.proposals().isEmpty());
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM extraction_generations"));
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM recall_entries"));
    }

    @Test
    void doctorReportsTheResolvedConfigurationAndProbes() {
        Extraction.Doctor d = local(LATER).doctor(true);
        assertEquals("local", d.config().get("extractor"));
        assertEquals(Fingerprint.of(ExtractConfig.local()).value(), d.fingerprint());
        assertEquals("new", d.state());
        assertTrue(d.probe().ok());
        assertTrue(d.probe().entries() >= 1);
    }

    private String fingerprintOf(String id) {
        return StoreSql.text(db, "SELECT extraction_fingerprint FROM recall_entries WHERE id = ?", id);
    }
}
