package dev.recall.sessions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds secrets in text and redacts them before the text is stored, indexed, embedded or sent anywhere.
 *
 * <p>Definite rules match credential formats with a negligible false-positive rate; their matches are always
 * replaced by {@code [REDACTED:rule]}. Candidate rules (JWT shape, high-entropy value assigned to a secret-ish name)
 * are reported as findings; {@link #archive()} keeps their text, because redaction in the archive is irreversible
 * and a hash or an id is not a credential, while {@link #outbound()} redacts them too, for text about to leave the
 * machine. A finding holds the rule and where the redaction (or candidate) sits in the returned text, never the
 * secret. Instances are immutable and thread-safe.
 */
public final class SecretScanner {

    /** How sure a rule is. */
    public enum Tier {
        DEFINITE, CANDIDATE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A secret found: rule, tier and its span in the returned (redacted) text. */
    public record Finding(String rule, Tier tier, int start, int end) {}

    /** The text with definite secrets (and, if asked, candidates) redacted, and what was found. */
    public record Result(String text, List<Finding> findings) {
        public long count(Tier tier) {
            return findings.stream().filter(f -> f.tier() == tier).count();
        }
    }

    /**
     * A rule; it runs only when the lower-cased text contains one of its hints, because most text holds no
     * secret and a literal search is far cheaper than a regex scan.
     */
    private record Rule(String name, Tier tier, Pattern pattern, int[] groups, Predicate<String> accept,
            List<String> hints, boolean local) {
        boolean mayMatch(String lower) {
            for (String h : hints) {
                if (lower.contains(h)) {
                    return true;
                }
            }
            return hints.isEmpty();
        }
    }

    private record Span(int start, int end, int rank, Rule rule) {}

    private static final List<Rule> RULES = rules();

    private final boolean redactCandidates;

    private SecretScanner(boolean redactCandidates) {
        this.redactCandidates = redactCandidates;
    }

    /** For the session archive: definite secrets redacted, candidates recorded but kept. */
    public static SecretScanner archive() {
        return new SecretScanner(false);
    }

    /** For text about to be sent to an endpoint: candidates are redacted as well. */
    public static SecretScanner outbound() {
        return new SecretScanner(true);
    }

    /** The marker that replaces a secret. */
    public static String marker(String rule) {
        return "[REDACTED:" + rule + "]";
    }

    public String redact(String text) {
        return scan(text).text();
    }

    public Result scan(String text) {
        if (text == null || text.isEmpty()) {
            return new Result(text == null ? "" : text, List.of());
        }
        List<Span> definite = new ArrayList<>();
        List<Span> candidates = new ArrayList<>();
        String lower = text.toLowerCase(Locale.ROOT);
        for (int rank = 0; rank < RULES.size(); rank++) {
            Rule rule = RULES.get(rank);
            if (rule.mayMatch(lower)) {
                collect(rule, rank, text, lower, rule.tier() == Tier.DEFINITE ? definite : candidates);
            }
        }
        List<Span> redact = merge(definite);
        List<Span> kept = new ArrayList<>();
        for (Span c : sorted(candidates)) {
            if (!overlapsAny(c, redact) && !overlapsAny(c, kept)) {
                kept.add(c);
            }
        }
        if (redactCandidates) {
            List<Span> all = new ArrayList<>(redact);
            all.addAll(kept);
            redact = merge(all);
            kept = List.of();
        }
        return render(text, redact, kept);
    }

    private static void collect(Rule rule, int rank, String text, String lower, List<Span> out) {
        Matcher m = rule.pattern().matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        List<int[]> regions =
                rule.local() ? regions(rule.hints(), text, lower) : List.of(new int[] {0, text.length()});
        for (int[] region : regions) {
            m.region(region[0], region[1]);
            while (m.find()) {
                for (int g : rule.groups()) {
                    if (g > m.groupCount() || m.start(g) < 0) {
                        continue;
                    }
                    String value = m.group(g);
                    if (value.isEmpty() || !rule.accept().test(value)) {
                        continue;
                    }
                    out.add(new Span(m.start(g), m.end(g), rank, rule));
                }
            }
        }
    }

    /**
     * For rules whose hints are common words: only the line holding each hint and the line after it (a value may
     * follow its name on the next line) are searched, merged where they overlap. No match of these rules crosses
     * more than that one line break.
     */
    private static List<int[]> regions(List<String> hints, String text, String lower) {
        List<int[]> found = new ArrayList<>();
        for (String h : hints) {
            for (int i = lower.indexOf(h); i >= 0; i = lower.indexOf(h, i + 1)) {
                int start = text.lastIndexOf('\n', i) + 1;
                int end = text.indexOf('\n', i);
                end = end < 0 ? text.length() : text.indexOf('\n', end + 1);
                found.add(new int[] {start, end < 0 ? text.length() : end});
            }
        }
        found.sort(Comparator.comparingInt(r -> r[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] r : found) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] <= last[1]) {
                last[1] = Math.max(last[1], r[1]);
            } else {
                merged.add(r);
            }
        }
        return merged;
    }

    /** Overlapping or touching spans become one; it is named after the most specific (first-listed) rule. */
    private static List<Span> merge(List<Span> spans) {
        List<Span> out = new ArrayList<>();
        for (Span s : sorted(spans)) {
            Span last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && s.start() <= last.end()) {
                Span best = s.rank() < last.rank() ? s : last;
                out.set(out.size() - 1,
                        new Span(last.start(), Math.max(last.end(), s.end()), best.rank(), best.rule()));
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

    private static boolean overlapsAny(Span s, List<Span> others) {
        for (Span o : others) {
            if (s.start() < o.end() && o.start() < s.end()) {
                return true;
            }
        }
        return false;
    }

    private static Result render(String text, List<Span> redact, List<Span> kept) {
        StringBuilder out = new StringBuilder(text.length());
        List<Finding> findings = new ArrayList<>();
        int[] shiftAt = new int[redact.size()];
        int pos = 0;
        int shift = 0;
        for (int i = 0; i < redact.size(); i++) {
            Span s = redact.get(i);
            out.append(text, pos, s.start());
            String marker = marker(s.rule().name());
            int start = out.length();
            out.append(marker);
            findings.add(new Finding(s.rule().name(), s.rule().tier(), start, out.length()));
            shift += marker.length() - (s.end() - s.start());
            shiftAt[i] = shift;
            pos = s.end();
        }
        out.append(text, pos, text.length());
        for (Span c : kept) {
            int delta = 0;
            for (int i = 0; i < redact.size() && redact.get(i).end() <= c.start(); i++) {
                delta = shiftAt[i];
            }
            findings.add(new Finding(c.rule().name(), c.rule().tier(), c.start() + delta, c.end() + delta));
        }
        findings.sort(Comparator.comparingInt(Finding::start));
        return new Result(out.toString(), List.copyOf(findings));
    }

    // ---- rules -----------------------------------------------------------------------------------------------

    private static List<Rule> rules() {
        Predicate<String> any = v -> true;
        String quotedValue = "(?:\"([^\"\\r\\n]*)\"|'([^'\\r\\n]*)'|([^\\s\"'`;&|)]+))";
        List<Rule> r = new ArrayList<>();
        // Specific formats first: when spans overlap, the first-listed rule names the redaction.
        r.add(definite("private_key", "private key", "-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\\s\\S]*?"
                + "(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\\z)", any, 0));
        r.add(definite("aws_access_key_id", "akia asia abia acca", "\\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\\b",
                any, 0));
        r.add(definiteNear("aws_secret_access_key", "secret",
                "(?i)aws_?secret_?(?:access_?)?key[\"']?\\s*[:=]\\s*[\"']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
                any, 1));
        r.add(definite("anthropic_api_key", "sk-ant-", "\\bsk-ant-[A-Za-z0-9_-]{16,}", any, 0));
        r.add(definite("openai_api_key", "sk-", "\\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{16,}", any, 0));
        r.add(definite("openai_api_key", "sk-", "\\bsk-[A-Za-z0-9_-]{20,}", v -> digits(v) >= 2, 0));
        r.add(definite("github_token", "ghp_ gho_ ghu_ ghs_ ghr_",
                "\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\\b", any, 0));
        r.add(definite("github_token", "github_pat_", "\\bgithub_pat_[A-Za-z0-9_]{22,255}\\b", any, 0));
        r.add(definite("gitlab_token", "glpat-", "\\bglpat-[A-Za-z0-9_-]{20,}", any, 0));
        r.add(definite("slack_token", "xox", "\\bxox[abposrce]-[A-Za-z0-9-]{10,}", any, 0));
        r.add(definite("slack_webhook", "hooks.slack.com",
                "https://hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{20,}", any, 0));
        r.add(definite("stripe_key", "_live_ _test_", "\\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\\b", any, 0));
        r.add(definite("google_api_key", "aiza", "\\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])", any, 0));
        r.add(definite("npm_token", "npm_", "\\bnpm_[A-Za-z0-9]{36}\\b", any, 0));
        r.add(definite("pypi_token", "pypi-", "\\bpypi-[A-Za-z0-9_-]{32,}", any, 0));
        r.add(definite("huggingface_token", "hf_", "\\bhf_[A-Za-z0-9]{30,}\\b", any, 0));
        r.add(definite("sendgrid_api_key", "sg.", "\\bSG\\.[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{16,64}\\b", any, 0));
        // Generic shapes: a credential in a header, an assignment, a JSON field or a URL.
        r.add(definiteNear("authorization", "authorization",
                "(?i)\\b(?:proxy-)?authorization[\"']?\\s*[:=]\\s*[\"']?"
                        + "(?:(?:bearer|basic|token|bot|digest)\\s+)?([^\\s\"',;]{6,})",
                SecretScanner::credentialLike, 1));
        r.add(definiteNear("bearer_token", "bearer", "(?i)\\bbearer\\s+([A-Za-z0-9._~+/-]{12,}=*)",
                SecretScanner::credentialLike, 1));
        r.add(definiteNear("secret_assignment",
                "secret token pass pwd api_key apikey access_key private_key credential",
                "\\b((?:[A-Z][A-Z0-9_]*_)?(?:SECRET|TOKEN|PASSWORD|PASSWD|PASS|PWD|API_KEY|APIKEY|ACCESS_KEY"
                        + "|PRIVATE_KEY|CREDENTIALS?)(?:_[A-Z0-9_]*)?)\\s*=\\s*" + quotedValue,
                SecretScanner::assignedValue, 2, 3, 4));
        r.add(definiteNear("secret_assignment", "--",
                "(?i)--(?:password|passwd|token|api-key|apikey|secret|client-secret|access-token|auth-token)"
                        + "(?:=|\\s+)" + quotedValue,
                SecretScanner::assignedValue, 1, 2, 3));
        r.add(definiteNear("json_secret_field", "key token secret pass",
                "(?i)\\\\?[\"'](?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token"
                        + "|client[_-]?secret|secret[_-]?key|secret|password|passwd|private[_-]?key|token)\\\\?[\"']"
                        + "\\s*:\\s*\\\\?[\"']([^\"'\\\\\\r\\n]+)",
                SecretScanner::assignedValue, 1));
        r.add(definiteNear("url_credentials", "://",
                "\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s:@/?#\"'<>]+:([^\\s@/?#\"'<>]+)@",
                SecretScanner::assignedValue, 1));
        r.add(candidateNear("jwt", "eyj",
                "\\beyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}", any, 0));
        r.add(candidateNear("high_entropy_assignment",
                "key secret token pass pwd auth credential signature salt",
                "(?i)(?:key|secret|token|passw(?:or)?d|pwd|auth|credential|signature|salt)"
                        + "[A-Za-z0-9_.-]{0,40}[\"']?\\s*[:=]\\s*[\"']?([A-Za-z0-9+/=_.~-]{20,})",
                SecretScanner::highEntropy, 1));
        return List.copyOf(r);
    }

    /** A rule searched through the whole text when one of its (distinctive) hints occurs. */
    private static Rule definite(String name, String hints, String regex, Predicate<String> accept,
            int... groups) {
        return new Rule(name, Tier.DEFINITE, Pattern.compile(regex), groups, accept, List.of(hints.split(" ")),
                false);
    }

    /** A rule with common-word hints, searched only on the lines around them. */
    private static Rule definiteNear(String name, String hints, String regex, Predicate<String> accept,
            int... groups) {
        return new Rule(name, Tier.DEFINITE, Pattern.compile(regex), groups, accept, List.of(hints.split(" ")),
                true);
    }

    private static Rule candidateNear(String name, String hints, String regex, Predicate<String> accept,
            int... groups) {
        return new Rule(name, Tier.CANDIDATE, Pattern.compile(regex), groups, accept, List.of(hints.split(" ")),
                true);
    }

    private static int digits(String v) {
        int n = 0;
        for (int i = 0; i < v.length(); i++) {
            if (Character.isDigit(v.charAt(i))) {
                n++;
            }
        }
        return n;
    }

    /** Not a reference to a variable or a placeholder, and not an ordinary word. */
    private static boolean credentialLike(String v) {
        return !reference(v) && (digits(v) > 0 || v.length() >= 20);
    }

    /** A value assigned to a secret-ish name: anything but references, placeholders, booleans and small numbers. */
    private static boolean assignedValue(String v) {
        String s = v.strip();
        if (s.length() < 4 || reference(s)) {
            return false;
        }
        String lower = s.toLowerCase(Locale.ROOT);
        if (lower.equals("true") || lower.equals("false") || lower.equals("null") || lower.equals("none")
                || lower.equals("undefined") || lower.equals("redacted")) {
            return false;
        }
        if (s.chars().allMatch(Character::isDigit) && s.length() < 6) {
            return false;
        }
        return !s.chars().allMatch(c -> c == '*' || c == 'x' || c == 'X' || c == '.' || c == '-');
    }

    private static boolean reference(String v) {
        return v.startsWith("$") || v.startsWith("%") || v.startsWith("<") || v.startsWith("{{")
                || v.startsWith("[REDACTED") || v.startsWith("process.env") || v.startsWith("os.environ");
    }

    private static boolean highEntropy(String v) {
        boolean letter = v.chars().anyMatch(Character::isLetter);
        return letter && digits(v) > 0 && entropy(v) >= 3.5;
    }

    /** Shannon entropy in bits per character. */
    static double entropy(String v) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double h = 0;
        for (int c : counts) {
            if (c > 0) {
                double p = (double) c / v.length();
                h -= p * Math.log(p) / Math.log(2);
            }
        }
        if (other > 0) {
            double p = (double) other / v.length();
            h -= p * Math.log(p) / Math.log(2);
        }
        return h;
    }
}
