package dev.recall.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Naming only the first hits of a nearest-neighbour search gives exactly the head of the fully named list, ties at
 * the cut included (their ids decide which come first), and reports how many the search found.
 */
class VectorIndexNearestTest {
    @TempDir
    Path dir;

    @Test
    void theNamedHeadIsTheHeadOfTheWholeList() {
        Random random = new Random(14);
        float[] shared = unit(random, 16);
        try (VectorIndex index = VectorIndex.open(dir.resolve("vectors"))) {
            try (VectorIndex.Writer w = index.writer(VectorEncoding.FLOAT32, true)) {
                for (int i = 0; i < 400; i++) {
                    // every tenth entry shares one vector, and the rest tie often: their order only the id decides
                    w.upsert(String.format("e%04d", (i * 7919) % 400), "d", i % 10 == 0 ? shared : unit(random, 16));
                }
                w.commit(Map.of());
            }
            try (VectorIndex.Searcher s = index.searcher()) {
                int compared = 0;
                for (int q = 0; q < 20; q++) {
                    float[] query = q == 0 ? shared : unit(random, 16);
                    for (int k : new int[] {1, 30, 120, 500}) {
                        List<VectorIndex.Hit> all = s.nearest(query, k);
                        for (int named : new int[] {0, 1, 3, 7, 25, 100, 500}) {
                            VectorIndex.Nearest head = s.nearest(query, k, named);
                            assertEquals(all.size(), head.found(), "found, k " + k);
                            assertEquals(all.subList(0, Math.min(named, all.size())), head.hits(),
                                    "query " + q + ", k " + k + ", named " + named);
                            compared += head.hits().size();
                        }
                    }
                }
                assertTrue(compared > 5000, "hits compared: " + compared);
                List<VectorIndex.Hit> all = s.nearest(shared, 100);
                long tied = all.stream().filter(h -> h.cosine() == all.get(0).cosine()).count();
                assertTrue(tied > 25, "the shared vector's hits tie at the cut of 3, 7 and 25: " + tied);
            }
        }
    }

    /**
     * A unit vector of sixteen components of plus or minus a quarter: every dot product is a multiple of 1/16, exact
     * in any order of summation, so two searches score alike whichever code the JIT runs them with, and many tie.
     */
    private static float[] unit(Random random, int dim) {
        float[] v = new float[dim];
        for (int i = 0; i < dim; i++) {
            v[i] = random.nextBoolean() ? 0.25f : -0.25f;
        }
        return v;
    }
}
