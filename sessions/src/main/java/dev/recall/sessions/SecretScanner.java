package dev.recall.sessions;

import dev.recall.store.Digests;
import dev.recall.store.Redactor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Locale;

/**
 * Finds secrets in text and redacts them before the text is stored, indexed, embedded, written to a file or sent
 * anywhere. Every finding is redacted and replaced by {@code [REDACTED:rule]}; a finding keeps the rule, its
 * confidence ({@link Tier}) and where the marker sits in the returned text, never the secret.
 *
 * <p>Three kinds of rule: provider formats and key material ({@link SecretRules}: a documented prefix, length and
 * alphabet), values assigned to keys that name a secret ({@link SecretAssignments}), and credentials in command
 * lines, headers and URLs ({@link SecretRules}). {@link Tier#DEFINITE} findings are certain by their form;
 * {@link Tier#CANDIDATE} ones are random-looking values after a key that only may name a secret. Candidates are
 * redacted as well: redaction of a hash now and then costs little, a kept credential cannot be taken back.
 * Placeholders ({@code <your-token>}, {@code ${VAR}}, {@code xxxx}) and ordinary code (hashes, UUIDs, base64 data)
 * are left alone. Instances are immutable and thread-safe.
 */
public final class SecretScanner implements Redactor {

    /** How sure a rule is: its confidence. */
    public enum Tier {
        DEFINITE, CANDIDATE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A secret found: rule, tier and its span in the returned (redacted) text. */
    public record Finding(String rule, Tier tier, int start, int end) {
        /** The finding as the store records it. */
        public Redactor.Mark mark() {
            return new Redactor.Mark(rule, tier.id(), start, end);
        }
    }

    /** The text with every secret redacted, and what was found. */
    public record Result(String text, List<Finding> findings) {
        public long count(Tier tier) {
            return findings.stream().filter(f -> f.tier() == tier).count();
        }
    }

    private record Span(int start, int end, int rank, String rule, Tier tier) {}

    private static final SecretScanner STANDARD = new SecretScanner(SecretRules.all());

    private final List<PatternRule> rules;
    private final HintIndex hints;

    private SecretScanner(List<PatternRule> rules) {
        this.rules = rules;
        List<HintIndex.Hint> all = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            all.addAll(HintIndex.of(rules.get(i).hints(), !rules.get(i).anchored(), i));
        }
        all.addAll(HintIndex.of(SecretAssignments.hints(), true, rules.size()));
        this.hints = new HintIndex(all, rules.size() + 1);
    }

    /** For the session archive and everything derived from it. */
    public static SecretScanner archive() {
        return STANDARD;
    }

    /**
     * For text about to leave the machine. The same rules as {@link #archive()} since every finding is redacted; the
     * name says where the text goes.
     */
    public static SecretScanner outbound() {
        return STANDARD;
    }

    /** The rule names this scanner can report, for documentation and for {@code recall secrets list --rule}. */
    public static java.util.SortedSet<String> ruleNames() {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        STANDARD.rules.forEach(r -> out.add(r.name()));
        out.addAll(List.of(SecretAssignments.ASSIGNMENT, SecretAssignments.FLAG, SecretAssignments.ENTROPY,
                SecretManifests.RULE, EncodedSecrets.RULE));
        return out;
    }

    /**
     * A digest of the rule set: every pattern rule (name, confidence, pattern, hints) and the version of the keyed
     * assignment parser. A backfill records it, so the archive says which rules it was last redacted with.
     */
    public static String fingerprint() {
        List<String> parts = new ArrayList<>();
        parts.add("assignments-v" + SecretAssignments.VERSION);
        parts.add("manifests-v" + SecretManifests.VERSION);
        parts.add("encoded-v" + EncodedSecrets.VERSION);
        for (PatternRule r : STANDARD.rules) {
            parts.add(r.name() + "|" + r.tier() + "|" + r.pattern().pattern() + "|" + r.hints());
        }
        return Digests.sha256(parts.toArray(String[]::new));
    }

    /** The marker that replaces a secret. */
    public static String marker(String rule) {
        return "[REDACTED:" + rule + "]";
    }

    /** The store's view of a scan: redacted text and marks. */
    @Override
    public Redactor.Redaction apply(String text) {
        Result r = scan(text);
        return new Redactor.Redaction(r.text(), r.findings().stream().map(Finding::mark).toList());
    }

