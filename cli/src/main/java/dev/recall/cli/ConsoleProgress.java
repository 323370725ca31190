package dev.recall.cli;

import dev.recall.index.VectorBuilder;
import java.io.PrintWriter;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of long work on stderr: a live bar with count, rate and ETA on a terminal; without one (a pipe, CI, a
 * hook) a plain line every few seconds, so logs stay readable.
 */
final class ConsoleProgress implements VectorBuilder.Progress {
    private final PrintWriter err;
    private final boolean quiet;
    private ProgressBar bar;

    ConsoleProgress(PrintWriter err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
    }

    @Override
    public void start(String phase, long total) {
        if (quiet || total == 0) {
            return;
        }
        ProgressBarBuilder builder = new ProgressBarBuilder().setTaskName(phase).setInitialMax(total)
                .setUnit(" docs", 1).showSpeed().setUpdateIntervalMillis(System.console() != null ? 200 : 3000);
        if (System.console() != null) {
            builder.setStyle(ProgressBarStyle.ASCII).setConsumer(new DelegatingProgressBarConsumer(s -> {
                err.print("\r" + s);
                err.flush();
            }));
        } else {
            builder.setConsumer(new DelegatingProgressBarConsumer(s -> {
                err.println(s.strip());
                err.flush();
            })).setStyle(ProgressBarStyle.ASCII);
        }
        bar = builder.build();
    }

    @Override
    public void advance(long done) {
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    @Override
    public void finish() {
        if (bar != null) {
            bar.close();
            if (System.console() != null) {
                err.println();
            }
            err.flush();
            bar = null;
        }
    }
}
