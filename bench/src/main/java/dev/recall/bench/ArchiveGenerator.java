package dev.recall.bench;

import dev.recall.store.Message;
import dev.recall.store.Session;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A deterministic synthetic archive: sessions of equal length whose turns are a user question, an assistant answer,
 * a tool call with its output and a closing answer, all drawn from a real corpus's sentences (so term statistics
 * look like prose, not random tokens). One source document feeds a session, as one topic feeds a conversation.
 */
final class ArchiveGenerator {
    static final String[] PROJECTS = {"ledgerd", "pixelforge", "tidewatch", "orbitdb", "helmsman", "dotfiles",
        "gateway", "billing"};
    static final String[] AGENTS = {"claude-code", "codex"};
    static final String[] TOOLS = {"Bash", "Read", "Grep", "Edit"};
    private static final long SALT = 17;
    private static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private final SentenceCorpus corpus;
    private final long seed;

    ArchiveGenerator(SentenceCorpus corpus, long seed) {
        this.corpus = corpus;
        this.seed = seed;
    }

    static String id(int session) {
        return String.format("bench-%07d", session);
    }

    Session session(int i) {
        Instant started = EPOCH.plusSeconds(i * 3_600L);
        return new Session(id(i), AGENTS[i % AGENTS.length], PROJECTS[i % PROJECTS.length], "/src/" + PROJECTS[i % PROJECTS.length],
                i % 3 == 0 ? "main" : "feature-" + (i % 50), started, started.plusSeconds(1_800), Session.ARCHIVE, null, 0);
    }

    List<Message> messages(int i, int count) {
        SplittableRandom r = Mix.stream(seed, SALT, i);
        List<SourceDoc> docs = corpus.entryDocs();
        SourceDoc doc = docs.get(r.nextInt(docs.size()));
        List<Message> out = new ArrayList<>(count);
        String sid = id(i);
        for (int o = 0; o < count; o++) {
            String role;
            String text;
            String tool = null;
            String input = null;
            switch (o % 4) {
                case 0 -> {
                    role = "user";
                    text = EntryGenerator.window(EntryGenerator.pick(doc.sentences(), r), 6, 18, r);
                }
                case 2 -> {
                    role = "tool";
                    tool = TOOLS[r.nextInt(TOOLS.length)];
                    input = EntryGenerator.window(doc.title(), 2, 5, r);
                    text = sentences(doc, r, 3 + r.nextInt(5));
                }
                default -> {
                    role = "assistant";
                    text = sentences(doc, r, 1 + r.nextInt(3));
                }
            }
            out.add(Message.of(sid, o, role, text == null ? doc.title() : text, tool, input, null, null));
        }
        return out;
    }

    private static String sentences(SourceDoc doc, SplittableRandom r, int n) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < n; k++) {
            b.append(k == 0 ? "" : " ").append(EntryGenerator.pick(doc.sentences(), r));
        }
        return b.toString();
    }
}
