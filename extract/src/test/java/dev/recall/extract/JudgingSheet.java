package dev.recall.extract;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the judging sheet: every proposal of the local extractor with its evidence, for testdata/extract/judgments.jsonl
 * (or, with {@code -Drecall.heldout=true}, for the held-out set's testdata/extract/heldout/verdicts.jsonl; with
 * {@code -Drecall.heldout=heldout2}, {@code =heldout3}, {@code =heldout4}, {@code =heldout5} or {@code =heldout6}, for that set's verdicts.jsonl). Run on
 * demand: {@code ./mvnw -pl extract test -Dtest=JudgingSheet -Drecall.sheet=/tmp/sheet.txt} (add
 * {@code -Drecall.sheet.archive=FILE} for another archive than the sample data, {@code -Drecall.sheet.half=development}
 * to print the development half's sessions only).
 */
@EnabledIfSystemProperty(named = "recall.sheet", matches = ".+")
class JudgingSheet {
    @Test
    void write() throws Exception {
        Path dir = Files.createTempDirectory("sheet");
        StringBuilder b = new StringBuilder();
        try (Database db = Database.open(dir)) {
            // recall.sheet.archive: another session archive (a probe of one capability) instead of the sample data.
            String heldOut = System.getProperty("recall.heldout", "");
            String archive = !heldOut.isEmpty() && !heldOut.equals("false")
                    ? HeldOutSet.named(heldOut).sessionsFile().toString()
                    : System.getProperty("recall.sheet.archive", "");
            if (archive.isEmpty()) {
                SampleCorpus.load(db);
            } else {
                new dev.recall.store.SessionArchiveImport(db, dev.recall.sessions.SecretScanner.archive())
                        .run(Path.of(archive));
            }
            Sessions sessions = new Sessions(db);
            LocalExtractor extractor = new LocalExtractor(3);
            Fingerprint fp = Fingerprint.of(ExtractConfig.local());
            java.util.List<dev.recall.store.Session> all = new java.util.ArrayList<>(sessions.list(null, 100_000));
            all.sort(java.util.Comparator.comparing(dev.recall.store.Session::id));
            // recall.sheet.half=development: leave out the test half's sessions, which a rules' author never reads.
            boolean developmentOnly = archive.isEmpty()
                    && "development".equals(System.getProperty("recall.sheet.half", ""));
            for (var s : all) {
                if (developmentOnly && JudgedCorpus.half(s.id()) == JudgedCorpus.Half.TEST) {
                    continue;
                }
                var messages = sessions.messages(s.id());
                b.append("\n===== ").append(s.id()).append('\n');
                for (var p : Anchoring.plan(fp, s, messages, extractor.extract(s, messages), java.time.Instant.EPOCH).entries()) {
                    describe(b, sessions, p);
                }
            }
        }
        Files.writeString(Path.of(System.getProperty("recall.sheet")), b.toString());
    }

    /** One proposal as a judge reads it: id, type, title, trigger, body, and the messages of its evidence. */
    static void describe(StringBuilder b, Sessions sessions, dev.recall.store.ProposedEntry p) {
        var e = p.entry();
        String s = e.sourceSessionId();
        b.append(e.id()).append(" [").append(e.type().label()).append("] ").append(e.title()).append('\n');
        b.append("    trigger: ").append(e.trigger()).append('\n');
        String body = e.body().replace("\n", " / ");
        b.append("    body: ").append(body, 0, Math.min(body.length(), 500)).append('\n');
        for (var ev : p.evidence()) {
            for (Message m : sessions.messages(s, ev.startOrdinal(), ev.endOrdinal())) {
                String text = m.text().replace("\n", " | ");
                b.append("    #").append(m.ordinal()).append(' ').append(m.role())
                        .append(m.toolName() == null ? "" : " " + m.toolName() + "(" + m.toolInput() + ")")
                        .append(": ").append(text, 0, Math.min(text.length(), 300)).append('\n');
            }
        }
    }
}
