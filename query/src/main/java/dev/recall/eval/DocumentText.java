package dev.recall.eval;

/**
 * The text of a collection document that is embedded: title, a space, then the text, as BEIR and MTEB build it,
 * so vector figures compare with published ones. The model's tokenizer truncates it at its token limit. Changing
 * the template changes every cached vector, so its name is part of the cache key.
 */
final class DocumentText {
    static final String TEMPLATE = "beir-title-space-text/1";

    private DocumentText() {}

    static String of(CollectionDoc doc) {
        return doc.titleAndText().strip();
    }
}
