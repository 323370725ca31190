package dev.recall.store;

import java.util.List;

/** One session with its messages in ordinal order: what the passage index cuts into passages. */
public record SessionMessages(Session session, List<Message> messages) {}
