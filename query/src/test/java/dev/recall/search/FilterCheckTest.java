package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filter check of fused candidates admits exactly the entries the store's own filter admits, whether a candidate
 * comes with the document the lexical leg found it at or is found by id (a vector hit), over the testdata corpus
 * before and after updates leave deleted documents in older segments; ids the index does not hold are not admitted.
 */
class FilterCheckTest {
    @TempDir
    Path dir;

    private static final List<EntryFilter> FILTERS = List.of(
            EntryFilter.ANY,
            EntryFilter.builder().status(EntryStatus.ACCEPTED).build(),
            EntryFilter.builder().status(EntryStatus.ARCHIVED).build(),
            EntryFilter.builder().status(EntryStatus.ACCEPTED).type(EntryType.PROCEDURE).build(),
            EntryFilter.builder().status(EntryStatus.ACCEPTED).reviewState(ReviewState.HUMAN_REVIEWED).build(),
            EntryFilter.builder().trustedOnly(true).build(),
            EntryFilter.builder().status(EntryStatus.ACCEPTED).project("tidewatch").build(),
            EntryFilter.builder().project("no-such-project").build());

    private static final List<String> QUERIES = List.of("ledger tests", "pnpm lockfile outdated", "migration",
            "how do I run the integration tests", "deploy");

    @Test
    void admitsWhatTheStoresFilterAdmitsWithOrWithoutTheLegsDocuments() throws Exception {
        try (TestStore store = new TestStore(dir).testdata()) {
            store.lexical.sync();
            assertSameAsTheStore(store, "one commit");
            store.archiveSomeAndRestoreOthers();
            assertSameAsTheStore(store, "after updates");
        }
    }

    private static void assertSameAsTheStore(TestStore store, String when) throws Exception {
        List<RecallEntry> all = new Entries(store.db).list(EntryFilter.ANY, 100_000);
        assertTrue(all.size() > 300, "the testdata corpus: " + all.size());
        List<String> ids = new ArrayList<>(all.stream().map(RecallEntry::id).toList());
        ids.add("no-such-entry");
        ids.add(""); // not an id either
        try (DirectoryReader reader = store.lexical.openReader()) {
            // the documents the lexical leg returns for a few queries, as hybrid fusion knows them
            Map<String, Integer> legDocs = new HashMap<>();
            for (String q : QUERIES) {
                new LexicalLeg(reader, AnalyzerKind.CODE, q, false, LexicalWeights.DEFAULTS).search(null, 200).hits()
                        .forEach(c -> legDocs.put(c.id(), c.doc()));
            }
            assertTrue(legDocs.size() > 50 && legDocs.size() < all.size(),
                    "some candidates known by document, the rest by id: " + legDocs.size());
            int admitted = 0;
            for (EntryFilter f : FILTERS) {
                Set<String> expected = all.stream().filter(f::matches).map(RecallEntry::id).collect(Collectors.toSet());
                String what = when + ", " + f.asMap();
                assertEquals(expected, FilterCheck.admitted(reader, ids, Map.of(), f), what + ", all found by id");
                assertEquals(expected, FilterCheck.admitted(reader, ids, legDocs, f), what + ", leg documents known");
                assertEquals(expected.stream().filter(legDocs::containsKey).collect(Collectors.toSet()),
                        FilterCheck.admitted(reader, legDocs.keySet(), legDocs, f), what + ", only the leg's");
                admitted += expected.size();
            }
            assertTrue(admitted > 500, "entries admitted over the filters: " + admitted);
            assertEquals(Set.of(), FilterCheck.admitted(reader, List.of(), legDocs, EntryFilter.ANY));
        }
    }
}
