package dev.recall.extract;

import dev.recall.store.EntryType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the user wants a kind of work done, said as a ban or a "use X, not Y" with its reason, where the reason is taste
 * or fit rather than harm: "No exceptions in the public API. quillmath is used in code built with -fno-exceptions.",
 * "for webhook tests use the recorded event fixtures ..., don't hand-build event objects. The hand-built ones drift from
 * what Stripe actually sends.", "for fast local builds people should set X in their shell instead of hacking
 * electron-builder.yml". A ban with the harm it prevents is a warning (`ProhibitionRule`, which runs before this one).
 * Read clause by clause; runs after the other rules, on messages none of them used.
 */
final class UsageNormRule implements Rule {
    /** "No exceptions in the public API", "no CSS selectors in e2e tests": a ban on a kind of thing somewhere. */
    private static final Pattern BAN = Pattern.compile("(?i)^no (?!(?:idea|worries|problem|need|rush|luck|change|difference"
            + "|way|thanks|longer|more|one|matter|doubt|issue)\\b)[a-z`][\\w`-]*(?: [\\w`-]+){0,3} (?:in|for|on|inside)"
            + " (?:the |our |any |a )?\\S.{3,}");
    /** "use X, don't Y", "use X, not Y", "don't Y, use X", "X instead of Y": one way over another. */
    private static final Pattern OVER = Pattern.compile("(?i)\\buse [^,;]{3,80},? (?:don't|do not|not|never|instead of|rather"
            + " than) \\S.{3,}|^(?:don't|do not|never) [^,;]{3,80}[,;] (?:use|keep|put|run) \\S.{3,}|\\b(?:should|always) "
            + "[^,;]{3,80} (?:instead of|rather than) \\S.{3,}|^(?:don't|do not) [a-z]+ [^,;]{3,60} in (?:a|the|any) "
            + "[\\w-]+ (?:branch|pr|commit|release)\\b.*");
    /** Why: a statement that explains (not an order, not a question). */
    private static final Pattern WHY = Pattern.compile("(?i)\\b(?:because|since|so (?:that )?(?:reviews?|it|they|we|people"
            + "|nobody|the)|is used|are used|drift|drifts|stay|stays|readable|built with|depends? on|relies? on|expects?)\\b");
    private static final Pattern MOMENT = Pattern.compile("(?i)\\b(?:yet|now|today|tonight|this time|for now|right now"
            + "|first|again|until|for the moment|temporarily|this run|this once)\\b");

    @Override
    public List<Candidate> apply(Transcript t, Claims claims) {
        List<Candidate> out = new ArrayList<>();
        for (int ordinal : t.freshProse("user", claims)) {
            List<Sentence> ss = t.sentencesOf(ordinal);
            String raw = t.message(ordinal).text().strip();
            String[] clauses = Phrasing.CLAUSE_END.split(raw);
            for (int i = 0; i < clauses.length; i++) {
                // "No exceptions in ...": the "No" is the ban, not an opener to strip.
                String c = (clauses[i].strip().matches("(?i)no [a-z`].*") ? clauses[i].strip()
                        : Phrasing.stripLead(clauses[i].strip())).replaceAll("[.!;]+$", "");
                boolean ban = BAN.matcher(c).matches();
                Matcher over = OVER.matcher(c);
                boolean contrast = !ban && over.find();
                if (!ban && !contrast || c.endsWith("?") || MOMENT.matcher(c).find()) {
                    continue;
                }
                String why = null;
                for (int j = i + 1; j < Math.min(clauses.length, i + 3) && why == null; j++) {
                    String n = clauses[j].strip().replaceAll("[.!;]+$", "");
                    if (!n.endsWith("?") && WHY.matcher(n).find() && words(n) >= 4) {
                        why = n;
                    }
                }
                // "people should set X instead of hacking Y" carries its own why: the way and the way not taken.
                if (why == null && !(contrast && c.matches("(?i).*\\b(?:instead of|rather than)\\b.*"))) {
                    continue;
                }
                ss.forEach(claims::claim);
                String title = Texts.capitalize(c) + (why != null ? ": " + Texts.lowerFirst(why) : "");
                String body = Texts.boundBody(raw, 600);
                out.add(new Candidate(EntryType.PREFERENCE, Phrasing.preferenceScope(t.session(), body),
                        Texts.asTitle(title, Phrasing.TITLE_MAX), body,
                        Phrasing.topicTrigger("when working with", t, ss.getFirst()), 0.6,
                        List.of(new Candidate.Span(ordinal, ordinal, null))));
                break;
            }
        }
        return out;
    }

    private static int words(String s) {
        return s.strip().split("\\s+").length;
    }
}
