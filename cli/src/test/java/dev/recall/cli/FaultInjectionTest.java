package dev.recall.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 12: each write path run as a real {@code recall} process and killed with SIGKILL at several points of its
 * run. After each kill the store must pass SQLite's integrity check, hold the state from before or after the command
 * (or, for paths that commit piece by piece, only whole pieces), {@code recall doctor} must find nothing but an
 * interrupted build, and running the command again must finish with the state an uninterrupted run leaves.
 *
 * <p>The kill points are spread over the command's own wall time, measured by an uninterrupted run first: start-up,
 * reading, the write transaction and the derived indexes. {@code -Drecall.faults.points=N} sets how many per path
 * (default 2; the figures in docs/reliability.md come from a run with more).
 *
 * <p>It runs for minutes, so `./mvnw verify` leaves it out (tag {@value #TAG}); run it with
 * {@code ./mvnw -B verify -pl cli -am -Dtest=FaultInjectionTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Drecall.excludedGroups=none}.
 */
@Tag(FaultInjectionTest.TAG)
class FaultInjectionTest {
    static final String TAG = "fault-injection";
    static final int POINTS = Integer.getInteger("recall.faults.points", 2);
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** What a kill left: the same as before the command, as after it, or a part of it (whole pieces only). */
    enum Outcome { BEFORE, AFTER, PART }

    /** Counts that say what a store holds; compared between runs. */
    record State(Map<String, Long> counts) {
        static State of(Path data) throws Exception {
            Map<String, Long> m = new TreeMap<>();
            Path db = data.resolve("recall.db");
            for (String table : List.of("sessions", "messages", "recall_entries", "recall_evidence",
                    "extraction_candidates", "secret_findings", "recall_review_labels")) {
                m.put(table, count(db, "SELECT count(*) AS n FROM " + table));
            }
            for (String q : List.of("SELECT count(*) AS n FROM recall_entries WHERE review_state = 'human_reviewed'",
                    "SELECT count(*) AS n FROM recall_entries WHERE status = 'accepted'",
                    "SELECT count(*) AS n FROM vector_generations WHERE state = 'active'")) {
                m.put(q.substring(q.indexOf("WHERE") + 6), count(db, q));
            }
            return new State(m);
        }
    }

    /** One write path: how its data dir is prepared, the command, and whether it commits in one piece. */
    record Scenario(String name, Setup setup, List<String> command, boolean atomic) {}

    interface Setup {
        void prepare(Path data, Path work) throws Exception;
    }

    @Test
    void everyWritePathSurvivesSigkillAtAnyPoint() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        List<Scenario> scenarios = List.of(
                new Scenario("entry import", (d, w) -> importSessions(d),
                        List.of("import", manyEntries(work, 3000).toString(), "--yes", "--reviewed"), true),
                new Scenario("sessions import", (d, w) -> CliRun.run(d, "stats"),
                        List.of("sessions", "import", manySessions(work, 300).toString()), true),
                new Scenario("sync", (d, w) -> CliRun.run(d, "stats"),
                        List.of("sync", "--path", manyTranscripts(work, 120).toString()), false),
                new Scenario("embeddings build", (d, w) -> {
                    importSessions(d);
                    assertEquals(0, CliRun.run(d, "import", CliRun.TESTDATA.resolve("entries/part-a.jsonl").toString(),
                            "--yes", "--reviewed").code());
                }, List.of("embeddings", "build"), false),
                new Scenario("extract run", (d, w) -> synced(d), List.of("extract", "run"), false),
                new Scenario("extract activate", (d, w) -> extracted(d), List.of("extract", "activate"), true),
                new Scenario("review import", (d, w) -> {
                    extracted(d);
                    assertEquals(0, CliRun.run(d, "extract", "activate").code());
                }, List.of("review", "import", "REVIEW", "--yes"), true));

        Map<String, Map<Outcome, Integer>> outcomes = new LinkedHashMap<>();
        for (Scenario s : scenarios) {
            outcomes.put(s.name(), run(s, work));
        }
        System.out.println("fault injection: " + outcomes);
        int kills = outcomes.values().stream().mapToInt(m -> m.values().stream().mapToInt(Integer::intValue).sum()).sum();
        assertEquals(scenarios.size() * POINTS, kills);
    }

    private Map<Outcome, Integer> run(Scenario s, Path work) throws Exception {
        Path template = tmp.resolve("template-" + s.name().replace(' ', '-'));
        s.setup().prepare(template, work);
        List<String> command = resolve(s.command(), template, work);
        State before = State.of(template);

        // the reference: the same command, uninterrupted
        Path reference = copy(template, tmp.resolve("reference-" + s.name().replace(' ', '-')));
        long t0 = System.nanoTime();
        Process p = RecallProcess.start(tmp, reference, command, work.resolve("reference.log"));
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), s.name() + ": the reference run did not finish");
        long wall = System.nanoTime() - t0;
        assertEquals(0, p.exitValue(), s.name() + ": " + Files.readString(work.resolve("reference.log")));
        State after = State.of(reference);
        assertNotEquals(before, after, s.name() + ": the command changed nothing");
        List<String> probe = probe(reference);

        Map<Outcome, Integer> seen = new TreeMap<>();
        for (int k = 1; k <= POINTS; k++) {
            Path data = copy(template, tmp.resolve("killed-" + s.name().replace(' ', '-') + "-" + k));
            // spread over the run, skewed late: start-up is a third of a short command
            long at = (long) (wall * (0.35 + 0.6 * k / (POINTS + 1.0)));
            Process victim = RecallProcess.start(tmp, data, resolve(s.command(), data, work),
                    work.resolve("killed-" + k + ".log"));
            boolean finished = victim.waitFor(at, TimeUnit.NANOSECONDS);
            if (!finished) {
                victim.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no finally block runs
                assertTrue(victim.waitFor(60, TimeUnit.SECONDS));
            }
            String where = s.name() + ", killed at " + at / 1_000_000 + " ms of " + wall / 1_000_000 + " ms";
            assertEquals(List.of("ok"), integrity(data), where);
            State killed = State.of(data);
            Outcome outcome = killed.equals(before) ? Outcome.BEFORE : killed.equals(after) ? Outcome.AFTER
                    : Outcome.PART;
            if (s.atomic()) {
                assertNotEquals(Outcome.PART, outcome, where + ": half-written " + killed + " (before " + before
                        + ", after " + after + ")");
            } else {
                wholePieces(data, reference, where);
            }
            seen.merge(outcome, 1, Integer::sum);
            CliRun doctor = CliRun.run(data, "doctor", "--json");
            for (JsonNode f : doctor.json().get("findings")) {
                assertTrue(f.get("ok").asBoolean() || f.get("what").asText().equals("an interrupted build"),
                        where + ": doctor: " + f);
            }
            // the command again finishes the job, with the state and answers of an uninterrupted run
            CliRun again = CliRun.run(data, resolve(s.command(), data, work).toArray(String[]::new));
            assertEquals(0, again.code(), where + ": rerun: " + again);
            assertEquals(after, State.of(data), where + ": after the rerun");
            assertEquals(0, CliRun.run(data, "doctor").code(), where + ": doctor after the rerun");
            assertEquals(probe, probe(data), where + ": answers after the rerun");
        }
        return seen;
    }

    /** For paths that commit piece by piece: each session present holds all its messages, as in the reference. */
    private static void wholePieces(Path data, Path reference, String where) throws Exception {
        Map<String, Long> got = perSession(data);
        Map<String, Long> want = perSession(reference);
        got.forEach((id, n) -> assertEquals(want.get(id), n, where + ": session " + id + " half-written"));
    }

    private static Map<String, Long> perSession(Path data) {
        Map<String, Long> m = new TreeMap<>();
        for (Map<String, Object> row : StoreSql.rowsOfFile(data.resolve("recall.db"),
                "SELECT s.id AS id, (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS n FROM sessions s")) {
            m.put((String) row.get("id"), ((Number) row.get("n")).longValue());
        }
        return m;
    }

    private static List<String> integrity(Path data) {
        return StoreSql.rowsOfFile(data.resolve("recall.db"), "PRAGMA integrity_check").stream()
                .map(row -> String.valueOf(row.values().iterator().next())).toList();
    }

    private static long count(Path db, String sql) {
        return ((Number) StoreSql.rowsOfFile(db, sql).getFirst().get("n")).longValue();
    }

    /** What a lexical query and (when there are vectors) a hybrid query answer. */
    private static long vectors(Path data) {
        try {
            return State.of(data).counts().get("state = 'active'");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> probe(Path data) {
        List<String> ids = new ArrayList<>();
        CliRun lexical = CliRun.run(data, "query", "integration tests postgres", "--json", "--no-record");
        assertEquals(0, lexical.code(), lexical.toString());
        lexical.json().get("entries").forEach(r -> ids.add(r.get("id").asText()));
        CliRun sessions = CliRun.run(data, "search", "integration tests postgres", "--json");
        assertEquals(0, sessions.code(), sessions.toString());
        sessions.json().get("passages").forEach(r -> ids.add(r.get("passage_id").asText()));
        if (vectors(data) == 0) {
            return ids;
        }
        CliRun hybrid = CliRun.run(data, "query", "the integration suite cannot reach the database", "--mode", "hybrid",
                "--json", "--no-record");
        assertEquals(0, hybrid.code(), hybrid.toString());
        hybrid.json().get("entries").forEach(r -> ids.add("hybrid:" + r.get("id").asText()));
        return ids;
    }

    private static List<String> resolve(List<String> command, Path data, Path work) {
        return command.stream().map(a -> a.equals("REVIEW") ? review(data, work).toString() : a).toList();
    }

    // ---- inputs ------------------------------------------------------------------------------------------------

    private static void importSessions(Path data) {
        CliRun.importSessions(data, "part-a", "part-b");
    }

    private static void synced(Path data) {
        assertEquals(0, CliRun.run(data, "sync", "--path", CliRun.TESTDATA.resolve("transcripts").toString()).code());
        importSessions(data);
    }

    private static void extracted(Path data) {
        synced(data);
        assertEquals(0, CliRun.run(data, "extract", "run").code());
    }

    /** The extracted entries, each labelled correct: written once per data dir (the ids are the same in each). */
    private static Path review(Path data, Path work) {
        Path file = work.resolve("review.jsonl");
        if (Files.exists(file)) {
            return file;
        }
        try {
            assertEquals(0, CliRun.run(data, "review", "export", "--out", file.toString()).code());
            List<String> out = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                ObjectNode n = (ObjectNode) JSON.readTree(line);
                n.put("label", "correct");
                out.add(JSON.writeValueAsString(n));
            }
            Files.write(file, out);
            return file;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** n entries made from the sample entries, with new ids, placeholder-free (their sessions are imported). */
    private static Path manyEntries(Path work, int n) throws IOException {
        List<String> sample = Files.readAllLines(CliRun.TESTDATA.resolve("entries/part-a.jsonl"));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode e = (ObjectNode) JSON.readTree(sample.get(i % sample.size()));
            e.put("id", e.get("id").asText() + "-x" + i);
            e.remove("supersedes");
            out.add(JSON.writeValueAsString(e));
        }
        return Files.write(work.resolve("entries.jsonl"), out);
    }

    /** n archived sessions made from the sample sessions, with new ids. */
    private static Path manySessions(Path work, int n) throws IOException {
        List<String> sample = Files.readAllLines(CliRun.TESTDATA.resolve("sessions/part-a.jsonl"));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode s = (ObjectNode) JSON.readTree(sample.get(i % sample.size()));
            s.put("id", s.get("id").asText() + "-x" + i);
            out.add(JSON.writeValueAsString(s));
        }
        return Files.write(work.resolve("sessions.jsonl"), out);
    }

    /** n Claude Code transcripts: the sample transcript under new session ids. */
    private static Path manyTranscripts(Path work, int n) throws IOException {
        Path project = CliRun.TESTDATA.resolve("transcripts/claude/projects/-home-dana-src-ledgerd");
        Path file;
        try (Stream<Path> files = Files.list(project)) {
            file = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
        }
        String id = file.getFileName().toString().replace(".jsonl", "");
        String text = Files.readString(file);
        Path root = Files.createDirectories(work.resolve("claude/projects/-home-dana-src-ledgerd"));
        for (int i = 0; i < n; i++) {
            String copy = String.format("%s%04d", id.substring(0, id.length() - 4), i);
            Files.writeString(root.resolve(copy + ".jsonl"), text.replace(id, copy));
        }
        return work.resolve("claude");
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(p));
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }
}
