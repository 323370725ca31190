package dev.recall.brief;

import java.util.List;
import java.util.Map;

/**
 * A packed brief: the context block an agent reads, and what went into it.
 *
 * @param context the framed text, at most {@code budgetBytes} UTF-8 bytes; empty when nothing was packed
 * @param included ids packed, in rank order
 * @param omitted ids that were found but did not fit the budget
 * @param truncated ids whose text was cut to fit the per-entry cap
 * @param flagged id -> the injection-bait reasons found in that entry
 */
public record Brief(String context, int budgetBytes, int perEntryCap, List<String> included, List<String> omitted,
        List<String> truncated, Map<String, List<String>> flagged) {

    public int bytes() {
        return context.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }
}
