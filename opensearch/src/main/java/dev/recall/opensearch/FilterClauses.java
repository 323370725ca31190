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
        add(out, EntryFields.PROJECT, f.project());
        add(out, EntryFields.CWD, f.cwd());
        add(out, EntryFields.GIT_BRANCH, f.gitBranch());
        add(out, EntryFields.AGENT, f.agent());
        add(out, EntryFields.TYPE, f.type() == null ? null : f.type().label());
        add(out, EntryFields.SCOPE, f.scope() == null ? null : f.scope().label());
        add(out, EntryFields.STATUS, f.status() == null ? null : f.status().label());
        add(out, EntryFields.REVIEW_STATE, f.reviewState() == null ? null : f.reviewState().label());
        if (f.trustedOnly()) {
            add(out, EntryFields.TRUSTED, "true");
        }
        add(out, EntryFields.EXTRACTOR_METHOD, f.extractorMethod());
        add(out, EntryFields.SOURCE_SESSION_ID, f.sourceSessionId());
        add(out, EntryFields.SOURCE_EPISODE_ID, f.sourceEpisodeId());
        add(out, EntryFields.SOURCE_RUN_ID, f.sourceRunId());
        add(out, EntryFields.SUPERSEDES_ENTRY_ID, f.supersedesEntryId());
        add(out, EntryFields.SUPERSEDED_BY_ENTRY_ID, f.supersededByEntryId());
        return out;
    }

    private static void add(List<Object> out, String field, String value) {
        if (value != null) {
            out.add(Map.of("term", Map.of(field, value)));
        }
    }
}
