package dev.recall.extract;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a command was for, in the agent's own words: the tool call's description when it gave one, else the
 * intent it announced just before ("Running the integration-tagged store tests.").
 */
final class Purposes {
    private static final Pattern INTENT = Pattern.compile("(?i)^(?:(?:now|next|first|so|ok|okay),?\\s+)?"
            + "(?:let me |i'll |i will |i'm going to |going to )?(running|run|starting|start|checking|check"
            + "|verifying|verify|reproducing|reproduce|testing|test|building|build|deploying|deploy"
            + "|regenerating|regenerate|reverting|revert|installing|install|applying|apply|migrating|migrate"
            + "|linting|lint|rebuilding|rebuild|releasing|release|shipping|ship)\\b\\s*(.*)$");
    private static final Map<String, String> BASE = Map.ofEntries(Map.entry("running", "run"),
            Map.entry("starting", "start"), Map.entry("checking", "check"), Map.entry("verifying", "verify"),
            Map.entry("reproducing", "reproduce"), Map.entry("testing", "test"), Map.entry("building", "build"),
            Map.entry("deploying", "deploy"), Map.entry("regenerating", "regenerate"),
            Map.entry("reverting", "revert"), Map.entry("installing", "install"), Map.entry("applying", "apply"),
            Map.entry("migrating", "migrate"), Map.entry("linting", "lint"), Map.entry("rebuilding", "rebuild"),
            Map.entry("releasing", "release"), Map.entry("shipping", "ship"));

    /** "To catch every feature combination, I'll run cargo-hack": the leading clause says what it is for. */
    private static final Pattern TO_CLAUSE = Pattern.compile("(?i)^to ([^,]{8,120}),\\s*(?:i'll|i will|let me"
            + "|i'm going to|we'll)\\b.*$");

    private Purposes() {}

    /** An imperative phrase ("Run the integration-tagged store tests"), or null when nothing says. */
    static String of(Transcript t, ToolRun run) {
        String d = t.description(run.ordinal());
        if (d != null) {
            return Texts.asTitle(d, 100);
        }
        // Only the prose right before the run (past its own tool call) speaks for it.
        for (int o = run.ordinal() - 1; o >= Math.max(0, run.ordinal() - 3); o--) {
            dev.recall.store.Message prior = t.message(o);
            if (prior == null || "user".equals(prior.role()) || "tool".equals(prior.role())) {
                return null;
            }
            if (prior.toolName() != null) {
                continue;
            }
            List<Sentence> ss = t.sentencesOf(o);
            for (int i = ss.size() - 1; i >= 0; i--) {
                Matcher to = TO_CLAUSE.matcher(ss.get(i).text());
                if (to.matches()) {
                    return Texts.asTitle(to.group(1), 100);
                }
                Matcher m = INTENT.matcher(ss.get(i).text());
                if (m.matches() && m.group(2).split("\\s+").length >= 2) {
                    String verb = m.group(1).toLowerCase(java.util.Locale.ROOT);
                    String rest = m.group(2);
                    return Texts.asTitle(BASE.getOrDefault(verb, verb) + " " + rest, 100);
                }
            }
            return null;
        }
        return null;
    }
}
