package dev.recall.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/** A run as Markdown tables, one column per tier: what the CLI prints and what docs/benchmarks.md holds. */
public final class MarkdownReport {
    private MarkdownReport() {}

    public static String render(BenchResult r) {
        StringBuilder out = new StringBuilder();
        Machine m = r.machine();
        out.append(String.format(Locale.ROOT, "Machine: %d CPUs (%s), %.1f GiB RAM, %s, %s; load average %s at start,"
                + " %s at end.%n", m.cpus(), m.cpuModel(), m.memoryKb() / 1024.0 / 1024.0, m.jdk(), m.os(),
                m.loadAverage(), r.loadAverageAtEnd()));
        out.append("Date: ").append(r.startedAt()).append(". Command: `").append(r.command()).append("`.\n");
        out.append(String.format(Locale.ROOT, "Corpus: sentences of %s; %d queries (seed %d).%n%n", r.corpus(),
                r.queryCount(), r.seed()));
        List<TierResult> tiers = r.tiers();

        out.append("Build time and size on disk\n\n");
        header(out, "index", tiers);
        for (String key : keys(tiers, t -> t.builds().stream().map(BuildStep::key).toList())) {
            row(out, label(tiers, t -> t.build(key) == null ? null : t.build(key).label()), tiers, t -> {
                BuildStep b = t.build(key);
                return b == null ? "" : String.format(Locale.ROOT, "%.1f s, %s", b.seconds(), bytes(b.bytes()));
            });
        }
        row(out, "embedding documents", tiers, t -> String.format(Locale.ROOT, "%s: %,d in %.1f s (%.0f docs/s)",
                t.embedding().source(), t.embedding().documents(), t.embedding().seconds(),
                t.embedding().docsPerSecond()));

        out.append("\nQuery latency, one query at a time, warm: p50 / p99 ms (first query after open)\n\n");
        header(out, "engine", tiers);
        for (String key : keys(tiers, t -> t.queries().stream().map(QueryRow::key).toList())) {
            row(out, label(tiers, t -> t.query(key) == null ? null : t.query(key).label()), tiers, t -> {
                QueryRow q = t.query(key);
                if (q == null) {
                    return "";
                }
                Latency l = q.latency();
                String s = String.format(Locale.ROOT, "%s / %s (%s)", num(l.p50Ms()), num(l.p99Ms()), num(l.firstMs()));
                if (q.recallAt10() == null) {
                    return s;
                }
                s += String.format(Locale.ROOT, ", recall@10 %.3f", q.recallAt10());
                return q.nearRecallAt10() == null || q.key().equals("vector.exact") ? s
                        : s + String.format(Locale.ROOT, " (%.3f within %.2f)", q.nearRecallAt10(), QueryRow.NEAR);
            });
        }
        if (r.queryEmbedding() != null) {
            Latency e = r.queryEmbedding();
            out.append(String.format(Locale.ROOT, "%nQuery embedding, bundled bge-small, %d queries: p50 %s ms, p99 %s"
                    + " ms (first %s ms).%n", e.queries(), num(e.p50Ms()), num(e.p99Ms()), num(e.firstMs())));
        }

        out.append("\nRatios of p50 (ours / baseline; below 1 is faster)\n\n");
        header(out, "comparison", tiers);
        for (String key : keys(tiers, t -> List.copyOf(t.ratios().keySet()))) {
            row(out, key, tiers, t -> {
                Double v = t.ratios().get(key);
                if (v == null) {
                    return "";
                }
                return v <= 1 ? String.format(Locale.ROOT, "%s (%.1fx faster)", num(v), 1 / v)
                        : String.format(Locale.ROOT, "%s (%.1fx slower)", num(v), v);
            });
        }

        out.append("\n`recall query` from a cold start (new JVM): median wall ms [min-max], median peak RSS\n\n");
        header(out, "run", tiers);
        for (String key : keys(tiers, t -> t.coldStarts().stream().map(c -> c.mode() + " " + c.variant()).toList())) {
            row(out, key, tiers, t -> t.coldStarts().stream().filter(c -> key.equals(c.mode() + " " + c.variant()))
                    .findFirst().map(c -> String.format(Locale.ROOT, "%.0f [%.0f-%.0f], %s", c.medianWallMs(),
                            c.minWallMs(), c.maxWallMs(), c.medianPeakRssKb() < 0 ? "n/a"
                                    : bytes(c.medianPeakRssKb() * 1024)))
                    .orElse(""));
        }

        List<String> cpuKeys = keys(tiers, t -> t.cpu().stream().map(CpuCost::key).toList());
        if (!cpuKeys.isEmpty()) {
            out.append("\nCPU time (less inflated than wall time on a shared machine): this process + the backend's"
                    + " servers, total; ms per unit\n\n");
            header(out, "work", tiers);
            for (String key : cpuKeys) {
                row(out, label(tiers, t -> t.cpu().stream().filter(c -> c.key().equals(key)).findFirst()
                        .map(CpuCost::label).orElse(null)), tiers, t -> t.cpu().stream()
                        .filter(c -> c.key().equals(key)).findFirst().map(MarkdownReport::cpu).orElse(""));
            }
        }

        out.append("\nMemory\n\n");
        header(out, "what", tiers);
        row(out, "heap after GC, search path open", tiers, t -> bytes(t.memory().searchHeapBytes()));
        row(out, "exact baseline's float matrix", tiers, t -> bytes(t.memory().exactMatrixBytes()));
        row(out, "bench process peak RSS (tier)", tiers, t -> t.memory().benchPeakRssKb() < 0 ? "n/a"
                : bytes(t.memory().benchPeakRssKb() * 1024));

        out.append("\nTargets\n\n| target | measured | met |\n|---|---|---|\n");
        for (TargetCheck c : r.targets()) {
            out.append("| ").append(c.target()).append(" | ").append(c.measured())
                    .append(c.note() == null ? "" : " (" + c.note() + ")").append(" | ")
                    .append(c.met() == null ? "n/a" : c.met() ? "yes" : "**no**").append(" |\n");
        }
        List<String> notes = new ArrayList<>(r.notes());
        for (TierResult t : tiers) {
            t.notes().forEach(n -> notes.add(String.format(Locale.ROOT, "%,d: %s", t.entries(), n)));
        }
        if (!notes.isEmpty()) {
            out.append("\nNotes\n\n");
            notes.forEach(n -> out.append("- ").append(n).append('\n'));
        }
        return out.toString();
    }

