package dev.recall.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The judged material of the sample data and how an extractor measures against it: the hand verdicts on proposals
 * (testdata/extract/judgments.jsonl), the hand-written entries (testdata/entries, written for the same sessions by
 * another person), and the split of the sessions into a development half and a test half.
 *
 * <p>The split is by session and fixed in advance: an archive session {@code sess-<project>-NNNN} is in the test
 * half when NNNN is even, in the development half when it is odd; the transcript fixtures are development
 * sessions. Every project and both agents are in both halves (four sessions of each of the six projects). Rules
 * are changed looking at the development half only; the test half is what the numbers in docs/benchmarks.md report.
 */
final class JudgedCorpus {
    private static final Pattern NUMBERED = Pattern.compile("^sess-.+-(\\d{4})$");

    /** The development and test halves of the sample data, and the separately written held-out set (HeldOutSet). */
    enum Half { DEV, TEST, HELD_OUT;
        String label() {
            return switch (this) {
                case DEV -> "development half";
                case TEST -> "test half";
                case HELD_OUT -> "held-out set";
            };
        }
    }

    /** A hand-written entry: the type and the messages its evidence cites. */
    record HandEntry(String id, String session, String type, String title, List<int[]> ranges, JsonNode json) {}

    /** A proposal: its id, session, type, title and the message ranges of its evidence. */
    record Proposal(String id, String session, String type, String title, List<int[]> ranges) {}

    private final Map<String, JsonNode> verdicts = new LinkedHashMap<>();
    private final List<HandEntry> hand = new ArrayList<>();
    private final java.util.function.Function<String, Half> halfOf;

    /** The sample data's verdicts and hand-written entries, split into halves by session number. */
    JudgedCorpus() {
        this(judgmentsFile(), entryFiles(SampleCorpus.testdata().resolve("entries")), JudgedCorpus::half);
    }

