package dev.recall.extract;

import dev.recall.extract.Extraction.Supersession;
import dev.recall.store.ExtractedEntries.Unreviewed;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Near-duplicates across sessions: the same fact, decision or procedure learned again in another session of the same
 * project. Two unreviewed entries of one generation are the same when they have the same project and type and their
 * titles share at least {@link #MIN_COMMON} content words and {@link NearDuplicates#SAME_TITLE} of their words
 * (Jaccard). The later one supersedes the earlier: the entry of the session that started later wins (what was
 * learned last is the current state of the project), then the one whose evidence spans more messages, then the
 * smaller id. The loser is archived with a link to its successor and keeps its own evidence, so both sessions still
 * back the knowledge. Depends only on the entries, not on the order sessions were extracted in.
 */
final class CrossSessionDuplicates {
    /** Fewer shared words than this is a coincidence of short titles ("`make test` fails"), not the same knowledge. */
    static final int MIN_COMMON = 3;

    private static final Comparator<Unreviewed> RANK = Comparator
            .comparing((Unreviewed u) -> Objects.requireNonNullElse(u.sessionStarted(), Instant.EPOCH))
            .thenComparingInt(Unreviewed::evidenceMessages)
            .thenComparing(Unreviewed::id, Comparator.reverseOrder());

    private CrossSessionDuplicates() {}

    /**
     * The supersessions among the entries, each cluster chained from its weakest to its strongest member (the
     * store's supersedes link holds one predecessor per entry).
     */
    static List<Supersession> find(List<Unreviewed> entries) {
        List<Unreviewed> ordered = new ArrayList<>(entries);
        ordered.sort(Comparator.comparing(Unreviewed::project).thenComparing(Unreviewed::type).thenComparing(RANK));
        List<List<Unreviewed>> clusters = new ArrayList<>();
        List<Set<String>> heads = new ArrayList<>();
        for (Unreviewed u : ordered) {
            Set<String> words = NearDuplicates.words(u.title());
            int at = -1;
            for (int i = clusters.size() - 1; i >= 0 && at < 0; i--) {
                Unreviewed head = clusters.get(i).getLast();
                if (!head.project().equals(u.project()) || head.type() != u.type()) {
                    break; // ordered by project and type: earlier clusters cannot match
                }
                if (clusters.get(i).stream().noneMatch(m -> m.sessionId().equals(u.sessionId()))
                        && same(heads.get(i), words)) {
                    at = i;
                }
            }
            if (at < 0) {
                clusters.add(new ArrayList<>(List.of(u)));
                heads.add(words);
            } else {
                clusters.get(at).add(u);
                heads.set(at, words);
            }
        }
        List<Supersession> out = new ArrayList<>();
        for (List<Unreviewed> cluster : clusters) {
            for (int i = 0; i + 1 < cluster.size(); i++) {
                out.add(new Supersession(cluster.get(i + 1).id(), cluster.get(i).id(),
                        reason(cluster.get(i + 1), cluster.get(i))));
            }
        }
        return out;
    }

    static boolean same(Set<String> a, Set<String> b) {
        long common = a.stream().filter(b::contains).count();
        return common >= MIN_COMMON && NearDuplicates.jaccard(a, b) >= NearDuplicates.SAME_TITLE;
    }

    private static String reason(Unreviewed winner, Unreviewed loser) {
        Set<String> a = NearDuplicates.words(winner.title());
        Set<String> b = NearDuplicates.words(loser.title());
        long common = a.stream().filter(b::contains).count();
        long union = a.size() + b.size() - common;
        String why = Objects.equals(winner.sessionStarted(), loser.sessionStarted())
                ? winner.evidenceMessages() > loser.evidenceMessages()
                        ? "its evidence spans more messages (" + winner.evidenceMessages() + " against "
                                + loser.evidenceMessages() + ")"
                        : "the sessions tie; the smaller id wins"
                : "its session (" + winner.sessionId() + ") is the later one";
        return "same " + winner.type().label() + " in " + winner.project() + " (titles share " + common + " of "
                + union + " words) as in session " + loser.sessionId() + ": " + why + "; both keep their evidence";
    }
}
