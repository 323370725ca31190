package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local extractor on the sample data, against hand-judged verdicts (testdata/extract/judgments.jsonl).
 * Every proposal for a judged session must have a verdict, so that a rule change cannot slip past review: changed
 * proposals get new ids and must be judged again (JudgingSheet prints them with their evidence). Precision here is
 * the share a reviewer would keep (any label but reject); strict precision counts only "correct".
 */
class JudgedPrecisionTest {
    static final double MIN_PRECISION = 0.75;

    @TempDir
    Path dir;

    record Proposal(String id, String session, String type, String title) {}

    static List<Proposal> proposals(Database db) {
        Sessions sessions = new Sessions(db);
        LocalExtractor extractor = new LocalExtractor(ExtractConfig.local().maxFactsPerSession());
        Fingerprint fp = Fingerprint.of(ExtractConfig.local());
        List<Proposal> out = new ArrayList<>();
        List<Session> all = new ArrayList<>(sessions.list(null, 100_000));
        all.sort(java.util.Comparator.comparing(Session::id));
        for (Session s : all) {
            List<Message> messages = sessions.messages(s.id());
            var plan = Anchoring.plan(fp, s, messages, extractor.extract(s, messages), java.time.Instant.EPOCH);
            for (var p : plan.entries()) {
                out.add(new Proposal(p.entry().id(), s.id(), p.entry().type().label(), p.entry().title()));
            }
        }
        return out;
    }

    record Anchored(String session, String type, List<int[]> ranges) {}

    static List<Anchored> proposalsWithAnchors(Database db) {
        Sessions sessions = new Sessions(db);
        LocalExtractor extractor = new LocalExtractor(ExtractConfig.local().maxFactsPerSession());
        Fingerprint fp = Fingerprint.of(ExtractConfig.local());
        List<Anchored> out = new ArrayList<>();
        for (Session s : sessions.list(null, 100_000)) {
            List<Message> messages = sessions.messages(s.id());
            for (var p : Anchoring.plan(fp, s, messages, extractor.extract(s, messages), java.time.Instant.EPOCH)
                    .entries()) {
                out.add(new Anchored(s.id(), p.entry().type().label(), p.evidence().stream()
                        .map(e -> new int[] {e.startOrdinal(), e.endOrdinal()}).toList()));
            }
        }
        return out;
    }

    /**
     * How many of the hand-written entries in testdata/entries (written for the same sessions by another person)
     * have a proposal of the same type whose evidence overlaps theirs: a rough recall, for information.
     */
    static String coverage(Database db, List<Anchored> proposals) throws java.io.IOException {
        Path dir = SampleCorpus.testdata().resolve("entries");
        if (!Files.isDirectory(dir)) {
            return "";
        }
        ObjectMapper json = new ObjectMapper();
        Map<String, int[]> byType = new TreeMap<>();
        int total = 0;
        int found = 0;
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(f)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode e = json.readTree(line);
                    String session = e.get("source_session_id").asText();
                    String type = e.get("type").asText();
                    List<int[]> ranges = new ArrayList<>();
                    e.path("evidence").forEach(a -> ranges.add(new int[] {a.get("start_ordinal").asInt(),
                            a.get("end_ordinal").asInt()}));
                    boolean hit = proposals.stream().anyMatch(p -> p.session().equals(session) && p.type().equals(type)
                            && p.ranges().stream().anyMatch(r -> ranges.stream().anyMatch(h -> r[0] <= h[1] + 1
                                    && h[0] <= r[1] + 1)));
                    total++;
                    int[] t = byType.computeIfAbsent(type, k -> new int[2]);
                    t[0]++;
                    if (hit) {
                        found++;
                        t[1]++;
                    }
                }
            }
        }
        StringBuilder b = new StringBuilder(String.format("hand-written entries matched by a proposal of the same type"
                + " with overlapping evidence: %d of %d (%.3f)%n", found, total, total == 0 ? 0 : (double) found / total));
        byType.forEach((type, t) -> b.append(String.format("  %-16s %3d of %3d%n", type, t[1], t[0])));
        return b.toString();
    }

    @Test
    void everyProposalIsJudgedAndMostAreWorthKeeping() throws Exception {
        Path judgments = SampleCorpus.testdata().resolve("extract").resolve("judgments.jsonl");
        Map<String, JsonNode> verdicts = new LinkedHashMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(judgments)) {
            if (!line.isBlank()) {
                JsonNode n = json.readTree(line);
                verdicts.put(n.get("id").asText(), n);
            }
        }
        try (Database db = Database.open(dir)) {
            SampleCorpus.load(db);
            // Sessions added to the sample data later are reported, not failed: someone has to judge them first.
            java.util.Set<String> judgedSessions = new java.util.HashSet<>();
            verdicts.values().forEach(v -> judgedSessions.add(v.get("session").asText()));
            List<Proposal> all = proposals(db);
            List<Proposal> proposals = all.stream().filter(p -> judgedSessions.contains(p.session())).toList();
            long newSessions = all.stream().map(Proposal::session).filter(x -> !judgedSessions.contains(x)).distinct()
                    .count();
            List<String> unjudged = new ArrayList<>();
            Map<String, int[]> byType = new TreeMap<>();
            int kept = 0;
            int correct = 0;
            for (Proposal p : proposals) {
                JsonNode v = verdicts.get(p.id());
                if (v == null) {
                    unjudged.add(p.id() + " " + p.session() + " [" + p.type() + "] " + p.title());
                    continue;
                }
                String label = v.get("label").asText();
                ReviewLabel.parse(label);
                int[] t = byType.computeIfAbsent(p.type(), k -> new int[2]);
                t[0]++;
                if (!label.equals("reject")) {
                    kept++;
                    t[1]++;
                }
                if (label.equals("correct")) {
                    correct++;
                }
            }
            assertTrue(unjudged.isEmpty(), unjudged.size() + " proposals have no verdict in " + judgments + ":\n"
                    + String.join("\n", unjudged));
            double precision = (double) kept / proposals.size();
            StringBuilder report = new StringBuilder(String.format("local-v1 on the sample data: %d proposals,"
                    + " %d kept (precision %.3f), %d correct (strict %.3f)%n", proposals.size(), kept, precision,
                    correct, (double) correct / proposals.size()));
            byType.forEach((type, t) -> report.append(String.format("  %-16s %3d proposed, %3d kept (%.2f)%n", type,
                    t[0], t[1], (double) t[1] / t[0])));
            if (newSessions > 0) {
                report.append(String.format("  (%d sessions of the sample data have no verdicts yet and are left out)%n",
                        newSessions));
            }
            report.append(coverage(db, proposalsWithAnchors(db)));
            System.out.print(report);
            assertTrue(precision >= MIN_PRECISION, report.toString());
        }
    }

    @Test
    void theSampleDataGivesTheSameProposalsEveryTime(@TempDir Path other) throws Exception {
        List<Proposal> first;
        try (Database db = Database.open(dir)) {
            SampleCorpus.load(db);
            first = proposals(db);
            assertEquals(first, proposals(db), "twice on the same store");
        }
        try (Database db = Database.open(other)) {
            SampleCorpus.load(db);
            assertEquals(first, proposals(db), "on a fresh store loaded from the same files");
        }
    }
}
