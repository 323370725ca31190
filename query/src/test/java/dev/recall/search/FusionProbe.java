package dev.recall.search;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Not a test: prints lexical, vector and hybrid fusion variants on the judged and regression sets. Arguments are
 * variants as fusion:rrfK:convexWeight:window[:feedback], e.g. {@code rrf:60:0.5:200 adaptive:60:0.5:200:10,10,0.5},
 * or {@code lexical:FEEDBACK} for the lexical leg alone with that pseudo-relevance feedback ({@code lexical:off}).
 */
public final class FusionProbe {
    private FusionProbe() {}

    public static void main(String[] args) throws Exception {
        JudgedSetTest t = new JudgedSetTest();
        t.load(Files.createTempDirectory("recall-fusion-probe"));
        List<Function<SearchRequest, SearchRequest>> tweaks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<SearchMode> modes = new ArrayList<>();
        for (String a : args) {
            // lexical:FEEDBACK is the lexical leg alone with that feedback (DOCS,TERMS,WEIGHT or off)
            if (a.startsWith("lexical:")) {
                RelevanceFeedback fb = RelevanceFeedback.parse(a.substring("lexical:".length()));
                tweaks.add(r -> r.withWeights(r.weights().toBuilder().feedback(fb).build()));
                names.add(a);
                modes.add(SearchMode.LEXICAL);
                continue;
            }
            String[] p = a.split(":");
            FusionMethod method = FusionMethod.parse(p[0]);
            int k = Integer.parseInt(p[1]);
            double w = Double.parseDouble(p[2]);
            int window = Integer.parseInt(p[3]);
            RelevanceFeedback fb = p.length > 4 ? RelevanceFeedback.parse(p[4]) : LexicalWeights.DEFAULTS.feedback();
            tweaks.add(r -> SearchRequest.builder(r.text()).mode(r.mode()).filter(r.filter()).limit(r.limit())
                    .window(window).fusion(method).rrfK(k).convexWeight(w)
                    .weights(r.weights().toBuilder().feedback(fb).build()).build());
            names.add(a);
            modes.add(SearchMode.HYBRID);
        }
        System.out.println(t.variants(tweaks, names, modes));
        t.close();
    }
}
