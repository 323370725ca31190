package dev.recall.bench;

import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.Session;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Synthetic recall entries with real text: titles of 4 to 10 words and bodies of 1 to 6 sentences sampled from
 * the source corpus, a trigger on about a third, and metadata spread like a year of agent work (36 projects,
 * a few branches each, two agents, every type and scope, confidence, updated_at over 365 days).
 *
 * <p>Entry {@code i} and session {@code j} are pure functions of the seed and their index, so a tier can be
 * generated in a stream, in any order, and is the same on every run.
 */
final class EntryGenerator {
    static final int ENTRIES_PER_SESSION = 25;
    /** A fixed "now" so dates, and with them recency boosts, do not depend on when the bench runs. */
    static final Instant BASE = Instant.parse("2026-11-01T00:00:00Z");
    private static final long SESSION_SALT = 1;
    private static final long ENTRY_SALT = 2;
    private static final List<String> PROJECT_STEMS = List.of("atlas", "billing", "ledger", "orbit", "pixel",
            "quartz", "relay", "sprout", "tundra", "vega", "warden", "zephyr");
    private static final List<String> PROJECT_KINDS = List.of("api", "web", "cli");
    private static final List<String> FEATURES = List.of("auth", "search", "cache", "retry", "export", "import",
            "metrics", "billing", "onboarding", "migration", "sharding", "rate-limit", "audit", "sync");
    private static final EntryType[] TYPES = weighted(EntryType.class, new EntryType[] {EntryType.FACT,
        EntryType.DECISION, EntryType.PROCEDURE, EntryType.DEBUGGING_METHOD, EntryType.WARNING,
        EntryType.PREFERENCE, EntryType.OPEN_QUESTION}, new int[] {35, 15, 15, 10, 10, 8, 7});
    private static final Scope[] SCOPES = weighted(Scope.class, new Scope[] {Scope.PROJECT, Scope.REPOSITORY,
        Scope.GLOBAL, Scope.BRANCH, Scope.FILE, Scope.TOOL, Scope.AGENT}, new int[] {45, 20, 10, 8, 10, 5, 2});
    private static final int[] BODY_SENTENCES = {1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6};

    private final SentenceCorpus corpus;
    private final long seed;

    EntryGenerator(SentenceCorpus corpus, long seed) {
        this.corpus = corpus;
        this.seed = seed;
    }

    static int sessionCount(int entries) {
        return (entries + ENTRIES_PER_SESSION - 1) / ENTRIES_PER_SESSION;
    }

    Session session(int j) {
        SplittableRandom r = Mix.stream(seed, SESSION_SALT, j);
        String project = PROJECT_STEMS.get(r.nextInt(PROJECT_STEMS.size())) + "-"
                + PROJECT_KINDS.get(r.nextInt(PROJECT_KINDS.size()));
        int b = r.nextInt(100);
        String branch = b < 50 ? "main" : b < 65 ? "develop"
                : (b < 95 ? "feature/" : "fix/") + FEATURES.get(r.nextInt(FEATURES.size()));
        String agent = r.nextInt(100) < 60 ? "claude-code" : "codex";
        String cwd = "/home/dev/src/" + project
                + (r.nextInt(4) == 0 ? "/" + FEATURES.get(r.nextInt(FEATURES.size())) : "");
        Instant started = BASE.minus(Duration.ofSeconds(r.nextLong(365L * 24 * 3600)));
        Instant ended = started.plus(Duration.ofMinutes(5 + r.nextInt(180)));
        return new Session(String.format(Locale.ROOT, "bench-session-%06d", j), agent, project, cwd, branch, started,
                ended, Session.ARCHIVE, null, 0);
    }

    /** Entry {@code i}; its source session is {@code session(i / ENTRIES_PER_SESSION)}. */
    RecallEntry entry(int i) {
        return entry(i, session(i / ENTRIES_PER_SESSION));
    }

