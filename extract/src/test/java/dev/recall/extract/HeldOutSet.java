package dev.recall.extract;

import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import java.nio.file.Path;
import java.util.List;

/**
 * The held-out set of testdata/extract/heldout: sessions, hand-written entries and verdicts written after rules
 * version 5, by someone who had not read the extractor's rules, for measuring rules that were never developed on
 * them. Kept apart from testdata/sessions so that no other test loads it by accident.
 */
final class HeldOutSet {
    private HeldOutSet() {}

    static Path dir() {
        return SampleCorpus.testdata().resolve("extract").resolve("heldout");
    }

    static Path sessionsFile() {
        return dir().resolve("sessions.jsonl");
    }

    static Path verdictsFile() {
        return dir().resolve("verdicts.jsonl");
    }

    /** Its verdicts and hand-written entries; every session of the set is in {@link JudgedCorpus.Half#HELD_OUT}. */
    static JudgedCorpus corpus() {
        return new JudgedCorpus(verdictsFile(), List.of(dir().resolve("entries.jsonl")),
                session -> JudgedCorpus.Half.HELD_OUT);
    }

    /** Imports the set's sessions into db, secrets redacted as by `recall sessions import`. */
    static void load(Database db) {
        new SessionArchiveImport(db, SecretScanner.archive()).run(sessionsFile());
    }
}
