package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A decision settled in a reply: the assistant puts a course forward (a question, options, "I could ..., or ..."),
 * the user answers with their choice and why, and the session carries it out by editing a file right after. Keyed on
 * the structure, not on the words of the choice: who said it (the user, answering the assistant), what followed (a
 * change made), and that a reason was given. A reply nobody acts on, or one without a reason, is left to the other
 * rules. Runs last and reads only replies no other rule used, so it only adds.
 */
final class SettledRule implements Rule {
    /** What the assistant put forward: a course offered or alternatives laid out. */
    private static final Pattern PUT_FORWARD = Pattern.compile("(?i)\\b(?:i'd|i would|i could|i can|we could|should i"
            + "|shall i|want me to|options?|alternatives?|either|two ways|or\\b[^.?]{2,80}\\?)|\\?\\s*$");
    /** An opening acknowledgement that carries no content: "ok:", "fine,", "yes.". */
    private static final Pattern ACK = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|fine|good|yes|yeah|yep|sure|right"
            + "|alright|agreed|hmm|ah|great)[,.:!]*\\s*)+");
    private static final Pattern SECOND_THOUGHT = Pattern.compile("(?i)\\bactually(?:,? no)?[,.:]\\s+");
    private static final Pattern DISSENT = Pattern.compile("(?i)^(?:no|nope|not)\\b");
    private static final int MAX_SENTENCES = 5;
    /** A reply that only approves: "yes", "go", "ok, do it". */
    private static final Pattern BARE_YES = Pattern.compile("(?i)(?:yes|yep|yeah|ok(?:ay)?|sure|go|go ahead|do it"
            + "|please do|sounds good)(?:[,.]? (?:please|do it|go ahead|go))?[.!]*");
    /** The assistant's course put forward in its own voice: "I'd set ...", "I'd rather ...", "I can ...". */
    private static final Pattern COURSE = Pattern.compile("(?i)\\b(?:i'd|i would|i can|i could|i suggest|i propose"
            + "|my suggestion is to|the fix is to)\\s+(?!say|guess|think|expect|like|love|need|be\\b|have\\b|also\\b)");
    /** A reply that opens with an option's label: "2. mostly for ...", "(b), ...". */
    private static final Pattern LABEL = Pattern.compile("(?i)^\\s*\\(?([a-d1-4])\\)?[.,:;)]\\s+(?=\\S)");
    /** A sentence that is a reason, not a choice: "mostly because ...". */
    private static final Pattern REASON_FIRST = Pattern.compile("(?i)^(?:\\w+ )?(?:because|since|as|so that)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.userProse()) {
            Integer prev = t.previousProse(ordinal);
            List<Sentence> reply = t.sentencesOf(ordinal);
            if (prev == null || ordinal - prev > 2 || !"assistant".equals(t.role(prev)) || reply.isEmpty()
                    || reply.size() > MAX_SENTENCES || reply.stream().anyMatch(claims::taken)) {
                continue;
            }
            List<Sentence> asked = t.sentencesOf(prev);
            Sentence forward = asked.stream().filter(s -> PUT_FORWARD.matcher(s.text()).find()).reduce((a, b) -> b)
                    .orElse(null);
            ToolRun edit = DecisionRule.editAfter(t, ordinal);
            if (forward == null || edit == null) {
                continue;
            }
            if (reply.size() == 1 && BARE_YES.matcher(reply.getFirst().text().strip()).matches()) {
                approved(t, claims, out, ordinal, asked, reply.getFirst(), edit);
                continue;
            }
            Sentence choice = choice(reply);
            if (choice == null) {
                continue;
            }
            // "2. mostly for the baseline compare": the option picked by its label, in the options' own words.
            Matcher label = LABEL.matcher(t.message(ordinal).text());
            String option = label.lookingAt() ? DecisionRule.labelled(t, ordinal, label.group(1)) : null;
            String raw = ACK.matcher(choice.text().strip()).replaceFirst("").strip();
            String said = (raw.matches("(?i)no\\s.*") ? raw : ACK.matcher(Phrasing.stripLead(raw)).replaceFirst(""))
                    .strip().replaceAll("[.!]+$", "");
            // "10 on juniper and atlas, ... hmm, actually no, same everywhere": the user's second thought stands.
            Matcher second = SECOND_THOUGHT.matcher(said);
            int at = -1;
            while (second.find()) {
                at = second.end();
            }
            boolean secondThought = at > 0 && words(said.substring(at)) >= 3;
            if (secondThought) {
                said = said.substring(at).strip();
            }
            // Users often write on in lower case ("own queue for the exports. the webhook jobs ..."): the first
            // of such run-on sentences is the choice, the rest its reason.
            String[] parts = said.split("\\.\\s+(?=[a-z])", 2);
            String chosen = option != null ? option : parts[0].strip();
            String rest = option != null ? said : parts.length > 1 ? parts[1].strip() : null;
            int next = reply.indexOf(choice) + 1;
            if (option == null && secondThought && rest == null && next < reply.size() && !reply.get(next).isQuestion()) {
                rest = reply.get(next).text().strip().replaceAll("[.!]+$", "");
            }
            if (option == null && secondThought && rest != null && words(rest) >= 2) {
                // "same everywhere, less to remember. 10 on all of them": the reason first, then the choice.
                String why = chosen;
                chosen = rest;
                rest = why;
            }
            Sentence reason = reply.stream().filter(r -> r != choice && !r.isQuestion() && (DecisionRule.REASON
                    .matcher(r.text()).find() || DecisionRule.REPLY_REASON.matcher(r.text()).find())).findFirst()
                    .orElse(rest != null && (secondThought || DecisionRule.REASON.matcher(rest).find()
                            || DecisionRule.REPLY_REASON.matcher(rest).find())
                            || DecisionRule.REASON.matcher(chosen).find() ? choice : null);
            if (reason == null || words(chosen) < 2 || DecisionRule.ONE_OFF.matcher(chosen).find()
                    || option == null && REASON_FIRST.matcher(chosen).find()) {
                continue;
            }
            reply.forEach(claims::claim);
            String because = reason != choice ? reason.text().strip().replaceAll("[.!]+$", "")
                    : rest != null ? rest.replaceAll("[.!]+$", "") : null;
            String title = because != null && words(chosen) < 6 ? chosen + ": " + Texts.lowerFirst(because) : chosen;
            StringBuilder body = new StringBuilder(String.join(" ", reply.stream().map(Sentence::text).toList()));
            if (option != null) {
                body.append("\nChosen option: ").append(option);
            }
            body.append("\nProposed: ").append(forward.text());
            body.append('\n').append(done(t, edit));
            String trigger = Phrasing.topicTrigger("when deciding about", t, forward);
            out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body.toString()),
                    Texts.asTitle(Texts.capitalize(title), Phrasing.TITLE_MAX), body.toString(),
                    trigger != null ? trigger : Phrasing.topicTrigger("when deciding about", t, choice), 0.55,
                    List.of(Phrasing.span(forward), new Candidate.Span(ordinal, ordinal, null),
                            Candidate.Span.of(edit.ordinal(), null))));
        }
        return out;
    }

    /**
     * "I'd cap the entries at 10, so old generations get pruned." answered with a bare "yes" and then done: the
     * assistant's course, with its reason, approved and carried out. Titled by the course in the user's voice.
     */
    private static void approved(Transcript t, Claims claims, List<Candidate> out, int ordinal, List<Sentence> asked,
            Sentence yes, ToolRun edit) {
        Sentence course = null;
        for (Sentence a : asked) {
            if (!claims.taken(a) && !a.isQuestion() && COURSE.matcher(a.text()).find()
                    && DecisionRule.REASON.matcher(a.text()).find()) {
                course = a;
            }
        }
        if (course == null || DecisionRule.ONE_OFF.matcher(course.text()).find()) {
            return;
        }
        claims.claim(course);
        claims.claim(yes);
        Matcher m = COURSE.matcher(course.text().strip());
        String said = m.find() ? course.text().strip().substring(m.end()) : course.text();
        String body = course.text() + "\nApproved: " + yes.text() + "\n" + done(t, edit);
        out.add(new Candidate(EntryType.DECISION, Phrasing.scope(t.session(), body),
                Phrasing.title(Texts.capitalize(said)), body, Phrasing.topicTrigger("when deciding about", t, course),
                0.55, List.of(Phrasing.span(course), Phrasing.span(yes), Candidate.Span.of(edit.ordinal(), null))));
    }

    /**
     * The sentence that says what was chosen: the first one with content, or, after a bare "no, not X", the first
     * instruction that says what to do instead.
     */
    private static Sentence choice(List<Sentence> reply) {
        for (int i = 0; i < reply.size(); i++) {
            Sentence s = reply.get(i);
            String text = ACK.matcher(Phrasing.stripLead(s.text())).replaceFirst("").strip();
            if (s.isQuestion()) {
                return null;
            }
            if (text.isEmpty()) {
                continue;
            }
            if (DISSENT.matcher(text).find()) {
                return reply.subList(i + 1, reply.size()).stream().filter(r -> !r.isQuestion()
                        && PreferenceRule.instruction(r.text())).findFirst().orElse(null);
            }
            return s;
        }
        return null;
    }

    /** The edit that carried the decision out: "Done: edited a.yml, b.py (what it added)." */
    private static String done(Transcript t, ToolRun edit) {
        String added = DecisionRule.added(t, edit);
        return "Done: edited " + String.join(", ", edit.files()) + (added != null ? " (" + added + ")" : "") + ".";
    }

    private static int words(String s) {
        return s.isBlank() ? 0 : s.strip().split("\\s+").length;
    }
}
