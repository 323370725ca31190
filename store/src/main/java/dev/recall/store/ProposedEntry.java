package dev.recall.store;

import java.util.List;

/** An entry extraction proposed, with the evidence the host anchored it to. */
public record ProposedEntry(RecallEntry entry, List<Evidence> evidence) {
    public ProposedEntry {
        evidence = List.copyOf(evidence);
    }
}
