package dev.recall.extract;

import java.util.List;

/** One way of recognising knowledge in a session. Rules run in a fixed order and share the claims. */
interface Rule {
    List<Candidate> apply(Transcript transcript, Claims claims);

    /**
     * The same, for a rule that also looks at what the rules before it proposed (to stay off messages another
     * entry already stands on); most rules only need the claimed sentences.
     */
    default List<Candidate> apply(Transcript transcript, Claims claims, List<Candidate> earlier) {
        return apply(transcript, claims);
    }

    /** A rule that needs what the rules before it proposed; run alone (as in its tests), nothing came before. */
    interface Contextual extends Rule {
        @Override
        List<Candidate> apply(Transcript transcript, Claims claims, List<Candidate> earlier);

        @Override
        default List<Candidate> apply(Transcript transcript, Claims claims) {
            return apply(transcript, claims, List.of());
        }

        /**
         * Whether a proposal made before stands on the message: one whose evidence holds it and that is not dropped
         * at the end for leaning on its context (a dropped one leaves the message to the rules after it).
         */
        static boolean standsOn(List<Candidate> earlier, int ordinal) {
            for (Candidate c : earlier) {
                if (!Phrasing.leansOnContext(c.title())) {
                    for (Candidate.Span a : c.anchors()) {
                        if (a.start() <= ordinal && ordinal <= a.end()) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }
    }
}
