package dev.recall.sessions;

import java.io.PrintWriter;
import java.nio.file.Path;

/** Tells a person how a long sync is going. */
public interface SyncProgress {
    void file(int done, int total, Path path);

    void finished(int total);

    static SyncProgress none() {
        return new SyncProgress() {
            @Override
            public void file(int done, int total, Path path) {}

            @Override
            public void finished(int total) {}
        };
    }

    /** One line rewritten in place, for a terminal. */
    static SyncProgress terminal(PrintWriter err) {
        return new SyncProgress() {
            private int lastWidth;

            @Override
            public void file(int done, int total, Path path) {
                String name = path.getFileName().toString();
                String line = String.format("syncing %d/%d %s", done, total,
                        name.length() > 48 ? name.substring(0, 45) + "..." : name);
                err.print("\r" + line + " ".repeat(Math.max(0, lastWidth - line.length())));
                lastWidth = line.length();
                err.flush();
            }

            @Override
            public void finished(int total) {
                if (lastWidth > 0) {
                    err.print("\r" + " ".repeat(lastWidth) + "\r");
                    err.flush();
                }
            }
        };
    }

    /** A line every {@code every} files, for logs; quiet for syncs shorter than that. */
    static SyncProgress periodic(PrintWriter err, int every) {
        return new SyncProgress() {
            @Override
            public void file(int done, int total, Path path) {
                if (done > 0 && done % every == 0) {
                    err.printf("recall: synced %d of %d files%n", done, total);
                    err.flush();
                }
            }

            @Override
            public void finished(int total) {}
        };
    }
}
