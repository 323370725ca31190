package dev.recall.extract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scratch (ext16p): every proposal of the development sets with its rule, verdict and covered entries. Test half skipped. */
class Ext16pDump {
    @TempDir
    Path dir;

    @Test
    void dump() throws Exception {
        Path out = Path.of(System.getProperty("recall.dump", "/tmp/ext16p/dump.tsv"));
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            try (Database db = JudgedCorpus.load(dir.resolve("dev"))) {
                run(db, new JudgedCorpus(), "development", w, true);
            }
            for (HeldOutSet set : HeldOutSet.ALL) {
                try (Database db = Database.open(dir.resolve(set.name()))) {
                    set.load(db);
                    run(db, set.corpus(), set.name(), w, false);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void run(Database db, JudgedCorpus corpus, String set, PrintWriter w, boolean halves) throws Exception {
        Sessions sessions = new Sessions(db);
        ExtractConfig config = ExtractConfig.local();
        LocalExtractor extractor = new LocalExtractor(config.maxFactsPerSession());
        var f = LocalExtractor.class.getDeclaredField("rules");
        f.setAccessible(true);
        List<Rule> rules = (List<Rule>) f.get(extractor);
        Fingerprint fp = Fingerprint.of(config);
        List<Session> all = new ArrayList<>(sessions.list(null, 100_000));
        all.sort(Comparator.comparing(Session::id));
        for (Session s : all) {
            if (halves && JudgedCorpus.half(s.id()) != JudgedCorpus.Half.DEV) {
                continue;
            }
            List<Message> messages = sessions.messages(s.id());
            Map<String, String> ruleOf = new HashMap<>();
            Transcript t = new Transcript(s, messages, new Commands());
            Claims claims = new Claims();
            List<Candidate> cands = new ArrayList<>();
            for (Rule r : rules) {
                List<Candidate> got = r.apply(t, claims, cands);
                for (Candidate c : got) {
                    ruleOf.putIfAbsent(c.type().label() + "|" + c.title(), r.getClass().getSimpleName());
                }
                cands.addAll(got);
            }
            List<Candidate> fin = extractor.extract(s, messages);
            Map<String, Candidate> byKey = new HashMap<>();
            for (Candidate c : fin) byKey.put(c.type().label() + "|" + c.title(), c);
            for (var p : Anchoring.plan(fp, s, messages, fin, java.time.Instant.EPOCH).entries()) {
                JudgedCorpus.Proposal prop = JudgedCorpus.of(p);
                String key = prop.type() + "|" + prop.title();
                String rule = ruleOf.getOrDefault(key, "?");
                JsonNode v = corpus.verdicts().get(prop.id());
                String label = v == null ? "UNJUDGED" : v.get("label").asText();
                String note = v == null ? "" : v.path("note").asText();
                List<String> covers = new ArrayList<>();
                for (JudgedCorpus.HandEntry h : corpus.hand()) {
                    if (JudgedCorpus.overlaps(prop, h)) covers.add(h.id());
                }
                StringBuilder ev = new StringBuilder();
                for (int[] r : prop.ranges()) ev.append(r[0]).append('-').append(r[1]).append(' ');
                w.println(String.join("\t", set, s.id(), rule, prop.type(), label, String.valueOf(covers.size()),
                        ev.toString().trim(), prop.title().replace('\t', ' ').replace('\n', ' '),
                        note.replace('\t', ' ').replace('\n', ' '), prop.id(),
                        p.entry().body().replace('\t', ' ').replace("\n", " | "), String.join(",", covers),
                        t.role(prop.ranges().get(0)[0]), String.valueOf(editAfter(t, prop)),
                        String.valueOf(failedBefore(t, prop)), oldQuoted(messages, prop), String.valueOf(messages.size()), evFailed(t, prop), nextUser(messages, prop)));
            }
        }
    }

    private static int editAfter(Transcript t, JudgedCorpus.Proposal p) {
        int last = p.ranges().stream().mapToInt(r -> r[1]).max().orElse(0);
        return t.runs().stream().filter(r -> r.kind() == ToolRun.Kind.EDIT && r.ordinal() > last)
                .mapToInt(r -> r.ordinal() - last).min().orElse(-1);
    }

    private static int failedBefore(Transcript t, JudgedCorpus.Proposal p) {
        int first = p.ranges().stream().mapToInt(r -> r[0]).min().orElse(0);
        return t.runs().stream().filter(r -> r.shell() && r.failed() && r.ordinal() < first)
                .mapToInt(r -> first - r.ordinal()).min().orElse(-1);
    }

    private static final java.util.regex.Pattern TICK = java.util.regex.Pattern.compile("`([^`]{4,})`");
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** Files the title names that an edit after the evidence touches. */
    private static String oldQuoted(List<Message> messages, JudgedCorpus.Proposal p) {
        int last = p.ranges().stream().mapToInt(r -> r[1]).max().orElse(0);
        List<String> hits = new ArrayList<>();
        String title = p.title();
        for (Message m : messages) {
            if (m.ordinal() > last && m.toolName() != null && m.toolInput() != null
                    && java.util.Set.of("Edit", "Write", "MultiEdit", "apply_patch").contains(m.toolName())) {
                String path = m.toolInput().strip();
                String base = path.substring(path.lastIndexOf('/') + 1);
                if (base.length() >= 4 && title.contains(base)) hits.add(base + "@" + (m.ordinal() - last));
            }
        }
        return String.join(" ; ", hits);
    }


    private static String evFailed(Transcript t, JudgedCorpus.Proposal p) {
        List<String> out = new ArrayList<>();
        for (ToolRun r : t.runs()) {
            if (r.shell() && p.ranges().stream().anyMatch(x -> x[0] <= r.ordinal() && r.ordinal() <= x[1])) {
                out.add(r.ordinal() + (r.failed() ? "F" : "ok"));
            }
        }
        return String.join(",", out);
    }

    private static String nextUser(List<Message> messages, JudgedCorpus.Proposal p) {
        int last = p.ranges().stream().mapToInt(r -> r[1]).max().orElse(0);
        for (Message m : messages) {
            if (m.ordinal() > last && "user".equals(m.role())) {
                String x = m.text().replace('\t', ' ').replace('\n', ' ');
                return (m.ordinal() - last) + ":" + x.substring(0, Math.min(80, x.length()));
            }
        }
        return "";
    }
}
