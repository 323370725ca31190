package dev.recall.store;


/**
 * How far recall has read one transcript source (table source_files): a file, or one session inside a multi-session
 * store ({@code path#session}).
 */
public record SourceFileState(
        String path,
        String agent,
        String sessionId,
        long size,
        long mtimeMs,
        long byteOffset,
        long headLength,
        String headDigest,
        long lines,
        int parsedMessages,
        int malformedLines,
        int rereads,
        String carry,
        String status,
        String note) {

    public static final String OK = "ok";
    public static final String CONFLICT = "conflict";
}
