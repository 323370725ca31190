package dev.recall.embeddings;

/** Something about embedding failed; the message names what and, where it can, how to fix it. */
public class EmbeddingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EmbeddingException(String message) {
        super(message);
    }

    public EmbeddingException(String message, Throwable cause) {
        super(message, cause);
    }
}
