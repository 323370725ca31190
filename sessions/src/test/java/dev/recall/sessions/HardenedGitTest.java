package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
        List<String> cmd = new HardenedGit().command(List.of("filter.lfs"), "log");
        assertEquals("git", cmd.getFirst());
        assertEquals("log", cmd.getLast());
        for (String flag : List.of("core.fsmonitor=", "core.hooksPath=/dev/null", "diff.external=", "core.pager=cat",
                "filter.lfs.process=", "filter.lfs.clean=", "filter.lfs.smudge=", "filter.lfs.required=false")) {
            assertTrue(cmd.contains(flag), flag + " missing from " + cmd);
        }
        assertTrue(cmd.contains("--no-pager"));
    }

    /**
     * Every way a repository (or a file it includes) can name a program for git to run, planted in a real
     * repository; recall's git calls (those `recall save` makes, and diff/log/show forms) must run none of them.
     */
    @Test
    void noProgramARepositoryPlantsEverRuns() throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("planted"));
        Git.run(repo, "init", "-q");
        Files.writeString(repo.resolve("a.txt"), "one\n");
        Files.writeString(repo.resolve("b.bin"), "one\n");
        Git.run(repo, "add", "a.txt", "b.bin");
        Git.run(repo, "commit", "-q", "-m", "one");
        Path marks = Files.createDirectories(tmp.resolve("marks"));
        java.util.function.Function<String, String> evil = name -> {
            try {
                // filters and textconv pass content through on stdin; the rest must not wait for input
                boolean pipe = name.matches(".*(clean|smudge|process|textconv)");
                return script("evil-" + name, "touch " + marks.resolve(name) + (pipe ? "; cat" : "; exit 0")).toString();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        Files.writeString(repo.resolve(".gitattributes"), "*.txt filter=evil diff=evil\n*.bin filter=inc diff=inc\n");
        Files.writeString(repo.resolve(".git/info/attributes"), "a.txt filter=proc\n");
        String[][] config = {
            {"filter.evil.clean", evil.apply("filter-clean")}, {"filter.evil.smudge", evil.apply("filter-smudge")},
            {"filter.evil.required", "true"},
            {"filter.proc.process", evil.apply("filter-process")}, {"filter.proc.required", "true"},
            {"diff.evil.textconv", evil.apply("textconv")}, {"diff.evil.command", evil.apply("diff-driver")},
            {"diff.external", evil.apply("diff-external")}, {"core.fsmonitor", evil.apply("fsmonitor")},
            {"core.pager", evil.apply("core-pager")}, {"pager.status", evil.apply("pager-status")},
            {"pager.log", evil.apply("pager-log")}, {"pager.diff", evil.apply("pager-diff")},
            {"alias.st", "!" + evil.apply("alias")}, {"gpg.program", evil.apply("gpg")},
            {"log.showSignature", "true"}, {"core.sshCommand", evil.apply("ssh")},
            {"include.path", repo.resolve("included.config").toString()},
        };
        for (String[] kv : config) {
            Git.run(repo, "config", kv[0], kv[1]);
        }
        // an included file defines the filter the attributes name for b.bin
        Files.writeString(repo.resolve("included.config"), "[filter \"inc\"]\n\tclean = " + evil.apply("include-clean")
                + "\n\tprocess = " + evil.apply("include-process") + "\n[diff \"inc\"]\n\ttextconv = "
                + evil.apply("include-textconv") + "\n");
        Path hooks = Files.createDirectories(repo.resolve(".git/hooks"));
        for (String hook : List.of("pre-commit", "post-checkout", "post-index-change", "reference-transaction",
                "fsmonitor-watchman", "pre-auto-gc")) {
            Path h = hooks.resolve(hook);
            Files.writeString(h, "#!/bin/sh\ntouch " + marks.resolve("hook-" + hook) + "\n");
            Files.setPosixFilePermissions(h, PosixFilePermissions.fromString("rwx------"));
        }
        Files.writeString(repo.resolve("a.txt"), "two\n");
        Files.writeString(repo.resolve("b.bin"), "two\n");
        // touch the index's view of the files so git must re-read (and would filter) their content
        Files.setLastModifiedTime(repo.resolve("a.txt"), java.nio.file.attribute.FileTime.fromMillis(1));

        HardenedGit git = new HardenedGit();
        assertTrue(git.run(repo, "rev-parse", "--abbrev-ref", "HEAD").isPresent());
        assertTrue(git.run(repo, "status", "--porcelain=v1", "--untracked-files=normal").orElseThrow().contains("a.txt"));
        assertTrue(git.run(repo, "diff", "--stat=120", "--no-textconv", "--no-ext-diff", "--no-color", "HEAD")
                .orElseThrow().contains("a.txt"));
        assertTrue(git.run(repo, "log", "--no-decorate", "--no-show-signature", "--no-color", "-n", "8",
                "--date=short", "--format=%h %ad %s").orElseThrow().contains("one"));
        // forms recall does not use today, also harmless: a plain diff, a patch log, show, status with a pager
        git.run(repo, "diff", "HEAD");
        git.run(repo, "log", "-p", "-n", "1");
        git.run(repo, "show", "HEAD");
        git.run(repo, "status");
        // aliases: only git's own commands are run (an alias cannot shadow one), anything else is refused
        assertThrows(IllegalArgumentException.class, () -> git.run(repo, "st"));
        try (var planted = Files.list(marks)) {
            assertEquals(List.of(), planted.map(p -> p.getFileName().toString()).toList(),
                    "programs the repository planted ran");
        }
        // and the plants are live: plain git, unhardened, does run them
        try {
            Git.run(repo, "status");
        } catch (IllegalStateException expected) {
            // the planted process filter speaks no protocol and fails git, after it ran
        }
        try (var planted = Files.list(marks)) {
            assertFalse(planted.toList().isEmpty(), "the test's plants must be real");
        }
    }

    @Test
    void theEnvironmentForbidsPromptsAndSystemConfig() throws IOException {
        Path fake = script("git", "case \"$*\" in *' config '*) exit 1;; esac; env; echo ARGS \"$@\"");
        String out = new HardenedGit(fake.toString(), Duration.ofSeconds(3)).run(tmp, "status").orElseThrow();
        assertTrue(out.contains("GIT_TERMINAL_PROMPT=0"), out);
        assertTrue(out.contains("GIT_CONFIG_NOSYSTEM=1"), out);
        assertTrue(out.contains("ARGS -c core.fsmonitor= ") && out.contains(" -c core.hooksPath=/dev/null "), out);
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