    private static String cpu(CpuCost c) {
        String servers = c.serverSeconds() == null ? "" : String.format(Locale.ROOT, " + %.1f s servers",
                c.serverSeconds());
        return String.format(Locale.ROOT, "%.1f s process%s over %,d (%s ms per %s)", c.processSeconds(), servers,
                c.units(), num(c.totalMsPerUnit()), c.unit());
    }

    private static List<String> keys(List<TierResult> tiers, Function<TierResult, List<String>> of) {
        Set<String> keys = new LinkedHashSet<>();
        tiers.forEach(t -> keys.addAll(of.apply(t)));
        return List.copyOf(keys);
    }

    private static String label(List<TierResult> tiers, Function<TierResult, String> of) {
        return tiers.stream().map(of).filter(java.util.Objects::nonNull).findFirst().orElse("");
    }

    private static void header(StringBuilder out, String first, List<TierResult> tiers) {
        out.append("| ").append(first);
        tiers.forEach(t -> out.append(String.format(Locale.ROOT, " | %,d (%s vectors)", t.entries(), t.vectors())));
        out.append(" |\n|---");
        tiers.forEach(t -> out.append("|---"));
        out.append("|\n");
    }

    private static void row(StringBuilder out, String label, List<TierResult> tiers,
            Function<TierResult, String> cell) {
        out.append("| ").append(label);
        tiers.forEach(t -> out.append(" | ").append(cell.apply(t)));
        out.append(" |\n");
    }

    static String num(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, v >= 1 ? "%.2f" : "%.3f", v);
    }

    static String bytes(long b) {
        if (b < 0) {
            return "n/a";
        }
        if (b >= 1L << 30) {
            return String.format(Locale.ROOT, "%.2f GiB", b / (double) (1L << 30));
        }
        return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
    }
}
