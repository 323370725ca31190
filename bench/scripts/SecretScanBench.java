import dev.recall.sessions.SecretScanner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Measures the secret scanner (run by bench/scripts/secret-scan.sh): findings on the negative corpus and on the
 * project's own testdata (each one a false positive, listed for review), and scan speed in MB/s over message-sized
 * chunks of ordinary text and of the planted-secret transcripts.
 */
public class SecretScanBench {
    public static void main(String[] args) throws Exception {
        Path testdata = Path.of(args.length > 0 ? args[0] : "testdata");
        boolean verbose = args.length > 1 && args[1].equals("-v");
        SecretScanner scanner = SecretScanner.archive();
        System.out.println("rules: " + SecretScanner.ruleNames().size() + " rule names");

        List<Path> negatives = files(testdata.resolve("secrets/negative"));
        report("negative corpus", negatives, scanner, verbose);
        List<Path> own = new ArrayList<>();
        for (Path p : files(testdata)) {
            String s = testdata.relativize(p).toString();
            // secrets/, transcripts/ and the agents/ adapter fixtures plant secrets to be found; the rest is ordinary
            if (!s.startsWith("secrets/") && !s.startsWith("transcripts/") && !s.startsWith("agents/")
                    && !s.endsWith(".zst")) {
                own.add(p);
            }
        }
        report("project testdata", own, scanner, verbose);

        StringBuilder ordinary = new StringBuilder();
        for (Path p : negatives) {
            ordinary.append(Files.readString(p));
        }
        for (Path p : own) {
            ordinary.append(Files.readString(p));
        }
        StringBuilder planted = new StringBuilder();
        for (Path p : files(testdata.resolve("secrets"))) {
            if (p.toString().endsWith(".jsonl")) {
                planted.append(Files.readString(p));
            }
        }
        speed("ordinary text (negative corpus + testdata)", ordinary.toString(), scanner);
        speed("planted-secret transcripts", planted.toString(), scanner);
    }

    static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    static void report(String name, List<Path> files, SecretScanner scanner, boolean verbose) throws Exception {
        long bytes = 0;
        int findings = 0;
        Map<String, Integer> byRule = new TreeMap<>();
        for (Path p : files) {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            bytes += text.length();
            SecretScanner.Result r = scanner.scan(text);
            for (SecretScanner.Finding f : r.findings()) {
                findings++;
                byRule.merge(f.rule() + " (" + f.tier().id() + ")", 1, Integer::sum);
                if (verbose) {
                    int a = Math.max(0, f.start() - 60);
                    int b = Math.min(r.text().length(), f.end() + 20);
                    System.out.println("  " + p.getFileName() + ": " + r.text().substring(a, b).replace('\n', ' '));
                }
            }
        }
        System.out.printf("%s: %d files, %d KB, %d findings %s%n", name, files.size(), bytes / 1024, findings,
                byRule);
    }

    static void speed(String name, String sample, SecretScanner scanner) {
        // message-sized chunks, as sync scans them; about 64 MB in all after a warm-up pass
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < sample.length(); i += 4096) {
            chunks.add(sample.substring(i, Math.min(sample.length(), i + 4096)));
        }
        long sink = 0;
        for (int warm = 0; warm < 3; warm++) {
            for (String c : chunks) {
                sink += scanner.scan(c).text().length();
            }
        }
        long chars = 0;
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        while (chars < 64L << 20) {
            for (String c : chunks) {
                sink += scanner.scan(c).text().length();
                chars += c.length();
            }
        }
        double secs = (System.nanoTime() - start) / 1e9;
        double cpuSecs = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
        // CPU time as well as wall time: on a shared machine the wall figure says more about the neighbours
        System.out.printf("speed, %s: %.1f MB per CPU second, %.1f MB/s wall (%d MB in %.2f s)%s%n", name,
                chars / 1e6 / cpuSecs, chars / 1e6 / secs, chars >> 20, secs, sink == 0 ? "!" : "");
    }
}
