package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the agent's own environment cannot do, read off a command that failed there: "Docker isn't available inside
 * this Codex sandbox, so the Postgres-backed integration tests cannot run here", "this sandbox has no network". A
 * later session in the same place hits the same wall, so the limit is a fact, titled by the limit and what it
 * rules out ("Docker isn't available inside the Codex sandbox: the Postgres-backed integration tests cannot run
 * here"). Keyed on the order of events (a shell command fails, the assistant's next message names its sandbox,
 * container or machine and what it lacks), not on a project's words. The sentence may also be the cause of a
 * debugging method (the failure's entry); the limit is the part that outlives the failure, so it is read even when
 * an earlier rule used the sentence, but one fact a message at most.
 */
final class SandboxLimitRule implements Rule {
    private static final int MAX = 2;
    /** Where the agent runs: its sandbox, container, box or machine. */
    private static final Pattern PLACE = Pattern.compile("(?i)\\b(?:(?:my|this|the|your|our)\\s+(?:(?:codex|claude|agent"
            + "|local)\\s+)?(?:sandbox|container|box|machine|vm|environment|runner|workspace)|sandbox)\\b");
    /** What it lacks: a tool, the network, an access. */
    private static final Pattern LACKS = Pattern.compile("(?i)\\b(?:has no|have no|isn't available|is not available"
            + "|is unavailable|aren't available|are not available|isn't installed|is not installed|doesn't have"
            + "|does not have|no (?:outbound )?(?:network|internet)(?: access)?|can't reach|cannot reach|isn't reachable"
            + "|is not reachable|isn't running|is not running)\\b");
    private static final Pattern HEDGE = Pattern.compile("(?i)\\b(?:maybe|might|perhaps|probably|possibly|likely"
            + "|seems|if)\\b");
    /** "..., so the Postgres-backed integration tests cannot run here": the consequence after the limit. */
    private static final Pattern SO = Pattern.compile("(?i),?\\s+so\\s+");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (ToolRun r : t.runs()) {
            if (out.size() == MAX) {
                break;
            }
            if (!r.shell() || !r.failed()) {
                continue;
            }
            Integer a = t.nextProse(r.ordinal());
            // The assistant's next words, with at most other tool runs in between.
            if (a == null || !"assistant".equals(t.role(a)) || a - r.ordinal() > 3) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(a);
            for (int i = 0; i < Math.min(3, ss.size()); i++) {
                Sentence s = ss.get(i);
                String text = s.text();
                if (s.isQuestion() || HEDGE.matcher(text).find()) {
                    continue;
                }
                String limit = limitClause(text);
                if (limit == null) {
                    continue;
                }
                String agent = agentName(t.session().agent());
                String normal = normalise(limit, agent);
                String consequence = consequence(text, limit);
                String title = Texts.capitalize(normal) + (consequence == null ? "" : ": " + consequence);
                claims.claim(s);
                String body = text + "\nSeen when `" + DebuggingRule.mainKey(r) + "` failed: "
                        + Texts.bound(DebuggingRule.shortError(r.errorLine()), 160);
                out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), body),
                        Texts.asTitle(title, Phrasing.TITLE_MAX), body, "when running `" + DebuggingRule.mainKey(r)
                        + "` in the " + (agent == null ? "agent's" : agent) + " sandbox", 0.5,
                        List.of(new Candidate.Span(r.ordinal(), a, text))));
                break;
            }
        }
        return out;
    }

    /** The clause of the sentence that names the place and what it lacks, or null. */
    static String limitClause(String sentence) {
        for (String clause : sentence.split("(?<=[^,]),\\s+(?:and|but|so|which)\\s+|;\\s+|:\\s+|\\s+\\(|\\)")) {
            String c = clause.strip().replaceAll("[.!]+$", "");
            Matcher lacks = LACKS.matcher(c);
            if (PLACE.matcher(c).find() && lacks.find() && c.split("\\s+").length >= 4
                    && !c.toLowerCase(Locale.ROOT).startsWith("i ")) {
                return c;
            }
        }
        return null;
    }

    /** "..., so X cannot run here": what the limit rules out, when the sentence says so after the limit. */
    private static String consequence(String sentence, String limit) {
        int at = sentence.indexOf(limit);
        if (at < 0) {
            return null;
        }
        String rest = sentence.substring(at + limit.length());
        Matcher so = SO.matcher(rest);
        if (!so.lookingAt() && !(so.find() && so.start() < 3)) {
            return null;
        }
        String c = rest.substring(so.end()).strip().replaceAll("[.!]+$", "");
        return c.split("\\s+").length >= 3 && c.split("\\s+").length <= 16 ? c : null;
    }

    /** "my sandbox", "this sandbox" -> "the Codex sandbox": a title that holds outside this session. */
    private static String normalise(String limit, String agent) {
        String place = agent == null ? "the sandbox" : "the " + agent + " sandbox";
        return limit.replaceAll("(?i)\\b(?:my|this|your|our|the)\\s+(?:(?:codex|claude)\\s+)?sandbox\\b", place);
    }

    private static String agentName(String agent) {
        if (agent == null) {
            return null;
        }
        return switch (agent) {
            case "codex" -> "Codex";
            case "claude-code" -> "Claude Code";
            default -> null;
        };
    }
}
