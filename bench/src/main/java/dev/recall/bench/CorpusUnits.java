package dev.recall.bench;

import dev.recall.store.Digests;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The distinct pieces of corpus text entries are cut from: every entry document's title and every one of its
 * sentences, numbered in corpus order. These are what {@link SentenceVectors} embeds with the model, once.
 */
final class CorpusUnits {
    private final List<String> texts;
    private final Map<String, Integer> index;
    private final List<SourceDoc> docs;
    /** For each unit, the first entry document it occurs in (a title's own document, a sentence's first). */
    private final int[] firstDoc;
    private final int[] docTitle;
    private final String digest;

    CorpusUnits(List<SourceDoc> docs) {
        this.docs = List.copyOf(docs);
        List<String> out = new ArrayList<>();
        Map<String, Integer> at = new HashMap<>();
        List<Integer> first = new ArrayList<>();
        this.docTitle = new int[docs.size()];
        for (int d = 0; d < docs.size(); d++) {
            SourceDoc doc = docs.get(d);
            docTitle[d] = add(doc.title(), d, out, at, first);
            for (String s : doc.sentences()) {
                add(s, d, out, at, first);
            }
        }
        this.texts = List.copyOf(out);
        this.index = Map.copyOf(at);
        this.firstDoc = first.stream().mapToInt(Integer::intValue).toArray();
        this.digest = digest(texts);
    }

    static CorpusUnits of(SentenceCorpus corpus) {
        return new CorpusUnits(corpus.entryDocs());
    }

    private static int add(String text, int doc, List<String> out, Map<String, Integer> at, List<Integer> first) {
        Integer known = at.get(text);
        if (known != null) {
            return known;
        }
        at.put(text, out.size());
        out.add(text);
        first.add(doc);
        return out.size() - 1;
    }

    private static String digest(List<String> texts) {
        return Digests.sha256(texts.toArray(String[]::new));
    }

    int size() {
        return texts.size();
    }

    List<String> texts() {
        return texts;
    }

    /** The unit with exactly this text, or -1. */
    int indexOf(String text) {
        Integer i = index.get(text);
        return i == null ? -1 : i;
    }

    /** The first entry document unit {@code unit} occurs in. */
    int docOf(int unit) {
        return firstDoc[unit];
    }

    SourceDoc doc(int d) {
        return docs.get(d);
    }

    int docCount() {
        return docs.size();
    }

    /** The unit of document {@code d}'s title. */
    int titleOf(int d) {
        return docTitle[d];
    }

    /** SHA-256 over the units in order: which corpus (and which sentence splitting) the vectors belong to. */
    String digest() {
        return digest;
    }
}
