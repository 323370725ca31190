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
 * project's own testdata (each one a false positive, listed for review), the planted secrets caught in the raw
 * transcripts, the labelled lines of secrets/prose.tsv (secrets caught, prose flagged), and scan speed in MB/s over
 * message-sized chunks of ordinary text and of the planted-secret transcripts.
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
        planted(testdata.resolve("secrets"), scanner, verbose);
        labelled(testdata.resolve("secrets/prose.tsv"), scanner, verbose);

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

    /**
     * Detection: each planted secret of planted.tsv that the transcripts hold, and whether it is left once every
     * string of their JSON lines is scanned (close to the adapters' messages and tool calls; SecretCorpusTest runs
     * the product's own sync).
     */
    static void planted(Path dir, SecretScanner scanner, boolean verbose) throws Exception {
        List<String> secrets = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("planted.tsv"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                secrets.add(line.split("\t", 3)[2]);
            }
        }
        StringBuilder raw = new StringBuilder();
        StringBuilder redacted = new StringBuilder();
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (Path p : files(dir)) {
            if (p.toString().endsWith(".jsonl")) {
                for (String line : Files.readAllLines(p)) {
                    List<String> strings = new ArrayList<>();
                    strings(json.readTree(line), strings);
                    for (String text : strings) {
                        raw.append(text).append('\n');
                        redacted.append(scanner.redact(text)).append('\n');
                    }
                }
            }
        }
        int present = 0;
        int left = 0;
        for (String secret : secrets) {
            if (raw.indexOf(secret) >= 0) {
                present++;
                if (redacted.indexOf(secret) >= 0) {
                    left++;
                    if (verbose) {
                        System.out.println("  left: " + secret);
                    }
                }
            }
        }
        System.out.printf("planted secrets (planted.tsv, in the transcripts' strings): %d of %d caught%n", present - left,
                present);
    }

    /** Every string value in a JSON tree. */
    static void strings(com.fasterxml.jackson.databind.JsonNode node, List<String> out) {
        if (node.isTextual()) {
            out.add(node.asText());
        }
        node.forEach(child -> strings(child, out));
    }

    /** The labelled lines of prose.tsv: real secrets that must be caught, prose that must be left alone. */
    static void labelled(Path tsv, SecretScanner scanner, boolean verbose) throws Exception {
        int secrets = 0;
        int caught = 0;
        int prose = 0;
        int flagged = 0;
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", 3);
            String text = f[2].replace("\\n", "\n");
            SecretScanner.Result r = scanner.scan(text);
            if (f[0].equals("secret")) {
                secrets++;
                boolean ok = !r.text().contains(f[1]);
                caught += ok ? 1 : 0;
                if (verbose && !ok) {
                    System.out.println("  missed: " + f[2]);
                }
            } else {
                prose++;
                boolean hit = !r.findings().isEmpty();
                flagged += hit ? 1 : 0;
                if (verbose && hit) {
                    System.out.println("  flagged: " + r.text().replace('\n', ' '));
                }
            }
        }
        System.out.printf("labelled lines (secrets/prose.tsv): %d of %d secrets caught, %d of %d prose lines flagged%n",
                caught, secrets, flagged, prose);
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
