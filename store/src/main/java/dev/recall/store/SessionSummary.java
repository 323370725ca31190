package dev.recall.store;

/** A session as a listing shows it: the session, its message count, its first user message, and its marks. */
public record SessionSummary(Session session, int messages, String firstUserMessage, boolean trashed,
        boolean automated) {}
