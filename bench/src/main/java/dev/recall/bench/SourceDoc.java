package dev.recall.bench;

import java.util.List;

/** One document of the source corpus: its title and its sentences. */
record SourceDoc(String title, List<String> sentences) {
    SourceDoc {
        sentences = List.copyOf(sentences);
        if (sentences.isEmpty()) {
            throw new IllegalArgumentException("a source document needs at least one sentence");
        }
    }
}
