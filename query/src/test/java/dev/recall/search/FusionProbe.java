package dev.recall.search;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Not a test: prints lexical, vector and hybrid fusion variants on the judged and regression sets. Arguments are
 * variants as fusion:rrfK:convexWeight:window, e.g. {@code rrf:60:0.5:200 convex:60:0.5:200 adaptive:60:0.5:200}.
 */
public final class FusionProbe {
    private FusionProbe() {}

    public static void main(String[] args) throws Exception {
        JudgedSetTest t = new JudgedSetTest();
        t.load(Files.createTempDirectory("recall-fusion-probe"));
        List<Function<SearchRequest, SearchRequest>> tweaks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String a : args) {
            String[] p = a.split(":");
            FusionMethod method = FusionMethod.parse(p[0]);
            int k = Integer.parseInt(p[1]);
            double w = Double.parseDouble(p[2]);
            int window = Integer.parseInt(p[3]);
            tweaks.add(r -> SearchRequest.builder(r.text()).mode(r.mode()).filter(r.filter()).limit(r.limit())
                    .window(window).fusion(method).rrfK(k).convexWeight(w).weights(r.weights()).build());
            names.add(a);
        }
        System.out.println(t.variants(tweaks, names));
        t.close();
    }
}
