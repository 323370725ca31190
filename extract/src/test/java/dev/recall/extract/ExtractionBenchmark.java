package dev.recall.extract;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Time per 1,000 messages of the local extractor on the sample data, replicated to a few thousand sessions:
 * the extractor alone, and a whole `extract run` (eligibility, anchoring, SQLite writes). Run on demand:
 * {@code ./mvnw -pl extract test -Dtest=ExtractionBenchmark -Drecall.bench=20}.
 */
@EnabledIfSystemProperty(named = "recall.bench", matches = "\\d+")
class ExtractionBenchmark {
    @Test
    void timePerThousandMessages() throws Exception {
        int copies = Integer.parseInt(System.getProperty("recall.bench"));
        Path dir = Files.createTempDirectory("recall-bench");
        try (Database db = Database.open(dir)) {
            SampleCorpus.load(db);
            Sessions sessions = new Sessions(db);
            List<Session> base = sessions.list(null, 100_000);
            db.transaction(() -> {
                for (int k = 1; k < copies; k++) {
                    for (Session s : base) {
                        String id = s.id() + "~" + k;
                        Session session = new Session(id, s.agent(), s.project(), s.cwd(), s.gitBranch(),
                                s.startedAt(), s.endedAt(), Session.ARCHIVE, null, 1);
                        List<Message> copy = new ArrayList<>();
                        for (Message m : sessions.messages(s.id())) {
                            copy.add(Message.of(id, m.ordinal(), m.role(), m.text(), m.toolName(), m.toolInput(),
                                    m.sourceUuid(), m.timestamp()));
                        }
                        sessions.insert(session, copy);
                    }
                }
            });
            List<Session> all = sessions.list(null, 1_000_000);
            List<List<Message>> messages = new ArrayList<>();
            long count = 0;
            for (Session s : all) {
                List<Message> m = sessions.messages(s.id());
                messages.add(m);
                count += m.size();
            }
            LocalExtractor extractor = new LocalExtractor(3);
            for (int warm = 0; warm < 2; warm++) {
                for (int i = 0; i < Math.min(50, all.size()); i++) {
                    extractor.extract(all.get(i), messages.get(i));
                }
            }
            var cpu = java.lang.management.ManagementFactory.getThreadMXBean();
            long t0 = System.nanoTime();
            long c0 = cpu.getCurrentThreadCpuTime();
            long proposals = 0;
            for (int i = 0; i < all.size(); i++) {
                proposals += extractor.extract(all.get(i), messages.get(i)).size();
            }
            double extractMs = (System.nanoTime() - t0) / 1e6;
            double extractCpuMs = (cpu.getCurrentThreadCpuTime() - c0) / 1e6;
            long c1 = cpu.getCurrentThreadCpuTime();

            Clock later = Clock.fixed(Instant.parse("2027-01-01T00:00:00Z"), ZoneOffset.UTC);
            Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, later);
            Extraction.RunReport r = x.run(Extraction.RunOptions.all());
            double runMs = r.elapsed().toNanos() / 1e6;
            double runCpuMs = (cpu.getCurrentThreadCpuTime() - c1) / 1e6;
            System.out.printf("local-v1 benchmark: %d sessions, %d messages, %d proposals%n", all.size(), count,
                    proposals);
            System.out.printf("  extractor only: %.1f ms CPU per 1,000 messages (%.1f ms wall; load average %.1f)%n",
                    extractCpuMs / count * 1000, extractMs / count * 1000,
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.printf("  extract run (eligibility, anchoring, SQLite writes): %.1f ms CPU per 1,000 messages"
                    + " (%.1f ms wall), %d entries written%n", runCpuMs / r.messages() * 1000,
                    runMs / r.messages() * 1000, r.inserted());
        }
    }
}
