package dev.recall.sessions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs read-only git commands in a directory recall does not control, so nothing the repository configures may run:
 * no clean/smudge/process filter, fsmonitor, external diff or diff driver, textconv, hook, pager, signature program
 * or submodule recursion, no terminal prompt, no system config, and a deadline after which git is killed. No git,
 * no repository or a timeout all mean "no answer", never an error.
 *
 * <p>Fixed keys are overridden on the command line (which wins over every config file). Filter and diff drivers
 * have names the repository chooses, and may come from a file it includes: they are listed first (a {@code git
 * config} read, which runs nothing) and each one's programs are emptied. A driver name that cannot be overridden
 * safely makes the call fail closed: no answer.
 */
final class HardenedGit {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);
    private static final int MAX_OUTPUT = 64 * 1024;
    private static final List<String> FIXED = List.of("core.fsmonitor=", "core.useBuiltinFSMonitor=false",
            "core.hooksPath=/dev/null", "diff.external=", "core.pager=cat", "pager.status=false", "pager.diff=false",
            "pager.log=false", "pager.show=false", "log.showSignature=false", "gpg.program=/bin/false",
            "core.sshCommand=/bin/false", "protocol.allow=never", "submodule.recurse=false",
            "diff.ignoreSubmodules=all", "status.submoduleSummary=false", "core.untrackedCache=false",
            "credential.helper=", "core.askPass=/bin/false");
    /** Each named filter or diff driver gets these keys emptied. */
    private static final List<String> DRIVER_KEYS = List.of("clean=", "smudge=", "process=", "required=false",
            "textconv=", "command=");

    private final String executable;
    private final Duration timeout;

    HardenedGit() {
        this("git", DEFAULT_TIMEOUT);
    }

    HardenedGit(String executable, Duration timeout) {
        this.executable = executable;
        this.timeout = timeout;
    }

    /**
     * The exact argv run for {@code args}: the hardening flags first, then those that empty each configured driver.
     * @param drivers configured driver keys such as {@code filter.lfs.process} (only the name part is used)
     */
    List<String> command(List<String> drivers, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable);
        for (String fixed : FIXED) {
            cmd.add("-c");
            cmd.add(fixed);
        }
        for (String driver : drivers) {
            for (String key : DRIVER_KEYS) {
                cmd.add("-c");
                cmd.add(driver + "." + key);
            }
        }
        cmd.add("--no-pager");
        cmd.add("--no-optional-locks");
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Only git's own read-only commands: an alias can never shadow one of these, so no alias runs. */
    private static final java.util.Set<String> COMMANDS = java.util.Set.of("rev-parse", "status", "diff", "log",
            "show", "ls-files", "config", "symbolic-ref");

    Optional<String> run(Path dir, String... args) {
        if (args.length == 0 || !COMMANDS.contains(args[0])) {
            throw new IllegalArgumentException("hardened git runs only " + new java.util.TreeSet<>(COMMANDS)
                    + ", not " + (args.length == 0 ? "nothing" : args[0]));
        }
        // symbolic-ref reads a ref with one name and writes it with two: only the read is allowed
        if (args[0].equals("symbolic-ref")
                && java.util.Arrays.stream(args).skip(1).filter(a -> !a.startsWith("-")).count() != 1) {
            throw new IllegalArgumentException("hardened git runs symbolic-ref only to read one ref");
        }
        Optional<List<String>> drivers = drivers(dir);
        return drivers.isEmpty() ? Optional.empty() : exec(dir, command(drivers.get(), args), true);
    }

    /**
     * The filter and diff drivers configured for {@code dir} in any scope (includes followed), as
     * {@code filter.NAME} / {@code diff.NAME}; empty when one cannot be overridden safely.
     */
    private Optional<List<String>> drivers(Path dir) {
        Optional<String> listed = exec(dir, command(List.of(), "config", "-z", "--name-only", "--get-regexp",
                "^(filter|diff)\\..*\\."), false);
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String key : listed.orElse("").split("\0")) {
            if (key.isEmpty()) {
                continue;
            }
            int last = key.lastIndexOf('.');
            String driver = key.substring(0, last);
            if (driver.contains("=") || driver.chars().anyMatch(ch -> ch < 0x20)) {
                return Optional.empty(); // cannot be named in -c KEY=VALUE: refuse rather than run git unprotected
            }
            out.add(driver);
        }
        return Optional.of(List.copyOf(out));
    }

    /** @param mustSucceed whether a non-zero exit means "no answer" (git config exits 1 when nothing matches) */
    private Optional<String> exec(Path dir, List<String> command, boolean mustSucceed) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.from(
                        new java.io.File("/dev/null")));
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_OPTIONAL_LOCKS", "0");
        env.put("GIT_PAGER", "cat");
        env.put("GIT_ASKPASS", "/bin/false");
        env.put("SSH_ASKPASS", "/bin/false");
        env.put("GIT_ATTR_NOSYSTEM", "1");
        env.put("GIT_NO_REPLACE_OBJECTS", "1");
        env.put("LC_ALL", "C");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return Optional.empty(); // no git on PATH
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> drain(p.getInputStream(), out));
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            reader.join(timeout.toMillis());
            if (p.exitValue() != 0 && (mustSucceed || p.exitValue() != 1)) {
                return Optional.empty();
            }
            synchronized (out) {
                return Optional.of(out.toString(StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static void drain(InputStream in, ByteArrayOutputStream out) {
        byte[] buf = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buf)) != -1) {
                synchronized (out) {
                    if (out.size() < MAX_OUTPUT) {
                        out.write(buf, 0, Math.min(n, MAX_OUTPUT - out.size()));
                    }
                }
            }
        } catch (IOException e) {
            // the process was killed or closed its output; what was read stands
        }
    }
}
