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
        long transcriptRevision,
        String model) {

    public static final String TRANSCRIPT = "transcript";
    public static final String ARCHIVE = "archive";
    public static final String PLACEHOLDER = "placeholder";

    /** A session whose model is not known. */
    public Session(String id, String agent, String project, String cwd, String gitBranch, Instant startedAt,
            Instant endedAt, String sourceKind, String sourcePath, long transcriptRevision) {
        this(id, agent, project, cwd, gitBranch, startedAt, endedAt, sourceKind, sourcePath, transcriptRevision, null);
    }
}
