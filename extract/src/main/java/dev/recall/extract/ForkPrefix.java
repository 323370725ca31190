package dev.recall.extract;

import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A transcript that diverged from what was archived continues in a fork session ({@code <id>~2}), which holds the
 * whole transcript again: the messages it shares with its parent and what differs. Extracting the fork would
 * propose again everything the parent's shared messages gave, as duplicate entries of another session. The parent's
 * entries stand for the shared messages (their provenance stays intact, since those messages did not change); the
 * fork keeps only proposals that rest on at least one message of its own. Depends only on the two sessions'
 * messages, so the outcome is the same in every run and in either order.
 */
final class ForkPrefix {
    private ForkPrefix() {}

    /** How many leading messages the fork shares with its parent, compared by content digest and role. */
    static int shared(List<Message> fork, List<Message> parent) {
        int n = 0;
        while (n < fork.size() && n < parent.size() && fork.get(n).ordinal() == parent.get(n).ordinal()
                && Objects.equals(fork.get(n).contentDigest(), parent.get(n).contentDigest())
                && Objects.equals(fork.get(n).role(), parent.get(n).role())) {
            n++;
        }
        return n;
    }

    /** The proposals with evidence beyond the shared messages; those resting on shared messages only are the parent's. */
    static List<Candidate> own(List<Candidate> candidates, int shared) {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.anchors().stream().anyMatch(a -> a.end() >= shared)) {
                out.add(c);
            }
        }
        return out;
    }
}
