package dev.recall.search;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Not a test: grid-searches the lexical weights on the regression set. Run:
 * java -cp ... dev.recall.search.RegressionTuningProbe
 */
public final class RegressionTuningProbe {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("recall-tune");
        RegressionTest t = new RegressionTest();
        t.load(dir);
        var base = LexicalWeights.DEFAULTS;
        System.out.println("k1 b title body trigger evidence boosts | ndcg mrr hit1 hit5");
        for (float k1 : new float[] {0.9f, 1.2f}) {
            for (float b : new float[] {0.4f, 0.75f}) {
                for (float title : new float[] {1f, 1.5f, 2.5f}) {
                    for (float trig : new float[] {0.5f, 1f}) {
                        for (float ev : new float[] {0f, 0.3f, 0.7f}) {
                            for (double bs : new double[] {0, 1}) {
                                var w = new LexicalWeights(k1, b, title, 1f, trig, ev, base.identifier() * bs,
                                        base.phrase() * bs, base.entity() * bs, base.temporal() * bs, base.confidence() * bs);
                                var s = t.scores(w);
                                System.out.printf("%.1f %.2f %.1f 1 %.1f %.1f %.0f | %.4f %.4f %.4f %.4f%n", k1, b, title, trig,
                                        ev, bs, s.ndcg10(), s.mrr(), s.hitAt1(), s.hitAt5());
                            }
                        }
                    }
                }
            }
        }
        t.close();
    }
}
