package dev.recall.extract;

import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.SessionArchiveImport;
import java.nio.file.Path;
import java.util.List;

/**
 * A held-out set under testdata/extract: sessions, hand-written entries and verdicts written by someone who had not
 * read the extractor's rules, for measuring rules that were never developed on them. {@code heldout} was written
 * after rules version 5; {@code heldout2} after version 6, once the first set's failures had been described to the
 * rule writers; {@code heldout3} after version 7, while version 8 was written elsewhere; {@code heldout4} after version
 * 8, while version 9 was written elsewhere; {@code heldout5} after version 9, while version 10 was written elsewhere; {@code heldout6} after version 10, while version 11 was written elsewhere; {@code heldout7} after version 11, while version 12 was written elsewhere; {@code heldout8} after version 12, while version 13 was written elsewhere; {@code heldout9} after version 13, while version 14 was written elsewhere (opened for development in rules version 15, after version 14 had been measured on it); {@code heldout10} after version 14, while version 15 was written elsewhere (unseen). Kept apart from testdata/sessions so that no other test loads them by accident.
 *
 * <p>{@code heldout} and {@code heldout2} were opened for rule development in rules version 9 (issue 21, seventh
 * round): their missed entries may be listed and read; {@code heldout3} and {@code heldout4} were opened in rules version
 * 10 (issue 21, eighth round); {@code heldout5} in rules version 11 (issue 21, ninth round); {@code heldout6} in rules version 12 (issue 21, tenth
 * round); {@code heldout7} in rules version 13 (issue 21, eleventh round), and {@code heldout8} in the same round, after version 13 had been measured on it; {@code heldout9} in rules version 15 (issue 21, fourteenth round), after version 14 had been measured on it. What stays unseen is the test half of the sample data and the set written during a round by its judge on
 * another branch.
 *
 * @param name the set's directory under testdata/extract
 * @param development whether rules may be written from the set (its missed entries listed)
 */
record HeldOutSet(String name, boolean development) {
    /** Every held-out set, in the order they were written. */
    static final List<HeldOutSet> ALL = List.of(new HeldOutSet("heldout", true), new HeldOutSet("heldout2", true),
            new HeldOutSet("heldout3", true), new HeldOutSet("heldout4", true), new HeldOutSet("heldout5", true),
            new HeldOutSet("heldout6", true), new HeldOutSet("heldout7", true),
            new HeldOutSet("heldout8", true), new HeldOutSet("heldout9", true),
            new HeldOutSet("heldout10", false));

    /**
     * The set a {@code -Drecall.heldout} value names: {@code true} is the first set (as before there was a second),
     * otherwise the directory's name.
     */
    static HeldOutSet named(String value) {
        String name = value.equals("true") ? "heldout" : value;
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("no held-out set " + value + "; known: "
                        + ALL.stream().map(HeldOutSet::name).toList()));
    }

    Path dir() {
        return SampleCorpus.testdata().resolve("extract").resolve(name);
    }

    Path sessionsFile() {
        return dir().resolve("sessions.jsonl");
    }

    /** Verdicts of every rules version measured on the set (ids carry the version, so they do not collide). */
    Path verdictsFile() {
        return dir().resolve("verdicts.jsonl");
    }

    /** Its verdicts and hand-written entries; every session of the set is in {@link JudgedCorpus.Half#HELD_OUT}. */
    JudgedCorpus corpus() {
        return new JudgedCorpus(verdictsFile(), List.of(dir().resolve("entries.jsonl")),
                session -> JudgedCorpus.Half.HELD_OUT);
    }

    /** Imports the set's sessions into db, secrets redacted as by `recall sessions import`. */
    void load(Database db) {
        new SessionArchiveImport(db, SecretScanner.archive()).run(sessionsFile());
    }

    @Override
    public String toString() {
        return name;
    }
}
