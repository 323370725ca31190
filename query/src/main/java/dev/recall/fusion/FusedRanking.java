package dev.recall.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Accumulates per-leg contributions per document, then ranks: the part both fusion methods share. */
final class FusedRanking {
    private record Part(String leg, int rank, double legScore, double contribution) {}

    private final Map<String, List<Part>> parts = new LinkedHashMap<>();

    void add(String docId, String leg, int rank, double legScore, double contribution) {
        parts.computeIfAbsent(docId, d -> new ArrayList<>()).add(new Part(leg, rank, legScore, contribution));
    }

    List<FusedHit> rank() {
        record Scored(String docId, double score, List<Part> parts) {}
        List<Scored> scored = new ArrayList<>(parts.size());
        parts.forEach((docId, ps) -> {
            double sum = 0;
            for (Part p : ps) {
                sum += p.contribution();
            }
            scored.add(new Scored(docId, sum, ps));
        });
        scored.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparing(Scored::docId));
        List<FusedHit> out = new ArrayList<>(scored.size());
        for (int i = 0; i < scored.size(); i++) {
            Scored s = scored.get(i);
            List<LegContribution> legs = new ArrayList<>(s.parts().size());
            for (Part p : s.parts()) {
                double share = s.score() == 0 ? 0 : p.contribution() / s.score();
                legs.add(new LegContribution(p.leg(), p.rank(), p.legScore(), p.contribution(), share));
            }
            out.add(new FusedHit(s.docId(), s.score(), i + 1, legs));
        }
        return out;
    }
}
