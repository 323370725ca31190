package dev.recall.index;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.index.analysis.IdentifierAnalyzer;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;

/** The Lucene fields of a passage document: the same analysis as entries, so a query means the same in both. */
public final class PassageFields {
    public static final String ID = "id";
    public static final String SESSION_ID = "session_id";
    public static final String START_ORDINAL = "start_ordinal";
    public static final String END_ORDINAL = "end_ordinal";
    /** BM25 over the passage text; stored, because the snippet is cut from it. */
    public static final String TEXT = "text";
    /** Identifier-like tokens, whole and lower-cased: exact identifier matches. */
    public static final String IDENT = "ident";
    public static final String PROJECT = "project";
    public static final String CWD = "cwd";
    public static final String GIT_BRANCH = "git_branch";
    public static final String AGENT = "agent";
    public static final String STARTED_AT = "started_at";

    private PassageFields() {}

    static Analyzer indexAnalyzer() {
        return new PerFieldAnalyzerWrapper(AnalyzerKind.CODE.newIndexAnalyzer(),
                Map.of(IDENT, new IdentifierAnalyzer()));
    }
}
