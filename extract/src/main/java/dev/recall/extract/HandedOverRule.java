package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A procedure the user carried out: the assistant hands over the command for the user to run (it needs a secret, a
 * root shell, the network the sandbox lacks: "Then reload without dropping client connections: `psql ... -c
 * RELOAD`", "Could you run `cargo fetch` in the repo from a normal shell?") and the user's next words say it was done
 * ("done, reloaded", "Done, ran cargo fetch outside"). No run in the session shows the command, so the run-based rules
 * miss it, yet it worked: the user did it and the session went on from there, often with a check that it took. The
 * instruction is the title, the body keeps the commands, the user's word and the check after it. One per session,
 * only for a program that does something (not a look, not git bookkeeping), and not on messages an earlier procedure
 * stands on.
 */
final class HandedOverRule implements Rule.Contextual {
    private static final Pattern CODE = Pattern.compile("`([^`\\n]{3,200})`");
    /** A command line: a lower-case program (or ./script) and at least one argument; not a setting ("a = 1"). */
    private static final Pattern COMMAND_LINE = Pattern.compile("^(?:\\./|[a-z][\\w.-]*\\s)(?!=)[-\\w./@=:'\"$<>&|*,{}\\s%+~]+$");
    /** The user's word that it was done: "done, reloaded", "ran it. all 14 ...", "Done, ran cargo fetch outside". */
    private static final Pattern CONFIRM = Pattern.compile("(?i)^(?:(?:ok(?:ay)?|yes|right|good)[,.!]?\\s+)?(?:done"
            + "|ran it|ran that|did it|did that|that's done|finished)\\b");
    /** "Could you run `x` ...?": a request, which the title states as the step. */
    private static final Pattern REQUEST = Pattern.compile("(?i)^(?:could|can|would) you (?:please )?(.+?)\\?$");
    private static final String[] CUES = {"done", "ran it", "ran that", "did it", "did that", "finished"};

    @Override
    public List<Candidate> apply(Transcript t, Claims claims, List<Candidate> earlier) {
        List<Candidate> out = new ArrayList<>();
        List<Integer> prose = t.proseOrdinals();
        for (int i = 0; i < prose.size() && out.isEmpty(); i++) {
            int said = prose.get(i);
            if (!"user".equals(t.role(said)) || t.sentencesOf(said).isEmpty()
                    || !Texts.mentions(t.sentencesOf(said).getFirst().text(), CUES)
                    || !CONFIRM.matcher(t.sentencesOf(said).getFirst().text().strip()).find()) {
                continue;
            }
            // The assistant's hand-over: the prose message before the user's word (or before the user's aside just
            // before it), with no run in between.
            Integer handed = null;
            for (int k = i - 1; k >= Math.max(0, i - 2); k--) {
                int o = prose.get(k);
                if (ranBetween(t, o, said)) {
                    break;
                }
                if ("assistant".equals(t.role(o))) {
                    handed = o;
                    break;
                }
            }
            if (handed == null || Candidate.anyOn(earlier, EntryType.PROCEDURE, handed, said)) {
                continue;
            }
            Candidate c = candidate(t, handed, said);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    private static boolean ranBetween(Transcript t, int from, int to) {
        return t.runs().stream().anyMatch(r -> r.ordinal() > from && r.ordinal() < to && r.shell());
    }

    private Candidate candidate(Transcript t, int handed, int said) {
        Sentence instruction = null;
        List<String> commands = new ArrayList<>();
        for (Sentence s : t.sentencesOf(handed)) {
            Matcher m = CODE.matcher(s.text());
            while (m.find()) {
                String c = m.group(1).strip();
                List<String> keys = Commands.keys(c);
                if (COMMAND_LINE.matcher(c).matches() && !c.contains(" = ") && !keys.isEmpty()
                        && !keys.stream().allMatch(Commands::isRoutine) && !keys.getFirst().startsWith("git ")) {
                    commands.add(c);
                    if (instruction == null) {
                        instruction = s;
                    }
                }
            }
        }
        if (instruction == null) {
            return null;
        }
        // Openers go ("Then", "Also"), a label stays: "Then reload without dropping client connections: `psql ...`".
        String lead = Phrasing.stripOpeners(instruction.text()).strip().replaceFirst("(?i)^(?:then|and|so|now),?\\s+", "");
        Matcher request = REQUEST.matcher(lead);
        String title = Texts.capitalize(request.matches() ? request.group(1) : lead);
        if (Texts.words(title) < 4) {
            return null; // "`x`" alone, a numbered line: the step without what it is for
        }
        List<Candidate.Span> spans = new ArrayList<>(List.of(Candidate.Span.of(handed, null), Phrasing.span(
                t.sentencesOf(said).getFirst())));
        StringBuilder body = new StringBuilder("Steps (run by the user):");
        int n = 1;
        for (String c : commands.stream().distinct().limit(4).toList()) {
            body.append('\n').append(n++).append(". `").append(c).append('`');
        }
        body.append("\nAs the assistant put it: ").append(Texts.bound(String.join(" ", t.sentencesOf(handed).stream()
                .map(Sentence::text).toList()), 400));
        body.append("\nThe user: \"").append(Texts.bound(t.message(said).text().strip(), 200)).append('"');
        // The check right after the user's word, when the assistant ran one before speaking again.
        Integer next = t.nextProse(said);
        for (ToolRun r : t.runs()) {
            if (r.ordinal() > said && (next == null || r.ordinal() < next) && r.shell() && !r.failed()) {
                body.append("\nChecked with `").append(Texts.bound(r.command(), 200)).append('`');
                if (next != null && "assistant".equals(t.role(next)) && !t.sentencesOf(next).isEmpty()) {
                    body.append(": ").append(Texts.bound(t.sentencesOf(next).getFirst().text(), 200));
                }
                spans.add(Candidate.Span.of(r.ordinal(), null));
                break;
            }
        }
        String trigger = Phrasing.topicTrigger("when you need to run", t, instruction);
        return new Candidate(EntryType.PROCEDURE, Phrasing.scope(t.session(), body.toString()),
                Texts.bound(title.replaceAll("[.!]+$", ""), Phrasing.TITLE_MAX), body.toString(),
                trigger != null ? trigger : "when the agent cannot run it itself", 0.5, spans);
    }
}
