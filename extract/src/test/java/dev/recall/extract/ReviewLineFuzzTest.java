package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Database;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes `recall review import`, whose file a person edits by hand: a line made from an exported review line with one
 * field set to fuzzed text or JSON, or a raw fuzzed line, imported as a dry run into a real store with extracted
 * entries. Whatever the line, the import reports it applied, unchanged or rejected with a one-line reason, never
 * throws, and a dry run leaves the store as it was. Seeds are in
 * src/test/resources/dev/recall/extract/ReviewLineFuzzTestInputs; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ReviewLineFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] FIELDS = {"id", "label", "transferable", "title", "body", "trigger", "uncertainty",
            "supersedes", "type", "scope", "confidence", "project", "status", "review_state", "evidence", "unknown"};

    /** One store with reviewable entries, built once: the import is what is fuzzed. */
    private static final class Store {
        static final Path DIR;
        static final Database DB;
        static final Review REVIEW;
        static final List<ObjectNode> LINES = new ArrayList<>();
        static final String STATE_SQL = "SELECT count(*) + coalesce(sum(length(title) + length(body)), 0)"
                + " + sum(review_state = 'human_reviewed') * 1000003 FROM recall_entries";
        static final long STATE;

        static {
            try {
                DIR = Files.createTempDirectory("review-fuzz");
                DB = Database.open(DIR.resolve("data"));
                ExtractionTest.rich("s1").into(DB);
                Extraction x = new Extraction(DB, ExtractConfig.local(), k -> null, ExtractionTest.LATER);
                x.run(Extraction.RunOptions.all());
                x.activate(null);
                REVIEW = new Review(DB, ExtractionTest.LATER);
                StringWriter out = new StringWriter();
                REVIEW.export(out, Review.Selection.all());
                for (String line : out.toString().split("\n")) {
                    LINES.add((ObjectNode) JSON.readTree(line));
                }
                STATE = StoreSql.count(DB, STATE_SQL);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @FuzzTest(maxDuration = "5m")
    void reviewLine(FuzzedDataProvider data) throws IOException {
        ObjectNode line = Store.LINES.get(data.consumeInt(0, Store.LINES.size() - 1)).deepCopy();
        line.put("label", "correct");
        int how = data.consumeInt(0, 2);
        String field = data.pickValue(FIELDS);
        String value = data.consumeRemainingAsString();
        String text;
        if (how == 0) {
            text = line.put(field, value).toString();
        } else if (how == 1) {
            text = line.set(field, parsed(value)).toString();
        } else {
            text = value;
        }
        Path file = Files.writeString(Store.DIR.resolve("review.jsonl"), text + "\n");
        Review.ImportReport r = Store.REVIEW.importFile(file, false);
        assertFalse(r.written());
        // the file's lines as the import reads them: split at '\n' only, a CR before it dropped, blank ones skipped
        String[] raw = (text + "\n").split("\n", -1);
        long lines = java.util.Arrays.stream(raw).filter(l -> !l.isBlank()).count();
        assertEquals(lines, r.lines(), text);
        assertEquals(r.lines(), r.applied() + r.unchanged() + r.rejected().size(), r.toString());
        for (Review.Rejection rejection : r.rejected()) {
            assertTrue(rejection.line() >= 1 && rejection.line() < raw.length, rejection.toString());
            assertFalse(rejection.describe().isBlank());
            assertFalse(rejection.describe().contains("\n"), "one line: " + rejection.describe());
        }
        assertEquals(Store.STATE, StoreSql.count(Store.DB, Store.STATE_SQL), "a dry run changed the store");
    }

    private static JsonNode parsed(String value) {
        try {
            JsonNode node = JSON.readTree(value);
            return node == null ? JSON.nullNode() : node;
        } catch (JsonProcessingException e) {
            return JSON.getNodeFactory().textNode(value);
        }
    }
}
