package dev.recall.fusion;

import java.util.List;

/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): score(d) = Σ over legs of 1 / (k + rank(d)), with
 * 1-based ranks and a leg that did not return d adding nothing. Only ranks count, so legs with incomparable
 * score scales (BM25, cosine) fuse without calibration.
 */
public record ReciprocalRankFusion(int k) implements Fusion {
    /** The k of the original paper and of Anserini's and OpenSearch's RRF. */
    public static final int DEFAULT_K = 60;

    public ReciprocalRankFusion {
        if (k < 0) {
            throw new IllegalArgumentException("k must be >= 0, got " + k);
        }
    }

    public ReciprocalRankFusion() {
        this(DEFAULT_K);
    }

    @Override
    public List<FusedHit> fuse(List<RankedList> legs) {
        FusedRanking ranking = new FusedRanking();
        for (RankedList leg : legs) {
            for (RankedHit hit : leg.hits()) {
                ranking.add(hit.docId(), leg.leg(), hit.rank(), hit.score(), 1.0 / (k + hit.rank()));
            }
        }
        return ranking.rank();
    }
}
