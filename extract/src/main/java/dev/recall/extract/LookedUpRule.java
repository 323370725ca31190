package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fact established by reading: the agent looks something up without changing anything (a file read, a grep, a
 * cat, a listing), and its very next message states what the look showed ("Sentry gets errors plus 5% of
 * transactions (traces_sample_rate 0.05); ...", "Staging runs on Fly (deploy/fly.staging.toml), and secrets come
 * from `fly secrets`, not from the toml"). Keyed on the order of events and on the statement naming something the
 * output shows verbatim (a value, a key, a path), not on a project's words. Not when the look is part of chasing a
 * failure (the user reported something wrong, or a command failed since the user spoke) or is followed by an edit
 * before the user speaks again: then the statement is the cause of a bug the session fixes, which is no longer true
 * after it. Runs last, on sentences no other rule used; at most two a session.
 */
final class LookedUpRule implements Rule {
    private static final int MAX = 2;
    private static final Set<String> READ_TOOLS = Set.of("read", "read_file", "view", "view_file", "cat", "open_file");
    /** A status, a plan, a guess or a pointer at the bug: not what the look established. */
    private static final Pattern NOT_A_FINDING = Pattern.compile("(?i)^(?:found|there|that's|that is|this is|here|so"
            + "|ok|okay|good|done|parked|noted|plan|proposal|options?|fix|fixed|likely|probably|possibly|maybe|i\\b|i'|it's"
            + "|we|let|now|next|two|one|both|nothing|no |yes|still|same|checking|looking|running|it\\b|they\\b|these\\b"
            + "|those\\b)");
    /** Words of a report that something is wrong, beyond the debugging rule's symptoms. */
    private static final Pattern AMISS = Pattern.compile("(?i)\\b(?:expired|reject\\w*|doesn't|didn't|isn't|aren't"
            + "|won't|no longer|bug|issue|problem|incident|outage|broke|twice|keeps|not (?:working|showing|running)"
            + "|\\d{3})\\b");
    private static final Pattern HEDGE = Pattern.compile("(?i)\\b(?:likely|probably|possibly|maybe|might|perhaps|seems"
            + "|guess|suspect|bug|culprit|wrong|broken|i'll|i will|let me|we'll|i'd)\\b");
    private static final Pattern FOR_REFERENCE = Pattern.compile("(?i)^(?:for reference|for the record|fyi|note that)"
            + "[,:]?\\s+");
    /** A thing one can find in the output: inline code, a number, a dotted, slashed or snake-case name. */
    private static final Pattern TOKEN = Pattern.compile("`([^`]{2,})`|\\b\\d[\\w.:-]*\\b|\\b[A-Za-z][\\w-]*[_./:][\\w./:-]*\\w"
            + "|\\b[a-z]+[A-Z]\\w*\\b|\\b[A-Z]{2,}[A-Z_\\d]*\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (ToolRun r : t.runs()) {
            if (out.size() == MAX) {
                break;
            }
            if (!isRead(r)) {
                continue;
            }
            int a = r.ordinal() + 1;
            if (!"assistant".equals(t.role(a)) || t.sentencesOf(a).isEmpty()) {
                continue;
            }
            Integer user = lastUser(t, r.ordinal());
            if (user == null || chasingAFailure(t, user, r.ordinal()) || editedBeforeTheUserSpeaks(t, a)) {
                continue;
            }
            String output = t.message(r.ordinal()).text();
            List<Sentence> ss = t.sentencesOf(a);
            for (int i = 0; i < Math.min(2, ss.size()); i++) {
                Sentence s = ss.get(i);
                String text = FOR_REFERENCE.matcher(s.text()).replaceFirst("");
                int words = text.split("\\s+").length;
                if (claims.taken(s) || s.isQuestion() || words < 6 || words > 45
                        || NOT_A_FINDING.matcher(Phrasing.stripLead(text)).find() || HEDGE.matcher(text).find()
                        || !showsFrom(text, output) || changedLater(t, a, text)) {
                    continue;
                }
                claims.claim(s);
                String title = Texts.asTitle(Texts.capitalize(Phrasing.stripLead(text)), Phrasing.TITLE_MAX);
                String look = r.shell() ? "`" + Texts.bound(r.command(), 120) + "`" : String.join(", ", r.files().isEmpty()
                        ? List.of(Texts.bound(String.valueOf(t.message(r.ordinal()).toolInput()), 120)) : r.files());
                String body = text + "\nLooked up with: " + look;
                String trigger = Phrasing.topicTrigger("when working with", t, s);
                out.add(new Candidate(EntryType.FACT, Phrasing.scope(t.session(), body), title, body, trigger, 0.5,
                        List.of(new Candidate.Span(r.ordinal(), a, s.text()))));
                break;
            }
        }
        return out;
    }

    /** Reading, not doing: a read tool, or a shell command of look-around programs only (cat, grep, sed -n, jq). */
    static boolean isRead(ToolRun r) {
        if (r.kind() == ToolRun.Kind.SHELL) {
            return !r.failed() && r.routine() && !r.keys().isEmpty() && r.keys().stream().noneMatch(k -> k.startsWith(
                    "curl") || k.startsWith("wget") || k.startsWith("http") || k.startsWith("gh") || k.startsWith("git"));
        }
        return r.kind() == ToolRun.Kind.OTHER && READ_TOOLS.contains(r.tool().toLowerCase(Locale.ROOT));
    }

    private static Integer lastUser(Transcript t, int before) {
        Integer found = null;
        for (int o : t.proseOrdinals()) {
            if (o >= before) {
                break;
            }
            if ("user".equals(t.role(o))) {
                found = o;
            }
        }
        return found;
    }

    /** The user reported a problem, or a command failed between the user's message and the look. */
    private static boolean chasingAFailure(Transcript t, int user, int look) {
        for (Sentence s : t.sentencesOf(user)) {
            if (DebuggingRule.PROBLEM.matcher(s.text()).find() || AMISS.matcher(s.text()).find()) {
                return true;
            }
        }
        for (ToolRun r : t.runs()) {
            if (r.ordinal() > user && r.ordinal() < look && r.shell() && r.failed()) {
                return true;
            }
        }
        return false;
    }

    /** An edit follows in the same turn: the look found what to change. */
    private static boolean editedBeforeTheUserSpeaks(Transcript t, int from) {
        int nextUser = Integer.MAX_VALUE;
        for (int o : t.proseOrdinals()) {
            if (o > from && "user".equals(t.role(o))) {
                nextUser = o;
                break;
            }
        }
        for (ToolRun r : t.runs()) {
            if (r.ordinal() > from && r.ordinal() < nextUser && r.kind() == ToolRun.Kind.EDIT) {
                return true;
            }
        }
        return false;
    }

    /**
     * An edit before the user has spoken twice takes out a line holding something the statement names, or edits a
     * file it names: what the look found was then changed, so it no longer holds.
     */
    private static boolean changedLater(Transcript t, int from, String statement) {
        Set<String> named = new HashSet<>();
        Matcher m = TOKEN.matcher(statement);
        while (m.find()) {
            String tok = (m.group(1) != null ? m.group(1) : m.group()).toLowerCase(Locale.ROOT);
            if (tok.length() >= 3) {
                named.add(tok);
            }
        }
        int limit = Integer.MAX_VALUE;
        int seen = 0;
        for (int o : t.proseOrdinals()) {
            if (o > from && "user".equals(t.role(o)) && ++seen == 2) {
                limit = o;
                break;
            }
        }
        for (ToolRun r : t.runs()) {
            if (r.ordinal() <= from || r.ordinal() >= limit || r.kind() != ToolRun.Kind.EDIT) {
                continue;
            }
            for (String f : r.files()) {
                String base = f.substring(f.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
                if (named.contains(base) || named.stream().anyMatch(n -> n.endsWith(base))) {
                    return true;
                }
            }
            StringBuilder removed = new StringBuilder();
            for (String line : t.message(r.ordinal()).text().split("\n")) {
                String l = line.strip();
                if (l.startsWith("-") && !l.startsWith("---")) {
                    removed.append(l.toLowerCase(Locale.ROOT)).append('\n');
                }
            }
            if (named.stream().anyMatch(n -> removed.indexOf(n) >= 0)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the statement names something the output shows verbatim. */
    private static boolean showsFrom(String statement, String output) {
        String lower = output.toLowerCase(Locale.ROOT);
        Set<String> seen = new HashSet<>();
        Matcher m = TOKEN.matcher(statement);
        while (m.find()) {
            String tok = (m.group(1) != null ? m.group(1) : m.group()).toLowerCase(Locale.ROOT);
            if (tok.length() >= 3 && seen.add(tok) && lower.contains(tok)) {
                return true;
            }
        }
        return false;
    }
}
