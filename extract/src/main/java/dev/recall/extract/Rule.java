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
    }
}
