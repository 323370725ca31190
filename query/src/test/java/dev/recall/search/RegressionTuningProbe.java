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
        System.out.println("title ident phrase entity conf | ndcg mrr hit1 hit5");
        for (float title : new float[] {1f, 1.5f, 2f}) {
            for (double ident : new double[] {0, 0.3}) {
                for (double phrase : new double[] {0, 0.1}) {
                    for (double entity : new double[] {0, 0.25}) {
                        for (double conf : new double[] {0, 0.2}) {
                            var w = base.toBuilder().title(title).content(1f).identifier(ident).phrase(phrase)
                                    .entity(entity).confidence(conf).build();
                            var s = t.scores(w);
                            System.out.printf("%.1f %.2f %.2f %.2f %.2f | %.4f %.4f %.4f %.4f%n", title, ident, phrase,
                                    entity, conf, s.ndcg10(), s.mrr(), s.hitAt1(), s.hitAt5());
                        }
                    }
                }
            }
        }
        t.close();
    }
}
