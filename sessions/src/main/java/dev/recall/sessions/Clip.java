package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;

/** Size limits applied after redaction, never before, and never through the middle of a redaction marker. */
final class Clip {
    static final int TOOL_OUTPUT = 4096;
    static final int MESSAGE = 32_768;
    static final int TOOL_INPUT = 1024;

    private Clip() {}

    /** Raw text is capped before scanning only far beyond the stored limit, so no stored secret can be cut. */
    static String preScan(String text, int limit) {
        int cap = Math.max(limit * 4, limit + 16_384);
        return text == null || text.length() <= cap ? text : text.substring(0, cap);
    }

    static SecretScanner.Result clip(SecretScanner.Result r, int limit) {
        String text = r.text();
        if (text.length() <= limit) {
            return r;
        }
        int cut = limit;
        for (SecretScanner.Finding f : r.findings()) {
            if (f.start() < cut && cut < f.end()) {
                cut = f.start();
            }
        }
        String clipped = text.substring(0, cut) + "\n[... " + (text.length() - cut) + " more characters not archived]";
        List<SecretScanner.Finding> findings = new ArrayList<>();
        for (SecretScanner.Finding f : r.findings()) {
            findings.add(f.start() >= cut ? new SecretScanner.Finding(f.rule(), f.tier(), cut, cut) : f);
        }
        return new SecretScanner.Result(clipped, List.copyOf(findings));
    }
}
