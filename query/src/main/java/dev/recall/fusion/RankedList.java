package dev.recall.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The ranked output of one retrieval leg ("lexical", "vector"), named so a fused score can say where each part
 * came from. Hits are held in rank order; a document may appear only once in a leg.
 */
public record RankedList(String leg, List<RankedHit> hits) {
    public RankedList {
        Objects.requireNonNull(leg, "leg");
        List<RankedHit> sorted = new ArrayList<>(hits);
        sorted.sort(Comparator.comparingInt(RankedHit::rank).thenComparing(RankedHit::docId));
        Set<String> seen = new HashSet<>();
        for (RankedHit hit : sorted) {
            if (!seen.add(hit.docId())) {
                throw new IllegalArgumentException("leg '" + leg + "' lists " + hit.docId() + " more than once");
            }
        }
        hits = List.copyOf(sorted);
    }
}
