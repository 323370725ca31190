package dev.recall.sessions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Sets up real git repositories for tests. */
final class Git {
    private Git() {}

    static void run(Path dir, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=Test", "-c", "user.email=t@example.com",
                "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + out);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
