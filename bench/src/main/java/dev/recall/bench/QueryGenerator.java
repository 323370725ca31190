package dev.recall.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Benchmark queries drawn from the held-out documents: half keyword queries (2 to 5 content words of a sentence,
 * in order, as an agent types them), half phrases (a run of 4 to 10 words). The same list goes to every engine.
 */
final class QueryGenerator {
    private static final long SALT = 3;

    private QueryGenerator() {}

    static List<String> generate(SentenceCorpus corpus, long seed, int count) {
        List<SourceDoc> docs = corpus.queryDocs();
        Set<String> out = new LinkedHashSet<>();
        for (int attempt = 0; out.size() < count && attempt < count * 20; attempt++) {
            SplittableRandom r = Mix.stream(seed, SALT, attempt);
            String sentence = EntryGenerator.pick(docs.get(r.nextInt(docs.size())).sentences(), r);
            String q = out.size() % 2 == 0 ? keywords(sentence, r) : EntryGenerator.window(sentence, 4, 10, r);
            if (q != null && contentWordCount(q) >= 2) {
                out.add(q);
            }
        }
        if (out.size() < count) {
            throw new BenchException("could draw only " + out.size() + " distinct queries of " + count
                    + " from " + corpus.file());
        }
        return List.copyOf(out);
    }

    private static String keywords(String sentence, SplittableRandom r) {
        List<String> content = new ArrayList<>();
        for (String w : Words.of(sentence)) {
            if (w.length() >= 3 && !Words.isStopword(w) && w.chars().anyMatch(Character::isLetter)) {
                content.add(w);
            }
        }
        if (content.size() < 2) {
            return null;
        }
        int k = Math.min(content.size(), 2 + r.nextInt(4));
        int start = r.nextInt(content.size() - k + 1);
        return String.join(" ", content.subList(start, start + k));
    }

    private static int contentWordCount(String q) {
        return Words.contentWords(q).size();
    }
}