    RecallEntry entry(int i, Session s) {
        SplittableRandom r = Mix.stream(seed, ENTRY_SALT, i);
        List<SourceDoc> docs = corpus.entryDocs();
        SourceDoc doc = docs.get(r.nextInt(docs.size()));
        EntryType type = TYPES[r.nextInt(TYPES.length)];
        String title = title(doc, r);
        String body = body(doc, docs, r);
        String trigger = r.nextInt(100) < 30
                ? "when " + window(pick(doc.sentences(), r), 3, 8, r).toLowerCase(Locale.ROOT) : null;
        Double confidence = r.nextInt(100) < 85 ? Math.round((0.4 + 0.6 * r.nextDouble()) * 100) / 100.0 : null;
        int rs = r.nextInt(100);
        ReviewState review = rs < 70 ? ReviewState.UNREVIEWED_AUTO
                : rs < 90 ? ReviewState.HUMAN_REVIEWED : ReviewState.CALIBRATED_AUTO;
        EntryStatus status = r.nextInt(100) < 97 ? EntryStatus.ACCEPTED : EntryStatus.ARCHIVED;
        Instant created = s.startedAt().plus(Duration.ofSeconds(r.nextInt(2 * 3600)));
        Instant updated = r.nextInt(100) < 20 ? created.plus(Duration.ofSeconds(r.nextLong(60L * 24 * 3600))) : created;
        if (updated.isAfter(BASE)) {
            updated = BASE;
        }
        // Ids look like the extractor's (project, type, hash) and arrive in random order, as real ones do.
        String id = s.project() + "-" + type.label().replace('_', '-') + "-"
                + String.format(Locale.ROOT, "%016x", Mix.mix64(i ^ Mix.mix64(seed)));
        return new RecallEntry(id, type, SCOPES[r.nextInt(SCOPES.length)], status, review, title, body, trigger,
                confidence, null, s.project(), s.cwd(), s.gitBranch(), s.agent(), s.id(), "bench-generator",
                r.nextInt(100) < 95, true, null, null, null, created, updated);
    }

    private static String title(SourceDoc doc, SplittableRandom r) {
        String[] words = doc.title().split(" ");
        int k = 4 + r.nextInt(7);
        String title = doc.title();
        if (words.length > k) {
            int start = r.nextInt(words.length - k + 1);
            title = String.join(" ", java.util.Arrays.copyOfRange(words, start, start + k));
        }
        String stripped = stripPunctuation(title);
        return stripped.isEmpty() ? doc.title() : stripped;
    }

    /** Consecutive sentences of one document (topical, like a real note), sometimes with one from elsewhere. */
    private static String body(SourceDoc doc, List<SourceDoc> docs, SplittableRandom r) {
        int n = BODY_SENTENCES[r.nextInt(BODY_SENTENCES.length)];
        List<String> sentences = doc.sentences();
        int start = r.nextInt(sentences.size());
        List<String> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(sentences.get((start + k) % sentences.size()));
        }
        if (n > 1 && r.nextInt(4) == 0) {
            out.set(r.nextInt(n), pick(docs.get(r.nextInt(docs.size())).sentences(), r));
        }
        return String.join(" ", out);
    }

    /** A run of {@code min..max} words of a sentence, without punctuation at its ends. */
    static String window(String sentence, int min, int max, SplittableRandom r) {
        String[] words = sentence.split(" ");
        int k = Math.min(words.length, min + r.nextInt(max - min + 1));
        int start = r.nextInt(words.length - k + 1);
        return stripPunctuation(String.join(" ", java.util.Arrays.copyOfRange(words, start, start + k)));
    }

    static String pick(List<String> items, SplittableRandom r) {
        return items.get(r.nextInt(items.size()));
    }

    private static String stripPunctuation(String s) {
        return s.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
    }

    private static <T> T[] weighted(Class<T> type, T[] values, int[] weights) {
        int total = java.util.Arrays.stream(weights).sum();
        @SuppressWarnings("unchecked")
        T[] out = (T[]) java.lang.reflect.Array.newInstance(type, total);
        int at = 0;
        for (int v = 0; v < values.length; v++) {
            for (int w = 0; w < weights[v]; w++) {
                out[at++] = values[v];
            }
        }
        return out;
    }
}
