package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import dev.recall.store.SessionCatalog;
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

/**
 * The scheduler's side of extraction on a real store: a session whose extraction failed waits out its own backoff
 * while the others go on, and reconciling withdraws what extraction made from sessions trashed or found to hold
 * secrets afterwards.
 */
class ExtractionBackoffTest {
    static final Instant T0 = Instant.parse("2026-02-01T00:00:00Z");
    static final Duration BACKOFF = Duration.ofHours(1);

    @TempDir
    Path dir;

    Database db;
    FakeModel model;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
        model = new FakeModel();
    }

    @AfterEach
    void close() {
        model.close();
        db.close();
    }

    private Extraction endpoint(Instant at) {
        ExtractConfig cfg = ExtractConfig.endpoint(new ExtractConfig.Endpoint(model.base(), "test-model",
                "RECALL_TEST_KEY", false, Duration.ofSeconds(20)));
        return new Extraction(db, cfg, EndpointExtractorTest.ENV::get, Clock.fixed(at, ZoneOffset.UTC));
    }

    private static List<String> attempted(Extraction.RunReport r) {
        return r.outcomes().stream().map(Extraction.SessionOutcome::sessionId).toList();
    }

    @Test
    void aFailedSessionWaitsOutItsBackoffWhileOthersGoOn() {
        TestSessions.session("flaky").user("The endpoint chokes on MARKER-FLAKY, remember that.")
                .assistant("Noted.").into(db);
        EndpointExtractorTest.plain("steady").into(db);
        // The model fails every request that carries the flaky session's text and answers the others.
        model.answer(r -> r.body().contains("MARKER-FLAKY")
                ? new FakeModel.Answer(500, "{\"error\":\"overloaded\"}", Map.of(), 0)
                : FakeModel.Answer.ok(FakeModel.completion("{\"entries\": []}")));

        Extraction.RunReport first = endpoint(T0).run(Extraction.RunOptions.all().withFailureBackoff(BACKOFF));
        assertEquals(1, first.failed(), first.toString());
        assertEquals(1, first.done(), first.toString());

        // Ten minutes later a new session arrives: it is extracted, the failed one is not tried again.
        EndpointExtractorTest.plain("newcomer").into(db);
        int before = model.requests.size();
        Extraction.RunReport second = endpoint(T0.plus(Duration.ofMinutes(10)))
                .run(Extraction.RunOptions.all().withFailureBackoff(BACKOFF));
        assertEquals(List.of("newcomer"), attempted(second), second.toString());
        assertTrue(model.requests.subList(before, model.requests.size()).stream()
                .noneMatch(r -> r.body().contains("MARKER-FLAKY")), "the failed session's endpoint is left alone");

        // Without a backoff (`recall extract run`), the failed session is retried right away.
        Extraction.RunReport manual = endpoint(T0.plus(Duration.ofMinutes(11))).run(Extraction.RunOptions.all());
        assertEquals(List.of("flaky"), attempted(manual), manual.toString());

        // Once its own backoff has passed (counted from its last failure), it is tried again, and now succeeds.
        model.answer(r -> FakeModel.Answer.ok(FakeModel.completion("{\"entries\": []}")));
        Extraction x = endpoint(T0.plus(Duration.ofMinutes(40)));
        assertTrue(attempted(x.run(Extraction.RunOptions.all().withFailureBackoff(BACKOFF))).isEmpty(),
                "29 minutes after its last failure it still waits");
        Extraction.RunReport later = endpoint(T0.plus(Duration.ofMinutes(72)))
                .run(Extraction.RunOptions.all().withFailureBackoff(BACKOFF));
        assertEquals(List.of("flaky"), attempted(later), later.toString());
        assertEquals(1, later.done(), later.toString());
    }

    @Test
    void reconcilingWithdrawsTheEntriesOfTrashedAndSecretHoldingSessions() {
        // Three projects: the same session in one project would be one entry set (CrossSessionDuplicates).
        ExtractionTest.rich("kept").project("kept").into(db);
        ExtractionTest.rich("trashed").project("trashed").into(db);
        ExtractionTest.rich("secret").project("secret").into(db);
        Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, ExtractionTest.LATER);
        assertFalse(x.everServed(), "nothing was activated yet");
        x.run(Extraction.RunOptions.all());
        x.activate(null);
        assertTrue(x.everServed());
        assertEquals(0, x.reconcile(), "nothing to withdraw while every session is in good standing");
        long perSession = served("kept");
        assertTrue(perSession >= 3);

        // Trashing revokes provenance (the entries stop being trusted) but leaves them listed; a backfill that
        // finds secrets marks the session. Reconciling stops serving both.
        new SessionCatalog(db).mark("trashed", SessionCatalog.Mark.TRASHED, ExtractionTest.LATER.instant());
        TestSessions.exec(db, "UPDATE sessions SET held_secrets = 1 WHERE id = 'secret'");
        assertEquals(perSession, served("trashed"), "trashing alone does not stop serving");
        int withdrawn = x.reconcile();
        assertEquals(2 * perSession, withdrawn);
        assertEquals(0, served("trashed"));
        assertEquals(0, served("secret"));
        assertEquals(perSession, served("kept"), "sessions in good standing keep their entries");
        assertEquals(0, x.reconcile(), "reconciling again changes nothing");
    }

    private long served(String session) {
        List<RecallEntry> all = new Entries(db).list(EntryFilter.builder().status(EntryStatus.ACCEPTED).build(), 1000);
        return all.stream().filter(e -> e.sourceSessionId().equals(session)).count();
    }
}
