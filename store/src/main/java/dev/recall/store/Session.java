package dev.recall.store;

import java.time.Instant;

/** One agent session in the archive. */
public record Session(
        String id,
        String agent,
        String project,
        String cwd,
        String gitBranch,
        Instant startedAt,
        Instant endedAt,
        String sourceKind,
        String sourcePath,
        long transcriptRevision) {

    public static final String TRANSCRIPT = "transcript";
    public static final String ARCHIVE = "archive";
    public static final String PLACEHOLDER = "placeholder";
}
