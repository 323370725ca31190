package dev.recall.cli;

import dev.recall.index.VectorBuilder;
import java.io.PrintWriter;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of long work on stderr: a live bar with count, rate and ETA on a terminal; without one (a pipe, CI, a
 * hook) a plain line every few seconds and one final line, so logs stay readable and never repeat the last line.
 */
final class ConsoleProgress implements VectorBuilder.Progress {
    /** How often a log line is written without a terminal. */
    static final long LOG_INTERVAL_NANOS = 3_000_000_000L;

    private final PrintWriter err;
    private final boolean quiet;
    private final String unit;
    private final boolean terminal;
    private ProgressBar bar;
    private String phase;
    private long total;
    private long done;
    private long started;
    private long lastLine;

    ConsoleProgress(PrintWriter err, boolean quiet) {
        this(err, quiet, "docs", System.console() != null);
    }

    ConsoleProgress(PrintWriter err, boolean quiet, String unit, boolean terminal) {
        this.err = err;
        this.quiet = quiet;
        this.unit = unit;
        this.terminal = terminal;
    }

    @Override
    public void start(String phase, long total) {
        if (quiet || total == 0) {
            return;
        }
        this.phase = phase;
        this.total = total;
        this.done = 0;
        this.started = System.nanoTime();
        this.lastLine = started;
        if (terminal) {
            bar = new ProgressBarBuilder().setTaskName(phase).setInitialMax(total).setUnit(" " + unit, 1).showSpeed()
                    .setUpdateIntervalMillis(200).setStyle(ProgressBarStyle.ASCII)
                    .setConsumer(new DelegatingProgressBarConsumer(s -> {
                        err.print("\r" + s);
                        err.flush();
                    })).build();
        }
    }

    @Override
    public void advance(long done) {
        if (phase == null) {
            return;
        }
        this.done = done;
        if (bar != null) {
            bar.stepTo(done);
            return;
        }
        long now = System.nanoTime();
        if (now - lastLine >= LOG_INTERVAL_NANOS && done < total) {
            lastLine = now;
            err.println(line(now));
            err.flush();
        }
    }

    @Override
    public void finish() {
        if (phase == null) {
            return;
        }
        if (bar != null) {
            bar.stepTo(done);
            bar.close(); // renders the final state once, in place
            err.println();
            bar = null;
        } else {
            err.println(line(System.nanoTime()));
        }
        err.flush();
        phase = null;
    }

    private String line(long now) {
        double seconds = Math.max(1e-9, (now - started) / 1e9);
        return String.format("%s: %d/%d %s (%d%%), %.0f %s/s, %.0f s", phase, done, total, unit,
                total == 0 ? 100 : 100 * done / total, done / seconds, unit, seconds);
    }
}
