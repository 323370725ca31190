package dev.recall.store;

/** An anchor from an entry into the messages of its source session. The digest is computed by the host. */
public record Evidence(
        long id,
        String entryId,
        String sessionId,
        int startOrdinal,
        int endOrdinal,
        String startSourceUuid,
        String endSourceUuid,
        String toolUseId,
        String snippet,
        String contentDigest) {}
