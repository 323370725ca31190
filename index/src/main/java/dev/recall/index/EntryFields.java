package dev.recall.index;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.index.analysis.IdentifierAnalyzer;
import dev.recall.store.EntryFilter;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;

/** The Lucene fields of an entry document. Text fields carry BM25; keyword fields filter; ident matches exactly. */
public final class EntryFields {
    public static final String ID = "id";
    public static final String TITLE = "title";
    /**
     * Title and body as one text ({@link #content}): BM25 over one field scores a term once per entry where
     * separate title and body fields sum two saturated scores (docs/benchmarks.md, issue 20).
     */
    public static final String CONTENT = "content";
    public static final String TRIGGER = "trigger";
    public static final String EVIDENCE = "evidence";
    /** Identifier-like tokens of all text, whole and lower-cased: exact identifier matches. */
    public static final String IDENT = "ident";
    public static final String PROJECT = "project";
    public static final String CWD = "cwd";
    public static final String GIT_BRANCH = "git_branch";
    public static final String AGENT = "agent";
    public static final String TYPE = "type";
    public static final String SCOPE = "scope";
    public static final String STATUS = "status";
    public static final String REVIEW_STATE = "review_state";
    public static final String TRUSTED = "trusted";
    public static final String UPDATED_AT = "updated_at";
    public static final String EXTRACTOR_METHOD = "extractor_method";
    public static final String SOURCE_SESSION_ID = "source_session_id";
    public static final String SOURCE_EPISODE_ID = "source_episode_id";
    public static final String SOURCE_RUN_ID = "source_run_id";
    public static final String SUPERSEDES_ENTRY_ID = "supersedes_entry_id";
    public static final String SUPERSEDED_BY_ENTRY_ID = "superseded_by_entry_id";

    /** The BM25 text fields, in the order a score breakdown shows them. */
    public static final List<String> TEXT = List.of(CONTENT, TITLE, TRIGGER, EVIDENCE);

    private EntryFields() {}

    /** The {@link #CONTENT} field's text: the title, a newline, the body. */
    public static String content(RecallEntry e) {
        return e.title() + "\n" + e.body();
    }

    /** An entry's keyword fields and their values (absent values left out), as every backend indexes them. */
    public static Map<String, String> keywords(RecallEntry e) {
        Map<String, String> k = new LinkedHashMap<>();
        put(k, PROJECT, e.project());
        put(k, CWD, e.cwd());
        put(k, GIT_BRANCH, e.gitBranch());
        put(k, AGENT, e.agent());
        put(k, TYPE, e.type().label());
        put(k, SCOPE, e.scope().label());
        put(k, STATUS, e.status().label());
        put(k, REVIEW_STATE, e.reviewState().label());
        put(k, TRUSTED, Boolean.toString(e.trusted()));
        put(k, EXTRACTOR_METHOD, e.extractorMethod());
        put(k, SOURCE_SESSION_ID, e.sourceSessionId());
        put(k, SOURCE_EPISODE_ID, e.sourceEpisodeId());
        put(k, SOURCE_RUN_ID, e.sourceRunId());
        put(k, SUPERSEDES_ENTRY_ID, e.supersedesEntryId());
        put(k, SUPERSEDED_BY_ENTRY_ID, e.supersededByEntryId());
        return k;
    }

    /** The keyword values a filter requires, field by field: what every backend's filter clauses test. */
    public static Map<String, String> required(EntryFilter f) {
        Map<String, String> k = new LinkedHashMap<>();
        put(k, PROJECT, f.project());
        put(k, CWD, f.cwd());
        put(k, GIT_BRANCH, f.gitBranch());
        put(k, AGENT, f.agent());
        put(k, TYPE, f.type() == null ? null : f.type().label());
        put(k, SCOPE, f.scope() == null ? null : f.scope().label());
        put(k, STATUS, f.status() == null ? null : f.status().label());
        put(k, REVIEW_STATE, f.reviewState() == null ? null : f.reviewState().label());
        put(k, TRUSTED, f.trustedOnly() ? "true" : null);
        put(k, EXTRACTOR_METHOD, f.extractorMethod());
        put(k, SOURCE_SESSION_ID, f.sourceSessionId());
        put(k, SOURCE_EPISODE_ID, f.sourceEpisodeId());
        put(k, SOURCE_RUN_ID, f.sourceRunId());
        put(k, SUPERSEDES_ENTRY_ID, f.supersedesEntryId());
        put(k, SUPERSEDED_BY_ENTRY_ID, f.supersededByEntryId());
        return k;
    }

    /** The evidence snippets of an entry as one text field, empty when it has none. */
    public static String evidenceText(List<Evidence> evidence) {
        StringBuilder snippets = new StringBuilder();
        for (Evidence ev : evidence) {
            if (ev.snippet() != null) {
                snippets.append(ev.snippet()).append('\n');
            }
        }
        return snippets.toString();
    }

    private static void put(Map<String, String> k, String field, String value) {
        if (value != null) {
            k.put(field, value);
        }
    }

    static Analyzer indexAnalyzer(AnalyzerKind analysis) {
        return new PerFieldAnalyzerWrapper(analysis.newIndexAnalyzer(),
                Map.of(IDENT, new IdentifierAnalyzer()));
    }
}
