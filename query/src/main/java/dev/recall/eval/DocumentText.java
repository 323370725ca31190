package dev.recall.eval;

/**
 * The text of a collection document that is embedded: the product's entry text ({@code EmbeddingText}) of the
 * entry the document becomes, so cached vectors are exactly what a vector build of that entry stores. The
 * model's tokenizer truncates it at its token limit. The template's name is part of the cache key.
 */
final class DocumentText {
    static final String TEMPLATE = "recall-entry/" + dev.recall.index.EmbeddingText.TEMPLATE_VERSION;

    private DocumentText() {}

    static String of(CollectionDoc doc) {
        return CollectionEntries.embeddingText(doc);
    }
}
