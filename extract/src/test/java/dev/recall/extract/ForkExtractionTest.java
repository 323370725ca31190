package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.sessions.SecretScanner;
import dev.recall.sessions.SessionSync;
import dev.recall.sessions.SyncProgress;
import dev.recall.sessions.TranscriptDiscovery;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.Rereads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transcript of the sample data (the Claude Code fixture) that is rewritten near its end diverges into a fork
 * session holding the whole transcript again. Extracting both must not serve the shared messages' knowledge twice:
 * the parent's entries stand for them, and the fork adds only what rests on its own messages.
 */
class ForkExtractionTest {
    static final Clock LATER = Clock.fixed(Instant.parse("2027-01-01T00:00:00Z"), ZoneOffset.UTC);
    static final String SESSION = "7f3c2a9e-1b4d-4c8e-9a2f-5d6e7f8a9b0c";

    @TempDir
    Path dir;

    @Test
    void aForkServesOnlyWhatRestsOnItsOwnMessages() throws Exception {
        Path root = dir.resolve("transcripts");
        Path fixture = SampleCorpus.testdata().resolve("transcripts/claude/projects/-home-dana-src-ledgerd/"
                + SESSION + ".jsonl");
        Path copy = root.resolve("claude/projects/-home-dana-src-ledgerd/" + SESSION + ".jsonl");
        Files.createDirectories(copy.getParent());
        Files.copy(fixture, copy);
        try (Database db = Database.open(dir.resolve("data"))) {
            SessionSync sync = new SessionSync(db, SecretScanner.archive());
            sync.sync(TranscriptDiscovery.at(root), SyncProgress.none());
            // The transcript is written again with its last assistant answer cut short (the file shrinks, so it is
            // read again from the start): a re-read that diverges, so the file continues in a fork session.
            List<String> lines = Files.readAllLines(copy);
            int last = lastAssistant(lines);
            String line = lines.get(last);
            int text = line.indexOf("\"type\":\"text\",\"text\":\"") + "\"type\":\"text\",\"text\":\"".length();
            int end = line.indexOf('"', text);
            lines.set(last, line.substring(0, text) + "Fixed." + line.substring(end));
            Files.write(copy, lines);
            Files.setLastModifiedTime(copy, FileTime.fromMillis(Files.getLastModifiedTime(copy).toMillis() + 5000));
            sync.sync(TranscriptDiscovery.at(root), SyncProgress.none());
            Rereads.Event fork = new Rereads(db).since(0).stream()
                    .filter(e -> e.outcome() == Rereads.Outcome.DIVERGED).findFirst().orElseThrow();
            assertEquals(SESSION + "~2", fork.forkSessionId());
            int divergence = fork.firstDivergentOrdinal();

            Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, LATER);
            Extraction.RunReport r = x.run(Extraction.RunOptions.all());
            assertEquals(0, r.failed(), r.toString());
            x.activate(null);
            Entries entries = new Entries(db);
            List<RecallEntry> served = entries.list(EntryFilter.builder().status(EntryStatus.ACCEPTED).build(), 1000);
            Map<String, List<RecallEntry>> bySession = served.stream()
                    .collect(Collectors.groupingBy(RecallEntry::sourceSessionId));
            List<RecallEntry> parent = bySession.getOrDefault(SESSION, List.of());
            List<RecallEntry> forked = bySession.getOrDefault(fork.forkSessionId(), List.of());
            assertTrue(parent.stream().anyMatch(e -> entries.evidence(e.id()).stream()
                    .allMatch(a -> a.endOrdinal() < divergence)), "the parent's shared messages give entries");
            Set<String> parentKeys = parent.stream().map(ForkExtractionTest::key).collect(Collectors.toSet());
            for (RecallEntry e : forked) {
                List<Evidence> ev = entries.evidence(e.id());
                assertTrue(ev.stream().anyMatch(a -> a.endOrdinal() >= divergence), "fork entry " + e.title()
                        + " rests only on messages shared with the parent (before " + divergence + ")");
                assertFalse(parentKeys.contains(key(e)) && ev.stream().allMatch(a -> a.endOrdinal() < divergence),
                        "served twice: " + e.title());
            }
            // The same run again proposes the same thing: deterministic, and nothing new is written.
            Extraction.RunReport again = x.run(new Extraction.RunOptions(null, true, Extraction.RunOptions.all().limit()));
            assertEquals(0, again.inserted(), again.toString());
        }
    }

    private static String key(RecallEntry e) {
        return e.type().label() + "\n" + Texts.titleKey(e.title());
    }

    private static int lastAssistant(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            String l = lines.get(i);
            if (l.contains("\"type\":\"assistant\"") && l.contains("\"isSidechain\":false")
                    && l.contains("\"type\":\"text\",\"text\":\"")) {
                return i;
            }
        }
        throw new IllegalStateException("no assistant text in the fixture");
    }
}