    /** Verdicts and hand-written entries read from the given files; halfOf says which half a session is in. */
    JudgedCorpus(Path verdictsFile, List<Path> entryFiles, java.util.function.Function<String, Half> halfOf) {
        this.halfOf = halfOf;
        ObjectMapper json = new ObjectMapper();
        try {
            for (String line : Files.readAllLines(verdictsFile)) {
                if (!line.isBlank()) {
                    JsonNode n = json.readTree(line);
                    verdicts.put(n.get("id").asText(), n);
                }
            }
            for (Path f : entryFiles) {
                for (String line : Files.readAllLines(f)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode e = json.readTree(line);
                    List<int[]> ranges = new ArrayList<>();
                    e.path("evidence").forEach(a -> ranges.add(new int[] {a.get("start_ordinal").asInt(),
                            a.get("end_ordinal").asInt()}));
                    hand.add(new HandEntry(e.get("id").asText(), e.get("source_session_id").asText(),
                            e.get("type").asText(), e.get("title").asText(), ranges, e));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> entryFiles(Path dir) {
        try (var files = Files.list(dir)) {
            return files.filter(x -> x.toString().endsWith(".jsonl")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path judgmentsFile() {
        return SampleCorpus.testdata().resolve("extract").resolve("judgments.jsonl");
    }

    static Half half(String sessionId) {
        Matcher m = NUMBERED.matcher(sessionId);
        return m.matches() && Integer.parseInt(m.group(1)) % 2 == 0 ? Half.TEST : Half.DEV;
    }

    Map<String, JsonNode> verdicts() {
        return verdicts;
    }

    List<HandEntry> hand() {
        return hand;
    }

    /** The local extractor's proposals for every session of the store, in session order. */
    static List<Proposal> localProposals(Database db) {
        Sessions sessions = new Sessions(db);
        ExtractConfig config = ExtractConfig.local();
        LocalExtractor extractor = new LocalExtractor(config.maxFactsPerSession());
        Fingerprint fp = Fingerprint.of(config);
        List<Proposal> out = new ArrayList<>();
        List<Session> all = new ArrayList<>(sessions.list(null, 100_000));
        all.sort(Comparator.comparing(Session::id));
        for (Session s : all) {
            List<Message> messages = sessions.messages(s.id());
            for (var p : Anchoring.plan(fp, s, messages, extractor.extract(s, messages), java.time.Instant.EPOCH)
                    .entries()) {
                out.add(of(p));
            }
        }
        return out;
    }

    static Proposal of(dev.recall.store.ProposedEntry p) {
        return new Proposal(p.entry().id(), p.entry().sourceSessionId(), p.entry().type().label(),
                p.entry().title(), p.evidence().stream().map(e -> new int[] {e.startOrdinal(), e.endOrdinal()})
                        .toList());
    }

    /** Per-type counts of one half. */
    static final class Counts {
        int proposed;
        int kept;
        int correct;
        int handTotal;
        int handFound;
        int handMatched;
    }

    /** What an extractor scored on one half. */
    record Report(Half half, Map<String, Counts> byType, List<String> unjudged, List<HandEntry> missed) {
        Counts total() {
            Counts t = new Counts();
            for (Counts c : byType.values()) {
                t.proposed += c.proposed;
                t.kept += c.kept;
                t.correct += c.correct;
                t.handTotal += c.handTotal;
                t.handFound += c.handFound;
                t.handMatched += c.handMatched;
            }
            return t;
        }

        double precision() {
            Counts t = total();
            return ratio(t.kept, t.proposed);
        }

        double strict() {
            Counts t = total();
            return ratio(t.correct, t.proposed);
        }

        double coverage() {
            Counts t = total();
            return ratio(t.handFound, t.handTotal);
        }

        double coverage(String type) {
            Counts c = byType.get(type);
            return c == null ? 0 : ratio(c.handFound, c.handTotal);
        }

        /** A table as docs/benchmarks.md shows it. */
        String table(String name) {
            Counts t = total();
            StringBuilder b = new StringBuilder(String.format("%s on the %s: %d proposals, %d kept (precision %.3f),"
                    + " %d correct (strict %.3f); coverage %d of %d hand-written entries (%.3f), one-to-one %d (%.3f)%n",
                    name, half.label(), t.proposed, t.kept, precision(), t.correct, strict(), t.handFound, t.handTotal,
                    coverage(), t.handMatched, ratio(t.handMatched, t.handTotal)));
            b.append("| type | proposed | kept | precision | strict | hand-written | covered | coverage | one-to-one |\n");
            b.append("|---|---|---|---|---|---|---|---|---|\n");
            byType.forEach((type, c) -> b.append(String.format("| %s | %d | %d | %.2f | %.2f | %d | %d | %.2f | %d |%n",
                    type, c.proposed, c.kept, ratio(c.kept, c.proposed), ratio(c.correct, c.proposed), c.handTotal,
                    c.handFound, ratio(c.handFound, c.handTotal), c.handMatched)));
            if (!unjudged.isEmpty()) {
                b.append(unjudged.size()).append(" proposals without a verdict (left out of precision)\n");
            }
            return b.toString();
        }
    }

    static double ratio(int a, int b) {
        return b == 0 ? 0 : (double) a / b;
    }

    /**
     * Scores proposals on one half. Precision counts the proposals' verdicts (when {@code judged}; an oracle run
     * has none). Coverage counts hand-written entries that a proposal of the same type overlaps with its evidence
     * (touching ranges count); one-to-one pairs each proposal with at most one hand-written entry, greedily in
     * order, so that one wide proposal cannot cover a whole session.
     */
    Report score(List<Proposal> proposals, Half half, boolean judged) {
        Map<String, Counts> byType = new TreeMap<>();
        List<String> unjudged = new ArrayList<>();
        List<Proposal> mine = proposals.stream().filter(p -> halfOf.apply(p.session()) == half).toList();
        for (Proposal p : mine) {
            Counts c = byType.computeIfAbsent(p.type(), k -> new Counts());
            if (!judged) {
                c.proposed++;
                continue;
            }
            JsonNode v = verdicts.get(p.id());
            if (v == null) {
                unjudged.add(p.id() + " " + p.session() + " [" + p.type() + "] " + p.title());
                continue;
            }
            String label = v.get("label").asText();
            ReviewLabel.parse(label);
            c.proposed++;
            if (!label.equals("reject")) {
                c.kept++;
            }
            if (label.equals("correct")) {
                c.correct++;
            }
        }
        List<HandEntry> missed = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (HandEntry h : hand) {
            if (halfOf.apply(h.session()) != half) {
                continue;
            }
            Counts c = byType.computeIfAbsent(h.type(), k -> new Counts());
            c.handTotal++;
            List<Proposal> hits = mine.stream().filter(p -> overlaps(p, h)).toList();
            if (hits.isEmpty()) {
                missed.add(h);
                continue;
            }
            c.handFound++;
            hits.stream().filter(p -> !used.contains(p.id())).findFirst().ifPresent(p -> {
                used.add(p.id());
                c.handMatched++;
            });
        }
        if (!judged) {
            // An oracle's proposals are hand-written entries passed through: kept means it matches one.
            for (Proposal p : mine) {
                if (hand.stream().anyMatch(h -> overlaps(p, h))) {
                    byType.get(p.type()).kept++;
                }
            }
        }
        return new Report(half, byType, unjudged, missed);
    }

    static boolean overlaps(Proposal p, HandEntry h) {
        return p.session().equals(h.session()) && p.type().equals(h.type()) && p.ranges().stream()
                .anyMatch(r -> h.ranges().stream().anyMatch(x -> r[0] <= x[1] + 1 && x[0] <= r[1] + 1));
    }

    /** Loads the sample data into a fresh store in dir. */
    static Database load(Path dir) throws IOException {
        Database db = Database.open(dir);
        SampleCorpus.load(db);
        return db;
    }
}
