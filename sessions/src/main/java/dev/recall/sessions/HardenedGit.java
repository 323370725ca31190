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
 * no fsmonitor, external diff, textconv, hooks or pager, no terminal prompt, no system config, and a deadline after
 * which git is killed. No git, no repository or a timeout all mean "no answer", never an error.
 */
final class HardenedGit {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);
    private static final int MAX_OUTPUT = 64 * 1024;
    private static final List<String> PREFIX = List.of("git", "-c", "core.fsmonitor=", "-c", "diff.external=",
            "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat", "-c", "protocol.allow=never", "--no-pager",
            "--no-optional-locks");

    private final String executable;
    private final Duration timeout;

    HardenedGit() {
        this("git", DEFAULT_TIMEOUT);
    }

    HardenedGit(String executable, Duration timeout) {
        this.executable = executable;
        this.timeout = timeout;
    }

    /** The exact argv run for {@code args}: the hardening flags first. */
    List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(PREFIX);
        cmd.set(0, executable);
        cmd.addAll(List.of(args));
        return cmd;
    }

    Optional<String> run(Path dir, String... args) {
        ProcessBuilder pb = new ProcessBuilder(command(args)).directory(dir.toFile()).redirectErrorStream(false)
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
            if (p.exitValue() != 0) {
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
