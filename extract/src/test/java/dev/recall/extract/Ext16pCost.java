package dev.recall.extract;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scratch (ext16p): CPU cost of Misfires and DebuggingRule.runSummary per 1,000 messages on the held-out sets. */
class Ext16pCost {
    @TempDir
    Path dir;

    @Test
    void cost() throws Exception {
        List<Candidate> cands = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        int messages = 0;
        for (HeldOutSet set : HeldOutSet.ALL) {
            try (Database db = Database.open(dir.resolve(set.name()))) {
                set.load(db);
                Sessions sessions = new Sessions(db);
                LocalExtractor x = new LocalExtractor(3);
                for (Session s : sessions.list(null, 100_000)) {
                    List<Message> ms = sessions.messages(s.id());
                    messages += ms.size();
                    cands.addAll(x.extract(s, ms));
                    for (ToolRun r : new Transcript(s, ms, new Commands()).runs()) {
                        if (r.failed()) errors.add(r.errorLine());
                    }
                }
            }
        }
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int rounds = 2000;
        int hits = 0;
        long t0 = bean.getCurrentThreadCpuTime();
        for (int i = 0; i < rounds; i++) {
            for (Candidate c : cands) if (Misfires.rejected(c)) hits++;
            for (String e : errors) if (DebuggingRule.runSummary(e)) hits++;
        }
        long ns = bean.getCurrentThreadCpuTime() - t0;
        System.out.printf("EXT16P-COST %d messages, %d candidates, %d failures: %.3f ms CPU per 1,000 messages (%d)%n",
                messages, cands.size(), errors.size(), ns / 1e6 / rounds / messages * 1000, hits);
    }
}
