package dev.recall.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Database;
import dev.recall.store.ProposedEntry;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The judging protocol of a rules change, run on demand: for every set (the development and test halves of the
 * sample data, each held-out set), a proposal without a verdict gets the verdict of an earlier proposal of the same
 * session, type and title (appended to the set's verdict file with the id it was carried from), and the rest are
 * written to a sheet per set for the judge, {@code <dir>/<set>-<stamp>.txt}. Only what has no verdict is printed, so
 * the rules' author never needs to open a sheet of a set that must stay unseen: the judge reads it.
 * {@code ./mvnw -B -q verify -pl extract -am -Dtest=VerdictCarry -Dsurefire.failIfNoSpecifiedTests=false
 * -Drecall.carry=/tmp/sheets -Drecall.carry.stamp=0655}
 */
@EnabledIfSystemProperty(named = "recall.carry", matches = ".+")
class VerdictCarry {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void carryAndPrintTheRest() throws Exception {
        Path out = Path.of(System.getProperty("recall.carry"));
        String stamp = System.getProperty("recall.carry.stamp", "sheet");
        Files.createDirectories(out);
        StringBuilder summary = new StringBuilder();
        try (Database db = Database.open(Files.createTempDirectory("carry"))) {
            SampleCorpus.load(db);
            run(db, JudgedCorpus.judgmentsFile(), s -> JudgedCorpus.half(s) == JudgedCorpus.Half.TEST ? "test"
                    : "development", out, stamp, summary);
        }
        for (HeldOutSet set : HeldOutSet.ALL) {
            try (Database db = Database.open(Files.createTempDirectory("carry"))) {
                set.load(db);
                run(db, set.verdictsFile(), s -> set.name(), out, stamp, summary);
            }
        }
        System.out.print(summary);
    }

    private static void run(Database db, Path verdictsFile, Function<String, String> setOf, Path out, String stamp,
            StringBuilder summary) throws Exception {
        Map<String, JsonNode> byId = new LinkedHashMap<>();
        Map<String, JsonNode> byTitle = new LinkedHashMap<>(); // the latest verdict of a session, type and title
        for (String line : Files.readAllLines(verdictsFile)) {
            if (!line.isBlank()) {
                JsonNode n = JSON.readTree(line);
                byId.put(n.get("id").asText(), n);
                byTitle.put(key(n.get("session").asText(), n.get("type").asText(), n.get("title").asText()), n);
            }
        }
        Sessions sessions = new Sessions(db);
        ExtractConfig config = ExtractConfig.local();
        LocalExtractor extractor = new LocalExtractor(config.maxFactsPerSession());
        Fingerprint fp = Fingerprint.of(config);
        List<Session> all = new ArrayList<>(sessions.list(null, 100_000));
        all.sort(Comparator.comparing(Session::id));
        List<String> carried = new ArrayList<>();
        Map<String, StringBuilder> sheets = new LinkedHashMap<>();
        Map<String, Integer> open = new LinkedHashMap<>();
        for (Session s : all) {
            var messages = sessions.messages(s.id());
            for (ProposedEntry p : Anchoring.plan(fp, s, messages, extractor.extract(s, messages),
                    java.time.Instant.EPOCH).entries()) {
                var e = p.entry();
                if (byId.containsKey(e.id())) {
                    continue;
                }
                JsonNode earlier = byTitle.get(key(s.id(), e.type().label(), e.title()));
                if (earlier != null) {
                    ObjectNode v = JSON.createObjectNode();
                    v.put("id", e.id());
                    v.put("session", s.id());
                    v.put("type", e.type().label());
                    v.put("title", e.title());
                    v.put("label", earlier.get("label").asText());
                    String note = earlier.path("note").asText("").replaceAll("\\s*\\(carried over from x-[0-9a-f]+\\)$", "");
                    v.put("note", note + " (carried over from " + earlier.get("id").asText() + ")");
                    carried.add(line(v));
                    byId.put(e.id(), v);
                    continue;
                }
                String set = setOf.apply(s.id());
                StringBuilder b = sheets.computeIfAbsent(set, x -> new StringBuilder());
                b.append("\n===== ").append(s.id()).append('\n');
                JudgingSheet.describe(b, sessions, p);
                open.merge(set, 1, Integer::sum);
            }
        }
        if (!carried.isEmpty()) {
            Files.writeString(verdictsFile, String.join("\n", carried) + "\n", StandardOpenOption.APPEND);
        }
        summary.append(verdictsFile.getParent().getFileName()).append('/').append(verdictsFile.getFileName())
                .append(": carried ").append(carried.size()).append('\n');
        for (var sheet : sheets.entrySet()) {
            Path f = out.resolve(sheet.getKey() + "-" + stamp + ".txt");
            Files.writeString(f, sheet.getValue().toString());
            summary.append("  ").append(open.get(sheet.getKey())).append(" to judge: ").append(f).append('\n');
        }
    }

    /** A verdict line as the files write them: {"id": "...", "session": "...", ...}. */
    private static String line(ObjectNode v) throws Exception {
        List<String> fields = new ArrayList<>();
        var it = v.fields();
        while (it.hasNext()) {
            var f = it.next();
            fields.add(JSON.writeValueAsString(f.getKey()) + ": " + JSON.writeValueAsString(f.getValue()));
        }
        return "{" + String.join(", ", fields) + "}";
    }

    private static String key(String session, String type, String title) {
        return session + "\n" + type + "\n" + Texts.titleKey(title);
    }
}
