package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 12 item 10: several real recall processes on one data dir at once (entry imports, a session import, a sync,
 * a vector build, lexical and hybrid queries). Writers queue and never fail while another makes progress; nothing
 * any of them wrote is lost; a query either answers from current data or, for vectors, refuses as stale (exit 4),
 * never errs and never answers from vectors behind the corpus in silence.
 */
class ConcurrentProcessesTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    record Run(String name, List<String> command, Process process, Path log) {}

    @Test
    void writersQueueNothingIsLostAndQueriesNeverAnswerStale() throws Exception {
        Path data = tmp.resolve("data");
        CliRun.importSessions(data, "part-a", "part-b");
        assertEquals(0, CliRun.run(data, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(), "--yes",
                "--reviewed").code());
        int base = CliRun.run(data, "stats", "--json").json().get("total").asInt();

        List<Path> batches = new ArrayList<>();
        Set<String> expectedIds = new TreeSet<>();
        for (int b = 0; b < 3; b++) {
            batches.add(entries(b, 400, expectedIds));
        }
        Path sessions = sessions(60);
        Path transcripts = CliRun.TESTDATA.resolve("transcripts");

        List<Run> writers = new ArrayList<>();
        for (int b = 0; b < batches.size(); b++) {
            writers.add(start(data, "import " + b, List.of("import", batches.get(b).toString(), "--yes", "--reviewed")));
        }
        writers.add(start(data, "sessions import", List.of("sessions", "import", sessions.toString())));
        writers.add(start(data, "sync", List.of("sync", "--path", transcripts.toString())));
        writers.add(start(data, "embeddings build", List.of("embeddings", "build")));

        // queries while the writers run: each its own process, one after another
        List<String> answers = new ArrayList<>();
        int queries = 0;
        while (writers.stream().anyMatch(w -> w.process().isAlive()) && queries < 8) {
            boolean hybrid = queries % 2 == 1;
            Run q = start(data, "query " + queries, hybrid
                    ? List.of("query", "integration tests postgres", "--mode", "hybrid", "--json", "--no-record")
                    : List.of("query", "integration tests postgres", "--json", "--no-record"));
            assertTrue(q.process().waitFor(5, TimeUnit.MINUTES));
            String out = Files.readString(q.log());
            int code = q.process().exitValue();
            if (hybrid && code == 4) {
                assertTrue(out.contains("recall embeddings build"), "a refusal names its fix: " + out);
                answers.add("hybrid refused as stale");
            } else {
                assertEquals(0, code, q.name() + ": " + out);
                answers.add(q.name() + " answered");
            }
            queries++;
        }
        for (Run w : writers) {
            assertTrue(w.process().waitFor(10, TimeUnit.MINUTES), w.name() + " did not finish");
            String log = Files.readString(w.log());
            assertEquals(0, w.process().exitValue(), w.name() + ": " + log);
            for (String line : log.lines().toList()) {
                assertFalse(line.contains("locked") || line.contains("Exception") || line.startsWith("recall: error"),
                        w.name() + ": " + line);
            }
        }
        System.out.println("concurrent processes: " + writers.size() + " writers, " + queries + " queries: " + answers);

        // nothing lost: every entry of every batch, every session, and the transcripts
        var stats = CliRun.run(data, "stats", "--json").json();
        assertEquals(base + expectedIds.size(), stats.get("total").asInt(), stats.toString());
        for (String id : List.of(expectedIds.iterator().next(), ((TreeSet<String>) expectedIds).last())) {
            assertEquals(0, CliRun.run(data, "get", id).code(), id);
        }
        assertEquals(0, CliRun.run(data, "sessions", "show", "sess-ledgerd-0001-c0").code());
        // vectors: fresh after one more build (the build may have started before some imports), never silently stale
        CliRun hybrid = CliRun.run(data, "query", "integration tests postgres", "--mode", "hybrid", "--no-record");
        assertTrue(hybrid.code() == 0 || hybrid.code() == 4, hybrid.toString());
        assertEquals(0, CliRun.run(data, "embeddings", "build").code());
        assertEquals(0, CliRun.run(data, "query", "integration tests postgres", "--mode", "hybrid", "--no-record").code());
        CliRun doctor = CliRun.run(data, "doctor");
        assertEquals(0, doctor.code(), doctor.toString());
    }

    private Run start(Path data, String name, List<String> command) throws Exception {
        Path log = tmp.resolve(name.replace(' ', '-') + ".log");
        return new Run(name, command, RecallProcess.start(tmp, data, command, log), log);
    }

    private Path entries(int batch, int n, Set<String> ids) throws Exception {
        List<String> sample = Files.readAllLines(CliRun.TESTDATA.resolve("entries/part-a.jsonl"));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode e = (ObjectNode) JSON.readTree(sample.get(i % sample.size()));
            String id = e.get("id").asText() + "-b" + batch + "-" + i;
            e.put("id", id);
            e.remove("supersedes");
            ids.add(id);
            out.add(JSON.writeValueAsString(e));
        }
        return Files.write(tmp.resolve("batch-" + batch + ".jsonl"), out);
    }

    private Path sessions(int n) throws Exception {
        List<String> sample = Files.readAllLines(CliRun.TESTDATA.resolve("sessions/part-a.jsonl"));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode s = (ObjectNode) JSON.readTree(sample.get(i % sample.size()));
            s.put("id", s.get("id").asText() + "-c" + i);
            out.add(JSON.writeValueAsString(s));
        }
        return Files.write(tmp.resolve("sessions.jsonl"), out);
    }
}
