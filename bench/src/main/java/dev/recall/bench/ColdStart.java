package dev.recall.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs {@code recall --data-dir D query ...} as new processes, as an agent's hook does, and takes the median
 * wall time. Peak RSS comes from GNU time when it is installed (-1 otherwise).
 */
final class ColdStart {
    private static final Path GNU_TIME = Path.of("/usr/bin/time");

    private final ColdStartSpec spec;
    private final Path scratch;

    ColdStart(ColdStartSpec spec, Path scratch) {
        this.spec = spec;
        this.scratch = scratch;
    }

    /**
     * One untimed priming run, then {@code spec.runs()} timed runs, each with the next query of the list.
     *
     * @param extraFlags JVM flags of the variant (e.g. the AppCDS archive)
     */
    ColdStartResult measure(String mode, String variant, List<String> extraFlags, Path dataDir,
            List<String> queries) {
        run(mode, extraFlags, dataDir, queries.getFirst());
        double[] wall = new double[spec.runs()];
        long[] rss = new long[spec.runs()];
        for (int i = 0; i < spec.runs(); i++) {
            long[] r = run(mode, extraFlags, dataDir, queries.get((i + 1) % queries.size()));
            wall[i] = r[0] / 1e6;
            rss[i] = r[1];
        }
        double[] sortedWall = wall.clone();
        Arrays.sort(sortedWall);
        long[] sortedRss = rss.clone();
        Arrays.sort(sortedRss);
        return new ColdStartResult(mode, variant, spec.runs(), LatencyProbe.percentile(sortedWall, 0.5),
                sortedWall[0], sortedWall[sortedWall.length - 1], sortedRss[(sortedRss.length - 1) / 2]);
    }

    int javaFeatureVersion() {
        return spec.javaFeatureVersion();
    }

    /**
     * One untimed run with the given flags, e.g. the training run of an AOT cache
     * ({@code -XX:AOTCacheOutput}), which also assembles the cache before it exits.
     */
    void runOnce(String mode, List<String> extraFlags, Path dataDir, String query) {
        run(mode, extraFlags, dataDir, query);
    }

    /** Wall nanoseconds and peak RSS (KiB, -1 when unknown) of one run. */
    private long[] run(String mode, List<String> extraFlags, Path dataDir, String query) {
        try {
            Files.createDirectories(scratch);
            Path rssFile = scratch.resolve("rss.txt");
            Path output = scratch.resolve("output.txt");
            Files.deleteIfExists(rssFile);
            List<String> cmd = new ArrayList<>();
            boolean timed = Files.isExecutable(GNU_TIME);
            if (timed) {
                cmd.addAll(List.of(GNU_TIME.toString(), "-f", "%M", "-o", rssFile.toString()));
            }
            cmd.add(spec.java().toString());
            cmd.addAll(spec.jvmFlags());
            cmd.addAll(extraFlags);
            cmd.addAll(List.of("-jar", spec.jar().toString(), "--data-dir", dataDir.toString(), "query",
                    "--mode", mode, query));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            pb.environment().put("DJL_OFFLINE", "true");
            long start = System.nanoTime();
            Process p = pb.start();
            int exit = p.waitFor();
            long wall = System.nanoTime() - start;
            if (exit != 0) {
                String out = Files.readString(output, StandardCharsets.UTF_8);
                throw new BenchException("`recall query --mode " + mode + "` exited with " + exit + ": "
                        + out.substring(Math.max(0, out.length() - 2000)).strip());
            }
            long rss = -1;
            if (timed && Files.exists(rssFile)) {
                List<String> lines = Files.readAllLines(rssFile);
                String last = lines.isEmpty() ? "" : lines.getLast().strip();
                rss = last.matches("\\d+") ? Long.parseLong(last) : -1;
            }
            return new long[] {wall, rss};
        } catch (IOException e) {
            throw new BenchException("cannot start recall for the cold-start run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted during the cold-start runs", e);
        }
    }
}
