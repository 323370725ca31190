package dev.recall.index;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.index.analysis.IdentifierAnalyzer;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;

/** The Lucene fields of an entry document. Text fields carry BM25; keyword fields filter; ident matches exactly. */
public final class EntryFields {
    public static final String ID = "id";
    public static final String TITLE = "title";
    public static final String BODY = "body";
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
    public static final List<String> TEXT = List.of(TITLE, BODY, TRIGGER, EVIDENCE);

    private EntryFields() {}

    static Analyzer indexAnalyzer(AnalyzerKind analysis) {
        return new PerFieldAnalyzerWrapper(analysis.newIndexAnalyzer(),
                Map.of(IDENT, new IdentifierAnalyzer()));
    }
}
