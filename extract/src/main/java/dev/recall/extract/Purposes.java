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

    /** A user's request for work a command can do: "Rerun just Aug 31.", "Can you lint the module?". */
    private static final Pattern REQUEST = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|good|great|now|then|so|and|also)[,.!]?\\s+)*"
            + "(?:(?:can|could) you |please )?((?:re-?run|run|check|verify|install|build|deploy|test|lint|format|train"
            + "|regenerate|update|upgrade|set up|start|restart|publish|release|promote|backfill|dedupe|deduplicate"
            + "|migrate|dry-run|validate|show|clean|reset|generate|benchmark|record|tag|cut|relock|lock|bump|add)\\b"
            + "[^?]{3,100})[.!?]?$");

    /** "I'll train it with our xtask on 2,000 samples": any work the agent announces, not only the verbs above. */
    private static final Pattern ANNOUNCED = Pattern.compile("(?i)^(?:(?:now|next|first|so|ok|okay|then)"
            + "[,.]?\\s+)?(?:let me|i'll|i will|i'm going to)\\s+([a-z][^?]{10,140}?)[.!:]?$");
    /** Looking around is not a purpose a procedure could be named for. */
    private static final Pattern LOOKING = Pattern.compile("(?i)(?:look|check|see|find|read|open|inspect|search"
            + "|grep|confirm|try|also|now|then|just|have a look|only|never|always|not|keep|make sure|remember|stop"
            + "|leave|wait)\\b");

    private Purposes() {}

    /** The request names what the command does: a word of it (past the verb) appears in the command line. */
    private static boolean named(String request, String command) {
        String c = command.toLowerCase(java.util.Locale.ROOT);
        String[] words = request.toLowerCase(java.util.Locale.ROOT).split("[^a-z0-9-]+");
        for (int i = 0; i < words.length; i++) {
            if (words[i].length() >= 4 && !words[i].matches("re-?run|run|just|once|again|please|that|this|with|from"
                    + "|then|them|into") && c.contains(i == 0 ? words[i].replaceFirst("e$", "") : words[i])) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the user asked for just before the command ran (only the agent's own tool calls in between), as a
     * phrase: "Rerun just Aug 31". Null when the command was the agent's own idea.
     */
    static String requested(Transcript t, ToolRun run) {
        for (int o = run.ordinal() - 1; o >= Math.max(0, run.ordinal() - 3); o--) {
            dev.recall.store.Message prior = t.message(o);
            if (prior == null) {
                return null;
            }
            if ("user".equals(prior.role())) {
                List<Sentence> ss = t.sentencesOf(o);
                for (int i = ss.size() - 1; i >= 0; i--) {
                    Matcher m = REQUEST.matcher(Phrasing.stripLead(ss.get(i).text()));
                    if (m.matches() && (named(m.group(1), run.command()) || o == run.ordinal() - 1
                            && m.group(1).toLowerCase(java.util.Locale.ROOT).matches("^re-?run\\b.*"))) {
                        return Texts.asTitle(m.group(1), 100);
                    }
                }
                return null;
            }
            if ("assistant".equals(prior.role()) && prior.toolName() == null) {
                return null;
            }
        }
        return null;
    }

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
                Matcher any = ANNOUNCED.matcher(ss.get(i).text());
                if (any.matches() && !LOOKING.matcher(any.group(1)).lookingAt() && any.group(1).split("\\s+").length >= 4) {
                    // its first clause: what follows a comma is detail ("default 112 KiB dictionary size")
                    return Texts.asTitle(any.group(1).split(",\\s", 2)[0], 100);
                }
            }
            return null;
        }
        return null;
    }
}