    public String redact(String text) {
        return scan(text).text();
    }

    public Result scan(String text) {
        return scan(text, 0);
    }

    /** How deep base64 inside base64 is decoded (a docker config in a Kubernetes Secret is two levels). */
    private static final int MAX_DECODING = 2;

    private Result scan(String text, int depth) {
        if (text == null || text.isEmpty()) {
            return new Result(text == null ? "" : text, List.of());
        }
        List<Span> spans = new ArrayList<>();
        int[][] at = hints.find(text);
        for (int rank = 0; rank < rules.size(); rank++) {
            if (at[rank] != null) {
                PatternRule rule = rules.get(rank);
                int r = rank;
                rule.find(text, at[rank], (s, e) -> spans.add(new Span(s, e, r, rule.name(), rule.tier())));
            }
        }
        int keyed = rules.size();
        if (at[keyed] != null) {
            SecretAssignments.find(text, at[keyed], f -> spans.add(new Span(f.start(), f.end(),
                    keyed + (f.tier() == Tier.DEFINITE ? 0 : 1), f.rule(), f.tier())));
        }
        int structured = keyed + 2;
        SecretManifests.find(text, (s, e) -> spans.add(new Span(s, e, structured, SecretManifests.RULE, Tier.DEFINITE)));
        if (depth < MAX_DECODING) {
            EncodedSecrets.find(text, decoded -> strongest(scan(decoded, depth + 1)),
                    (s, e, tier) -> spans.add(new Span(s, e, structured + 1, EncodedSecrets.RULE, tier)));
        }
        return render(text, merge(outsideMarkers(text, spans)));
    }

    private static final Pattern MARKER = Pattern.compile("\\[REDACTED:[A-Za-z0-9_]+\\]");

    /**
     * A marker already in the text is recall's own output (text redacted before: a backfill, the ledger's pass, a
     * brief of redacted entries), and no rule may match into it: the .pgpass rule, which splits a line at colons,
     * took a marker's tail for a password. Spans that overlap a marker are dropped, so redacting twice changes
     * nothing.
     */
    private static List<Span> outsideMarkers(String text, List<Span> spans) {
        if (spans.isEmpty() || !text.contains("[REDACTED:")) {
            return spans;
        }
        List<int[]> markers = new ArrayList<>();
        Matcher m = MARKER.matcher(text);
        while (m.find()) {
            markers.add(new int[] {m.start(), m.end()});
        }
        List<Span> out = new ArrayList<>(spans.size());
        for (Span s : spans) {
            if (markers.stream().noneMatch(k -> s.start() < k[1] && k[0] < s.end())) {
                out.add(s);
            }
        }
        return out;
    }

    private static Tier strongest(Result r) {
        if (r.findings().isEmpty()) {
            return null;
        }
        return r.count(Tier.DEFINITE) > 0 ? Tier.DEFINITE : Tier.CANDIDATE;
    }

    /** Overlapping or touching spans become one; it is named after the most specific (first-listed) rule. */
    private static List<Span> merge(List<Span> spans) {
        List<Span> out = new ArrayList<>();
        for (Span s : sorted(spans)) {
            Span last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && s.start() <= last.end()) {
                Span best = s.rank() < last.rank() ? s : last;
                out.set(out.size() - 1, new Span(last.start(), Math.max(last.end(), s.end()), best.rank(),
                        best.rule(), best.tier()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    private static List<Span> sorted(List<Span> spans) {
        List<Span> copy = new ArrayList<>(spans);
        copy.sort(Comparator.comparingInt(Span::start).thenComparingInt(Span::rank));
        return copy;
    }

    private static Result render(String text, List<Span> redact) {
        if (redact.isEmpty()) {
            return new Result(text, List.of());
        }
        StringBuilder out = new StringBuilder(text.length());
        List<Finding> findings = new ArrayList<>(redact.size());
        int pos = 0;
        for (Span s : redact) {
            out.append(text, pos, s.start());
            String marker = marker(s.rule());
            int start = out.length();
            out.append(marker);
            findings.add(new Finding(s.rule(), s.tier(), start, out.length()));
            pos = s.end();
        }
        out.append(text, pos, text.length());
        return new Result(out.toString(), List.copyOf(findings));
    }
}
