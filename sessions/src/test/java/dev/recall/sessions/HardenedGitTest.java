package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HardenedGitTest {
    @TempDir
    Path tmp;

    private Path script(String name, String body) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @Test
    void everyCommandCarriesTheHardeningFlags() {
        assertEquals(List.of("git", "-c", "core.fsmonitor=", "-c", "diff.external=", "-c", "core.hooksPath=/dev/null",
                "-c", "core.pager=cat", "-c", "protocol.allow=never", "--no-pager", "--no-optional-locks", "log"),
                new HardenedGit().command("log"));
    }

    @Test
    void theEnvironmentForbidsPromptsAndSystemConfig() throws IOException {
        Path fake = script("git", "env; echo ARGS \"$@\"");
        String out = new HardenedGit(fake.toString(), Duration.ofSeconds(3)).run(tmp, "status").orElseThrow();
        assertTrue(out.contains("GIT_TERMINAL_PROMPT=0"), out);
        assertTrue(out.contains("GIT_CONFIG_NOSYSTEM=1"), out);
        assertTrue(out.contains("ARGS -c core.fsmonitor= -c diff.external= -c core.hooksPath=/dev/null"), out);
    }

    @Test
    void aHungGitIsKilledAtTheDeadline() throws IOException {
        Path fake = script("slowgit", "sleep 20");
        long start = System.nanoTime();
        Optional<String> out = new HardenedGit(fake.toString(), Duration.ofMillis(300)).run(tmp, "status");
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(out.isEmpty());
        assertTrue(ms < 3000, ms + " ms");
    }

    @Test
    void noGitOrNoRepositoryIsNoAnswer() {
        assertTrue(new HardenedGit(tmp.resolve("missing-git").toString(), Duration.ofSeconds(1))
                .run(tmp, "status").isEmpty());
        assertTrue(new HardenedGit().run(tmp, "rev-parse", "HEAD").isEmpty());
    }

    /** A repository configuring an fsmonitor hook and an external diff cannot make recall run them. */
    @Test
    void repositoryConfiguredProgramsNeverRun() throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Git.run(repo, "init", "-q");
        Files.writeString(repo.resolve("a.txt"), "one\n");
        Git.run(repo, "add", "a.txt");
        Git.run(repo, "commit", "-q", "-m", "one");
        Files.writeString(repo.resolve("a.txt"), "two\n");
        Path marker = tmp.resolve("pwned");
        Path evil = script("evil", "touch " + marker + "; exit 0");
        Git.run(repo, "config", "core.fsmonitor", evil.toString());
        Git.run(repo, "config", "diff.external", evil.toString());
        Git.run(repo, "config", "core.pager", evil.toString());
        HardenedGit git = new HardenedGit();
        assertTrue(git.run(repo, "status", "--porcelain=v1").orElseThrow().contains("a.txt"));
        assertTrue(git.run(repo, "diff", "--stat", "--no-textconv", "--no-ext-diff", "HEAD").orElseThrow()
                .contains("a.txt"));
        // without --no-ext-diff, the emptied diff.external makes git fail closed instead of running the program
        assertTrue(git.run(repo, "diff", "HEAD").isEmpty());
        assertTrue(git.run(repo, "diff", "--no-ext-diff", "HEAD").orElseThrow().contains("+two"));
        assertFalse(Files.exists(marker), "a repository-configured program ran");
    }
}
