package dev.recall.search;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.recall.index.EntryFields;
import dev.recall.index.analysis.AnalyzerKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Fuzzes the query text a user (or an agent) sends, in both syntaxes: a bag of words never fails, and Lucene syntax
 * either parses and searches or is refused with a {@link SearchException} (invalid query), never a parser's stack
 * overflow or another exception. Seeds are in src/test/resources/dev/recall/search/QueryFuzzTestInputs;
 * {@code JAZZER_FUZZ=1} fuzzes.
 */
class QueryFuzzTest {
    /** One small index, opened once: the parser and the search are what is fuzzed, not opening an index. */
    private static final class Index {
        static final DirectoryReader READER = open();

        private static DirectoryReader open() {
            try {
                ByteBuffersDirectory dir = new ByteBuffersDirectory();
                try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(AnalyzerKind.CODE.newIndexAnalyzer()))) {
                    for (String[] e : new String[][] {{"a", "Run migrations before tests", "goose up then go test ./..."},
                            {"b", "ClockTest is flaky", "retry it with -count=1; the CI clock drifts"}}) {
                        Document d = new Document();
                        d.add(new KeywordField(EntryFields.ID, e[0], Field.Store.YES));
                        d.add(new TextField(EntryFields.TITLE, e[1], Field.Store.NO));
                        d.add(new TextField(EntryFields.CONTENT, e[2], Field.Store.NO));
                        w.addDocument(d);
                    }
                }
                return DirectoryReader.open(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @FuzzTest(maxDuration = "5m")
    void query(FuzzedDataProvider data) {
        boolean lucene = data.consumeBoolean();
        String text = data.consumeRemainingAsString();
        try {
            LexicalLeg leg = new LexicalLeg(Index.READER, AnalyzerKind.CODE, text, lucene, LexicalWeights.DEFAULTS);
            leg.search(null, 10);
        } catch (SearchException e) {
            if (!lucene || e.reason() != SearchException.Reason.INVALID_QUERY || e.getMessage().contains("\n")) {
                throw e;
            }
        }
    }
}
