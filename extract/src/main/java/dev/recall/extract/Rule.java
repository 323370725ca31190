package dev.recall.extract;

import java.util.List;

/** One way of recognising knowledge in a session. Rules run in a fixed order and share the claims. */
interface Rule {
    List<Candidate> apply(Transcript transcript, Claims claims);
}
