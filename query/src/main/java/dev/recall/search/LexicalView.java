package dev.recall.search;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.EntryFilter;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/** One search's view of a backend's lexical copy: the BM25 leg, and the filters decided on the same copy. */
public interface LexicalView extends AutoCloseable {

    /** The analysis the copy's text fields were indexed with (queries are analysed alike). */
    AnalyzerKind analysis();

    /** The BM25 leg of {@code text} over the entry fields. */
    LexicalSearch leg(String text, boolean luceneSyntax, LexicalWeights weights);

    /** Which of {@code ids} the filter admits (filters apply after fusion). */
    Set<String> matching(Collection<String> ids, EntryFilter filter);

    /**
     * {@link #matching(Collection, EntryFilter)}, where {@code legDocs} maps some of the ids to the {@code doc} a leg of
     * this view returned for them: a backend may decide those on their documents without finding them by id.
     */
    default Set<String> matching(Collection<String> ids, Map<String, Integer> legDocs, EntryFilter filter) {
        return matching(ids, filter);
    }

    @Override
    void close();
}
