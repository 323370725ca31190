package dev.recall.store;

/**
 * SQLite's quick_check of a store file before a process first writes to it, shared by the connections of one
 * process that open the same file (the daemon's readers and writer): the check reads the whole file (12.8 s at 1M
 * entries under load, docs/benchmarks.md, issue 14), and each connection checking again only repeated it on the
 * request path of each reader's first recorded query. A connection opened without one checks on its own, as before.
 */
public final class WriteCheck {
    private boolean passed;
    private int runs;

    /** Runs the check once; a failed check throws and runs again before the next write. */
    synchronized void beforeFirstWrite(Database db) {
        if (!passed) {
            runs++;
            db.requireIntact();
            passed = true;
        }
    }

    /** How many checks ran: one per process and file when shared. */
    synchronized int runs() {
        return runs;
    }
}
