package dev.recall.sessions;

import java.nio.file.Path;
import java.util.List;

/**
 * One coding agent whose sessions recall reads: where it keeps them, how to tell its files from others', and (in the
 * implementation, a {@link LineAdapter} or a {@link DocumentAdapter}) how to read them into the archive's messages. A
 * new agent is one implementation registered in {@link Agents} plus fixtures.
 */
public interface AgentAdapter {
    /** What the archive stores in {@code sessions.agent}, e.g. {@code gemini-cli}. */
    String id();

    /** The agent's name for people. */
    String displayName();

    /** The environment variable that names the agent's location instead of the defaults. */
    String envVar();

    /** Where the agent keeps sessions on this platform when {@link #envVar()} is not set. */
    List<Path> defaultLocations(Platform platform);

    /** The locations an {@link #envVar()} value names (for most agents, the directory itself). */
    default List<Path> locationsFrom(String envValue) {
        return List.of(Path.of(envValue));
    }

    /** The session sources under one location: files, or a store that holds many sessions. */
    List<TranscriptFile> sources(Path location);

    /** The sources under a location that can belong to a project (by default, all of them). */
    default List<TranscriptFile> sources(Path location, Path projectDir) {
        return sources(location);
    }

    /** Whether a file named on the command line is one of this agent's session sources. */
    boolean recognises(Probe probe);

    /** A file that accompanies a session (metadata next to a transcript) without being one. */
    default boolean companion(Path file) {
        return false;
    }

    /** How the agent stores sessions, said in {@code recall sync --agents}. */
    String storage();

    /** The locations to search: the env var's when set, else the platform's defaults. */
    default List<Path> locations(Platform platform) {
        String value = platform.env().get(envVar());
        return value != null && !value.isBlank() ? locationsFrom(value) : defaultLocations(platform);
    }

    /** The source for a file this adapter recognised on the command line. */
    default TranscriptFile file(Path path) {
        return new TranscriptFile(path, this, false, null);
    }
}
