package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's pick among options the assistant just laid out: "2. strict first come first served is the whole point"
 * after "Three ways to do it: 1. ... 2. A Durable Object per class session ... 3. ...", "Unique jobs. We don't want job
 * ids in our schema." after "(a) Oban unique jobs ... (b) cancel the old job by id ...", "pgbouncer side." after "Two
 * ways: set max_prepared_statements in pgbouncer.ini, or add prepareThreshold=0 to the JDBC URL. I'd do it in
 * PgBouncer: ...". The option chosen, the one it beat and the argument (the user's, or the assistant's for the option
 * picked) make the decision a later session would otherwise reopen. Runs after the other rules, on replies none of
 * them used; options about what to do next (look first, retry, restart) are steps, not decisions.
 */
final class OptionPickRule implements Rule {
    /** "(a) ...", "(b) ...": options laid out inline or one per line. */
    private static final Pattern INLINE = Pattern.compile("(?<![\\w(])\\(([a-d1-4])\\)\\s+");
    /** "1. ...", "2) ...", "- b: ...", "**Option 2:** ...": one option per line. */
    private static final Pattern ITEM = Pattern.compile("(?im)^\\s*(?:[-*]\\s*)?(?:\\*\\*)?(?:option\\s+)?([a-d1-4])"
            + "(?:[.):]|\\*\\*)+\\s*(?:\\*\\*)?\\s*(\\S[^\\n]*)$");
    /** "Two ways: A, or B.", "Two usual fixes: A, or B.": options in one sentence. */
    private static final Pattern WAYS = Pattern.compile("(?i)\\b(?:two|three|a couple of|a few) (?:\\w+ )?(?:ways|options"
            + "|fixes|choices|approaches|routes|alternatives)\\b[^:.\\n]{0,40}:\\s*([^\\n]+?)(?=\\.\\s|\\.?$|\\n)");
    private static final Pattern OR = Pattern.compile("(?i),?\\s+or\\s+(?:else\\s+)?|;\\s*or\\s+");
    private static final Pattern OR_AND = Pattern.compile("(?i),?\\s+(?:or|and)\\s+(?:else\\s+)?|;\\s*(?:or|and)\\s+");
    /** "2. strict ...", "a, banner with select more", "c.", "(b)", "Option 2", "go with 1": a reply that opens with a label. */
    private static final Pattern LABEL_PICK = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|yes|yeah|yep|sure|fine|alright|right"
            + "|hmm)[,.!]?\\s+)?(?:(?:let's |we'll )?(?:do|go with|take) )?(?:option\\s+)?\\(?([a-d1-4])\\)?(?:[.,:;!)]\\s*|\\s+it is\\b|\\s*$)");
    /** "Do both.": both of two options, which the assistant called complementary. */
    private static final Pattern BOTH = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|yes|yeah|yep|sure|fine|alright)[,.!]?\\s+)?"
            + "(?:let's )?(?:do |go with |take )?both\\b[.,!]?");
    private static final Pattern BARE_LABEL = Pattern.compile("(?i)\\(?[a-d1-4]\\)?[.!]?");
    /** An option that is the others together: "3. both", "(c) both of the above". */
    private static final Pattern BOTH_OPTION = Pattern.compile("(?i)(?:do )?both(?: of (?:the above|them|these))?[.!]?");
    /** Openers skipped before a pick named by its words: "No, globalVariables.", "OK, unique jobs." */
    private static final Pattern OPENER = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|yes|yeah|yep|sure|fine|alright|right|hmm|no"
            + "|nah|nope)[,.!]?\\s+)+");
    /** Options for the next few minutes (what to look at, retry or restart) are steps, not decisions. */
    private static final Pattern STEP = Pattern.compile("(?i)^(?:(?:i|we) (?:can|could) )?(?:look|check|investigate|inspect"
            + "|debug|retry|rerun|re-run|restart|reboot|wait|try|ask|show (?:me|us)|print|list|read|open|run (?:it|the"
            + " (?:tests?|suite|build))|revert|roll ?back|skip|ignore|leave it|kill)\\b|\\b(?:first|right now|for now|today|this time"
            + "|temporarily|for the moment)\\b");
    /** The assistant's own lean, which names the option it argues for: "I'd lean towards 2", "I'd do it in PgBouncer". */
    private static final Pattern LEAN = Pattern.compile("(?i)\\b(?:i'd|i would|my (?:pick|vote|recommendation)"
            + "|recommend|prefer|lean)\\b");
    private static final Pattern QUESTION_ONLY = Pattern.compile("\\?\\s*$");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.proseOrdinals()) {
            Integer prev = t.previousProse(ordinal);
            List<Sentence> reply = t.sentencesOf(ordinal);
            // A bare "3" has no sentence of its own: the pick is the whole reply.
            boolean bare = reply.isEmpty() && t.message(ordinal) != null
                    && BARE_LABEL.matcher(t.message(ordinal).text().strip()).matches();
            // A reply that opens with a label ("c. validation errors ...", "1. and never t.Skip ...") is a pick first, even
            // when an earlier rule took its sentence for what else it says.
            boolean labelled = !reply.isEmpty() && LABEL_PICK.matcher(t.message(ordinal).text().strip()).lookingAt();
            if (!"user".equals(t.role(ordinal)) || reply.isEmpty() && !bare || prev == null || ordinal - prev > 3
                    || !"assistant".equals(t.role(prev)) || !bare && !labelled && claims.taken(reply.getFirst())) {
                continue;
            }
            String laidOut = t.message(prev).text();
            List<Option> options = options(laidOut);
            if (options.size() < 2) {
                continue;
            }
            String raw = t.message(ordinal).text().strip();
            Option picked = null;
            boolean both = false;
            Matcher label = LABEL_PICK.matcher(raw);
            if (BOTH.matcher(raw).lookingAt() && options.size() == 2) {
                both = true;
            } else if (label.lookingAt()) {
                picked = byLabel(options, label.group(1));
                if (picked != null && OPTION_LINE.apply(label.group(1).toLowerCase(Locale.ROOT)).matcher(raw.substring(label.end())).find()) {
                    picked = null; // the user's own numbered list, not a pick
                }
            } else {
                picked = reply.getFirst().isQuestion() ? null : byWords(options, raw);
            }
            if (picked == null && !both) {
                continue;
            }
            // "3" after "1. A 2. B 3. both": both of the two others, argued for by the assistant's lean to 3.
            Option bothOption = null;
            if (picked != null && options.size() == 3 && BOTH_OPTION.matcher(picked.text()).matches()) {
                Option all = picked;
                bothOption = all;
                options = options.stream().filter(o -> o != all).toList();
                picked = null;
                both = true;
            }
            List<Option> others = new ArrayList<>(options);
            if (picked != null) {
                others.remove(picked);
            }
            if (picked != null && (STEP.matcher(picked.text()).find() || words(picked.text()) < 3)
                    || both && options.stream().anyMatch(o -> STEP.matcher(o.text()).find())) {
                continue;
            }
            // The argument: the reply beyond the pick, else the assistant's sentence that argues for the option picked.
            List<Sentence> said = claims.free(reply.subList(0, Math.min(3, reply.size())), 3,
                    r -> !QUESTION_ONLY.matcher(r.text()).find());
            String beyond = String.join(" ", said.stream().map(Sentence::text).toList());
            String pickText = label.lookingAt() ? raw.substring(label.end()) : beyond;
            Sentence argued = picked != null ? argument(t.sentencesOf(prev), picked, claims)
                    : bothOption != null ? argument(t.sentencesOf(prev), bothOption, claims) : null;
            boolean userReason = words(pickText.replaceFirst("(?i)^\\W*(?:both|do both)\\W*", "")) >= 4;
            if (!userReason && argued == null) {
                continue;
            }
            said.forEach(claims::claim);
            if (argued != null) {
                claims.claim(argued);
            }
            String title = both ? Texts.capitalize(head(options.get(0).text())) + " and " + lowerHead(options.get(1).text())
                    : Texts.capitalize(head(picked.text())) + (others.size() == 1 ? " rather than "
                    + alternative(others.getFirst().text(), picked.text()) : "");
            StringBuilder body = new StringBuilder("Options: ");
            body.append(String.join(" / ", options.stream().map(o -> "(" + o.label() + ") " + o.text()).toList()));
            body.append("\nChosen: ").append(bare ? raw : said.isEmpty() ? reply.getFirst().text() : beyond);
            if (argued != null) {
                body.append("\nReason: ").append(argued.text());
            }
            List<Candidate.Span> spans = new ArrayList<>();
            spans.add(new Candidate.Span(prev, prev, null));
            spans.add(bare ? new Candidate.Span(ordinal, ordinal, null)
                    : Phrasing.span(said.isEmpty() ? reply.getFirst() : said.getFirst()));
            Sentence anchor = bare ? (argued != null ? argued : t.sentencesOf(prev).getFirst())
                    : said.isEmpty() ? reply.getFirst() : said.getFirst();
            String trigger = Phrasing.topicTrigger("when deciding about", t, anchor);
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(title, Phrasing.TITLE_MAX), body.toString(), trigger, 0.6, spans));
        }
        return out;
    }

    record Option(String label, String text) {}

    private static final java.util.function.Function<String, Pattern> OPTION_LINE = l -> Pattern.compile(
            "(?m)^\\s*\\(?" + Pattern.quote(next(l)) + "[.)]\\s");

    private static String next(String label) {
        return String.valueOf((char) (label.charAt(0) + 1));
    }

    /** The options the message lays out: labelled inline, one per line, or "Two ways: A, or B". */
    static List<Option> options(String text) {
        List<Option> inline = new ArrayList<>();
        Matcher m = INLINE.matcher(text);
        List<int[]> at = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        int end = text.length();
        // The first run of labels in order: a later "(a) respects the user's choice" argues, it lays out nothing.
        while (m.find()) {
            String l = m.group(1).toLowerCase(Locale.ROOT);
            if (!labels.isEmpty() && l.charAt(0) != labels.getLast().charAt(0) + 1) {
                end = m.start();
                break;
            }
            at.add(new int[] {m.start(), m.end()});
            labels.add(l);
        }
        if (at.size() >= 2 && sequential(labels)) {
            for (int i = 0; i < at.size(); i++) {
                String item = text.substring(at.get(i)[1], i + 1 < at.size() ? at.get(i + 1)[0] : end);
                inline.add(new Option(labels.get(i), clean(i + 1 < at.size() ? item : firstSentence(item))));
            }
            return inline;
        }
        List<Option> items = new ArrayList<>();
        labels.clear();
        Matcher it = ITEM.matcher(text);
        while (it.find()) {
            labels.add(it.group(1).toLowerCase(Locale.ROOT));
            items.add(new Option(it.group(1).toLowerCase(Locale.ROOT), clean(it.group(2))));
        }
        if (items.size() >= 2 && sequential(labels)) {
            return items;
        }
        Matcher ways = WAYS.matcher(text);
        if (ways.find()) {
            String[] parts = OR.split(ways.group(1));
            if (parts.length < 2) {
                parts = OR_AND.split(ways.group(1));
            }
            if (parts.length >= 2 && parts.length <= 3) {
                List<Option> out = new ArrayList<>();
                for (int i = 0; i < parts.length; i++) {
                    out.add(new Option(String.valueOf((char) ('a' + i)), clean(parts[i])));
                }
                return out;
            }
        }
        return List.of();
    }

    private static boolean sequential(List<String> labels) {
        for (int i = 0; i < labels.size(); i++) {
            char first = labels.getFirst().charAt(0);
            if (first != 'a' && first != '1' || labels.get(i).charAt(0) != first + i) {
                return false;
            }
        }
        return true;
    }

    private static String firstSentence(String s) {
        return s.split("(?<=[.!?])\\s+(?=[A-Z(])|\\n", 2)[0];
    }

    private static String clean(String s) {
        return s.strip().replaceAll("(?i)[,;]?\\s*(?:or|and)?\\s*$", "").replaceAll("[.:;,]+$", "").replace("**", "").strip();
    }

    private static Option byLabel(List<Option> options, String label) {
        String l = label.toLowerCase(Locale.ROOT);
        for (Option o : options) {
            if (o.label().equals(l)) {
                return o;
            }
        }
        // "2" for the second of options labelled (a), (b), or "b" for the second of a numbered list.
        int index = Character.isDigit(l.charAt(0)) ? l.charAt(0) - '1' : l.charAt(0) - 'a';
        boolean otherKind = Character.isDigit(l.charAt(0)) != Character.isDigit(options.getFirst().label().charAt(0));
        return otherKind && index >= 0 && index < options.size() ? options.get(index) : null;
    }

    /** "Unique jobs.", "No, globalVariables.", "pgbouncer side.": a short reply naming words of one option only. */
    private static Option byWords(List<Option> options, String reply) {
        // The pick is the reply's first clause: "no, globalVariables. the .data pronoun is deprecated ..." names it first.
        String first = reply.split("(?<=[.!?])\\s+|\\n", 2)[0];
        String named = OPENER.matcher(first.strip()).replaceFirst("").replaceAll("[.!]+$", "");
        if (first.endsWith("?") || words(named) > 4 || named.isBlank()) {
            return null;
        }
        Option hit = null;
        for (Option o : options) {
            if (shares(named, o.text())) {
                if (hit != null) {
                    return null;
                }
                hit = o;
            }
        }
        return hit;
    }

    /** The assistant's sentence that argues for the option picked: it leans to it or gives a reason naming it. */
    private static Sentence argument(List<Sentence> laidOut, Option picked, Claims claims) {
        for (Sentence s : laidOut) {
            String text = s.text();
            if (claims.taken(s) || text.contains(picked.text()) || picked.text().contains(text.strip())) {
                continue;
            }
            boolean names = Pattern.compile("(?i)\\(" + Pattern.quote(picked.label()) + "\\)|\\b(?:to|towards|for|with|go"
                    + "|pick|take) \\(?" + Pattern.quote(picked.label()) + "\\)?(?![\\w(])").matcher(text).find()
                    || shares(text, picked.text());
            if (names && (LEAN.matcher(text).find() || DecisionRule.REASON.matcher(text).find())) {
                return s;
            }
        }
        return null;
    }

    private static final java.util.Set<String> GENERIC = java.util.Set.of("with", "from", "that", "this", "them", "they",
            "then", "than", "into", "only", "also", "just", "some", "every", "each", "make", "keep", "side", "approach",
            "option", "both", "fine", "good", "sure", "have", "here", "there", "when", "what", "which", "would", "could",
            "should", "will", "same", "other", "ones", "one's");

    /** Whether a distinctive word (four letters or more, not a stopword) of a stands as a word in b. */
    private static boolean shares(String a, String b) {
        String laid = " " + b.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_$]+", " ") + " ";
        for (String w : a.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_$]+")) {
            if (w.length() >= 4 && !dev.recall.sessions.Stopwords.contains(w) && !GENERIC.contains(w)
                    && laid.contains(" " + w + " ")) {
                return true;
            }
        }
        return false;
    }

    /** An option up to its first aside: "tasty-bench: one small dependency on top of tasty, which we have" loses the rest. */
    private static String head(String option) {
        String h = option.split(";|,?\\s+(?=(?:so|which|but|since|because|then|plus|though)\\s)|\\s+\\(|\\.\\s", 2)[0].strip();
        return h.isEmpty() ? option : h;
    }

    private static String lowerHead(String option) {
        return Texts.lowerFirst(head(option));
    }

    /** The option that lost, said after "rather than": "ask for full access again" reads "asking for full access again". */
    private static String alternative(String option, String chosen) {
        String chosenVerb = chosen.strip().split("\\s+", 2)[0];
        String h = head(option).split(",|:", 2)[0].strip();
        String[] w = h.split("\\s+", 2);
        boolean verbs = PreferenceRule.instruction(chosen) && w[0].matches("[a-z]+") && !ARTICLE.matcher(w[0]).matches();
        if ((PreferenceRule.instruction(h) || w[0].equalsIgnoreCase(chosenVerb) || verbs) && w[0].matches("(?i)[a-z]+")
                && !w[0].equalsIgnoreCase("no")) {
            return Texts.gerund(w[0].toLowerCase(Locale.ROOT)) + (w.length > 1 ? " " + w[1] : "");
        }
        return Texts.lowerFirst(h);
    }

    private static final Pattern ARTICLE = Pattern.compile("(?i)a|an|the|one|two|three|some|any|each|every|all|both|no"
            + "|our|my|your|its|their|this|that|these|those|only|just|plain|more|less|fewer");

    private static int words(String s) {
        String t = s.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }
}
