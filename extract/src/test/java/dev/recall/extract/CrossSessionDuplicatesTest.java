package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.ExtractedEntries;
import dev.recall.store.RecallEntry;
import dev.recall.store.SessionArchiveImport;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same preference learned in two sessions of one project (testdata/extract/cross-session.jsonl: "harbor", a
 * week apart, not forks of each other) is served once, by the later session's entry; the earlier one is archived,
 * linked to its successor, with its evidence kept. The same words in another project are another project's
 * knowledge and stay. A real SQLite store, the real local extractor.
 */
class CrossSessionDuplicatesTest {
    static final Clock LATER = Clock.fixed(Instant.parse("2027-01-01T00:00:00Z"), ZoneOffset.UTC);
    static final String EARLY = "crossdup-harbor-early";
    static final String LATE = "crossdup-harbor-later";
    static final String OTHER_PROJECT = "crossdup-lighthouse";

    @TempDir
    Path dir;

    private static Database load(Path dir) {
        Database db = Database.open(dir);
        new SessionArchiveImport(db, SecretScanner.archive()).run(
                SampleCorpus.testdata().resolve("extract").resolve("cross-session.jsonl"));
        return db;
    }

    @Test
    void theLaterSessionSupersedesTheEarlierOneAndBothKeepTheirEvidence() {
        try (Database db = load(dir.resolve("a"))) {
            Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, LATER);
            Extraction.RunReport built = x.run(Extraction.RunOptions.all());
            assertEquals(3, built.done(), built.toString());
            assertTrue(built.superseded().isEmpty(), "a building generation serves nothing yet");
            Extraction.Activation a = x.activate(null);
            // The preference, and the command run for it (`go test -count=1 -tags integration ./...`), both twice.
            assertEquals(2, a.superseded().size(), a.toString());
            Entries entries = new Entries(db);
            for (Extraction.Supersession each : a.superseded()) {
                assertEquals(LATE, entries.get(each.winnerId()).orElseThrow().sourceSessionId(), each.reason());
                assertEquals(EARLY, entries.get(each.loserId()).orElseThrow().sourceSessionId(), each.reason());
            }
            Extraction.Supersession s = a.superseded().stream()
                    .filter(each -> each.reason().startsWith("same preference")).findFirst().orElseThrow();
            RecallEntry winner = entries.get(s.winnerId()).orElseThrow();
            RecallEntry loser = entries.get(s.loserId()).orElseThrow();
            assertEquals(LATE, winner.sourceSessionId());
            assertEquals(EARLY, loser.sourceSessionId());
            assertEquals(EntryType.PREFERENCE, winner.type());
            assertTrue(s.reason().contains("later") && s.reason().contains(LATE), s.reason());
            assertEquals(EntryStatus.ACCEPTED, winner.status());
            assertEquals(EntryStatus.ARCHIVED, loser.status());
            assertEquals(winner.id(), loser.supersededByEntryId());
            assertEquals(loser.id(), winner.supersedesEntryId());
            assertFalse(entries.evidence(loser.id()).isEmpty(), "the superseded entry keeps its evidence");
            assertFalse(entries.evidence(winner.id()).isEmpty());

            List<RecallEntry> served = served(db);
            assertTrue(served.stream().anyMatch(e -> e.sourceSessionId().equals(OTHER_PROJECT)
                    && e.type() == EntryType.PREFERENCE), "another project's same words stay: " + titles(served));
            assertTrue(served.stream().anyMatch(e -> e.sourceSessionId().equals(EARLY)
                    && e.title().toLowerCase().contains("table-driven")), "what only the early session said stays: "
                    + titles(served));

            // Running again finds nothing new to supersede, and the archived entry is not proposed back.
            Extraction.RunReport again = x.run(new Extraction.RunOptions(null, true, Integer.MAX_VALUE));
            assertTrue(again.superseded().isEmpty(), again.toString());
            assertEquals(EntryStatus.ARCHIVED, entries.get(loser.id()).orElseThrow().status());
        }
    }

    @Test
    void theOutcomeDoesNotDependOnWhichSessionWasExtractedFirst() {
        Set<String> allAtOnce;
        try (Database db = load(dir.resolve("a"))) {
            Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, LATER);
            x.run(Extraction.RunOptions.all());
            x.activate(null);
            allAtOnce = ids(served(db));
        }
        try (Database db = load(dir.resolve("b"))) {
            Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, LATER);
            x.run(new Extraction.RunOptions(LATE, false, 1));
            x.activate(null);
            Extraction.RunReport r = x.run(Extraction.RunOptions.all()); // the earlier session arrives afterwards
            assertEquals(2, r.superseded().size(), r.toString());
            assertEquals(allAtOnce, ids(served(db)), "the same entries are served in either order");
        }
    }

    @Test
    void theRankingPrefersTheLaterSessionThenMoreEvidenceThenTheSmallerId() {
        Instant day1 = Instant.parse("2026-10-01T09:00:00Z");
        Instant day2 = Instant.parse("2026-10-02T09:00:00Z");
        String title = "Run the integration tests with -count=1 so cached results never hide a regression";
        var older = new ExtractedEntries.Unreviewed("x-1", EntryType.PREFERENCE, "harbor", title, "s1", day1, 9);
        var newer = new ExtractedEntries.Unreviewed("x-2", EntryType.PREFERENCE, "harbor", title, "s2", day2, 1);
        assertEquals(List.of("x-2 <- x-1"), pairs(CrossSessionDuplicates.find(List.of(newer, older))));
        var sameDayMore = new ExtractedEntries.Unreviewed("x-3", EntryType.PREFERENCE, "harbor", title, "s3", day2, 4);
        assertEquals(List.of("x-2 <- x-1", "x-3 <- x-2"),
                pairs(CrossSessionDuplicates.find(List.of(sameDayMore, older, newer))));
        var twin = new ExtractedEntries.Unreviewed("x-0", EntryType.PREFERENCE, "harbor", title, "s4", day2, 4);
        assertEquals(List.of("x-0 <- x-3"), pairs(CrossSessionDuplicates.find(List.of(sameDayMore, twin))));
        // Another type, another project, the same session, or a short title in common: not the same knowledge.
        var decision = new ExtractedEntries.Unreviewed("x-4", EntryType.DECISION, "harbor", title, "s5", day2, 1);
        var elsewhere = new ExtractedEntries.Unreviewed("x-5", EntryType.PREFERENCE, "quay", title, "s6", day2, 1);
        var sameSession = new ExtractedEntries.Unreviewed("x-6", EntryType.PREFERENCE, "harbor", title, "s1", day2, 1);
        assertEquals(List.of(), pairs(CrossSessionDuplicates.find(List.of(older, decision, elsewhere, sameSession))));
        var shortA = new ExtractedEntries.Unreviewed("x-7", EntryType.FACT, "harbor", "`make test` fails", "s1", day1,
                1);
        var shortB = new ExtractedEntries.Unreviewed("x-8", EntryType.FACT, "harbor", "`make test` fails", "s2", day2,
                1);
        assertEquals(List.of(), pairs(CrossSessionDuplicates.find(List.of(shortA, shortB))));
    }

    private static List<String> pairs(List<Extraction.Supersession> found) {
        return found.stream().map(s -> s.winnerId() + " <- " + s.loserId()).toList();
    }

    private static List<RecallEntry> served(Database db) {
        return new Entries(db).list(EntryFilter.builder().status(EntryStatus.ACCEPTED).build(), 1000);
    }

    private static Set<String> ids(List<RecallEntry> entries) {
        return entries.stream().map(RecallEntry::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private static String titles(List<RecallEntry> entries) {
        return entries.stream().map(e -> e.sourceSessionId() + ": " + e.title()).toList().toString();
    }
}
