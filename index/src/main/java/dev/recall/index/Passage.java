package dev.recall.index;

/**
 * A searchable piece of a session: the messages from {@code startOrdinal} to {@code endOrdinal} rendered as text.
 * Its id is the session id and its sequence number in the session ({@code <session>#<n>}): cutting is deterministic,
 * so appending messages to a session keeps the ids of its earlier passages.
 */
public record Passage(String sessionId, int sequence, int startOrdinal, int endOrdinal, String text) {
    public String id() {
        return id(sessionId, sequence);
    }

    public static String id(String sessionId, int sequence) {
        return sessionId + "#" + sequence;
    }
}
