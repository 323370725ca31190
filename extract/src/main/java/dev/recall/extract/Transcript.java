package dev.recall.extract;

import dev.recall.store.Message;
import dev.recall.store.Session;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A session prepared for the local rules: the prose of users and assistants cut into sentences, every tool
 * message read as a command run or an edit, and the session's term statistics.
 */
final class Transcript {
    private final Session session;
    private final Map<Integer, Message> byOrdinal = new HashMap<>();
    private final Map<Integer, List<Sentence>> sentencesByOrdinal = new LinkedHashMap<>();
    private final List<Sentence> sentences = new ArrayList<>();
    private final List<ToolRun> runs = new ArrayList<>();
    private final Map<Integer, String> descriptions = new HashMap<>();
    private final Terms terms;
    /** The prose ordinals in message order, built once: rules ask for them per message. */
    private final List<Integer> proseOrdinals;
    /** Of those, the user's: the many rules that read only what the user said walk these. */
    private final List<Integer> userProse;
    /** The same as an array when strictly ascending (as sessions are), for a binary search; else null. */
    private final int[] ascendingProse;

    Transcript(Session session, List<Message> messages, Commands commands) {
        this.session = session;
        for (Message m : messages) {
            byOrdinal.put(m.ordinal(), m);
            if (isProse(m)) {
                List<Sentence> ss = Sentence.of(m);
                sentencesByOrdinal.put(m.ordinal(), ss);
                sentences.addAll(ss);
            } else if ("tool".equals(m.role())) {
                // Results only: an assistant message that carries a tool name is the call, and its result
                // (with the output that tells success from failure) is the tool message after it.
                runs.add(commands.read(m));
                String d = commands.description(m);
                if (d != null) {
                    descriptions.put(m.ordinal(), d);
                }
            }
        }
        this.terms = new Terms(sentences);
        this.proseOrdinals = List.copyOf(sentencesByOrdinal.keySet());
        this.userProse = proseOrdinals.stream().filter(o -> "user".equals(role(o))).toList();
        int[] ords = proseOrdinals.stream().mapToInt(Integer::intValue).toArray();
        boolean ascending = true;
        for (int i = 1; i < ords.length && ascending; i++) {
            ascending = ords[i - 1] < ords[i];
        }
        this.ascendingProse = ascending ? ords : null;
    }

    /** What people wrote: user and assistant text, not harness-injected blocks such as system reminders. */
    private static boolean isProse(Message m) {
        boolean role = "user".equals(m.role()) || "assistant".equals(m.role());
        return role && m.toolName() == null && !m.text().stripLeading().startsWith("<");
    }

    Session session() {
        return session;
    }

    Message message(int ordinal) {
        return byOrdinal.get(ordinal);
    }

    List<Sentence> sentences() {
        return sentences;
    }

    List<Sentence> sentencesOf(int ordinal) {
        return sentencesByOrdinal.getOrDefault(ordinal, List.of());
    }

    /** Ordinals of the messages that have prose, in order. */
    List<Integer> proseOrdinals() {
        return proseOrdinals;
    }

    /** Ordinals of the user's messages that have prose, in order. */
    List<Integer> userProse() {
        return userProse;
    }

    /** The prose messages of a role none of whose sentences an earlier proposal took: a message read whole. */
    List<Integer> freshProse(String ofRole, Claims claims) {
        return proseOrdinals().stream().filter(o -> ofRole.equals(role(o)) && !sentencesOf(o).isEmpty()
                && sentencesOf(o).stream().noneMatch(claims::taken)).toList();
    }

    List<ToolRun> runs() {
        return runs;
    }

    String description(int ordinal) {
        return descriptions.get(ordinal);
    }

    Terms terms() {
        return terms;
    }

    /** The nearest message before the ordinal that has prose, from any role. */
    Integer previousProse(int ordinal) {
        if (ascendingProse != null) {
            // The last prose ordinal below: a binary search instead of a walk over the session (rules ask per message).
            int i = java.util.Arrays.binarySearch(ascendingProse, ordinal);
            int below = (i >= 0 ? i : -i - 1) - 1;
            return below >= 0 ? proseOrdinals.get(below) : null;
        }
        Integer best = null;
        for (Integer o : sentencesByOrdinal.keySet()) {
            if (o < ordinal) {
                best = o;
            }
        }
        return best;
    }

    /** The nearest message after the ordinal that has prose. */
    Integer nextProse(int ordinal) {
        if (ascendingProse != null) {
            int i = java.util.Arrays.binarySearch(ascendingProse, ordinal);
            int above = i >= 0 ? i + 1 : -i - 1;
            return above < ascendingProse.length ? proseOrdinals.get(above) : null;
        }
        for (Integer o : sentencesByOrdinal.keySet()) {
            if (o > ordinal) {
                return o;
            }
        }
        return null;
    }

    /** One sentence of a message; returns how many of the sentences after it the visit used, so they are skipped. */
    interface SentenceVisit {
        int visit(int ordinal, List<Sentence> message, int index);
    }

    /**
     * Every sentence no earlier rule has claimed, message by message in order, of one role's prose ({@code null}:
     * users' and assistants'): the loop the prose rules share.
     */
    void eachSentence(String ofRole, Claims claims, SentenceVisit visit) {
        for (Map.Entry<Integer, List<Sentence>> e : sentencesByOrdinal.entrySet()) {
            if (ofRole != null && !ofRole.equals(role(e.getKey()))) {
                continue;
            }
            List<Sentence> ss = e.getValue();
            for (int i = 0; i < ss.size(); i++) {
                if (!claims.taken(ss.get(i))) {
                    i += visit.visit(e.getKey(), ss, i);
                }
            }
        }
    }

    /**
     * What a rule makes of the statements no earlier rule claimed, in session order, at most {@code max} candidates:
     * {@code make} returns null to pass a sentence over; a sentence it makes a candidate of is claimed.
     */
    List<Candidate> fromStatements(Claims claims, int max, java.util.function.Function<Sentence, Candidate> make) {
        return fromStatements(claims, max, false, make);
    }

    /**
     * The same; with {@code causesToo}, also the sentences a debugging entry only quotes as a failure's cause
     * ({@link Claims#claimAsCause}).
     */
    List<Candidate> fromStatements(Claims claims, int max, boolean causesToo,
            java.util.function.Function<Sentence, Candidate> make) {
        List<Candidate> out = new ArrayList<>();
        for (Sentence s : sentences) {
            if (out.size() == max) {
                break;
            }
            if ((causesToo ? claims.takenBeyondCause(s) : claims.taken(s)) || s.isQuestion()) {
                continue;
            }
            Candidate c = make.apply(s);
            if (c != null) {
                if (causesToo) {
                    claims.claimAsFact(s);
                } else {
                    claims.claim(s);
                }
                out.add(c);
            }
        }
        return out;
    }

    String role(int ordinal) {
        Message m = byOrdinal.get(ordinal);
        return m == null ? null : m.role();
    }
}
