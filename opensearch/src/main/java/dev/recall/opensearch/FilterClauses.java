package dev.recall.opensearch;

import dev.recall.index.EntryFields;
import dev.recall.store.EntryFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An {@link EntryFilter} as term clauses on the entry index's keyword fields (as the embedded leg's FILTER clauses). */
final class FilterClauses {
    private FilterClauses() {}

    static List<Object> of(EntryFilter f) {
        List<Object> out = new ArrayList<>();
        EntryFields.required(f).forEach((field, value) -> out.add(Map.of("term", Map.of(field, value))));
        return out;
    }
}
