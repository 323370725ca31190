package dev.recall.cli;

import dev.recall.server.Views;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Words a rejected import file: its first bad lines and a count of the rest, never hundreds of lines alike. */
final class BadLines {
    private BadLines() {}

    static void print(PrintWriter err, Path file, List<String> described) {
        int n = described.size();
        err.println("recall: " + file + " rejected (" + n + " bad line" + (n == 1 ? "" : "s")
                + "); nothing was written:");
        described.stream().limit(Views.REJECTIONS_SHOWN).forEach(x -> err.println("  " + x));
        if (n > Views.REJECTIONS_SHOWN) {
            err.println("  ... and " + (n - Views.REJECTIONS_SHOWN) + " more bad lines");
        }
        err.flush();
    }
}
