package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Review export, import and its error cases: the only path to human_reviewed. */
class ReviewTest {
    @TempDir
    Path dir;

    Database db;
    Review review;
    final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void setUp() {
        db = Database.open(dir.resolve("data"));
        ExtractionTest.rich("s1").into(db);
        Extraction x = new Extraction(db, ExtractConfig.local(), k -> null, ExtractionTest.LATER);
        x.run(Extraction.RunOptions.all());
        x.activate(null);
        review = new Review(db, ExtractionTest.LATER);
    }

    @AfterEach
    void tearDown() {
        db.close();
    }

    private List<ObjectNode> exported() throws Exception {
        StringWriter out = new StringWriter();
        int n = review.export(out, Review.Selection.all());
        List<ObjectNode> lines = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            lines.add((ObjectNode) json.readTree(line));
        }
        assertEquals(n, lines.size());
        return lines;
    }

    private Path write(List<ObjectNode> lines) throws Exception {
        Path f = Files.createTempFile(dir, "review", ".jsonl");
        StringBuilder b = new StringBuilder();
        for (ObjectNode l : lines) {
            b.append(json.writeValueAsString(l)).append('\n');
        }
        Files.writeString(f, b.toString());
        return f;
    }

    private RecallEntry entry(String id) {
        return new Entries(db).get(id).orElseThrow();
    }

    private Review.ImportReport importWith(Consumer<List<ObjectNode>> edit) throws Exception {
        List<ObjectNode> lines = exported();
        lines.forEach(l -> l.put("label", "correct"));
        edit.accept(lines);
        return review.importFile(write(lines), true);
    }

    @Test
    void exportCarriesEvidenceAndALabelToFill() throws Exception {
        List<ObjectNode> lines = exported();
        assertTrue(lines.size() >= 3);
        for (ObjectNode l : lines) {
            assertTrue(l.get("label").isNull());
            assertEquals("unreviewed_auto", entry(l.get("id").asText()).reviewState().label());
            JsonNode ev = l.get("evidence");
            assertTrue(ev.isArray() && !ev.isEmpty());
            assertTrue(ev.get(0).get("messages").get(0).has("text"));
            assertFalse(l.has("review_state"));
            assertFalse(ev.get(0).has("content_digest"), "digests are host-controlled");
        }
    }

    @Test
    void aRoundTripAppliesLabelsAndEdits() throws Exception {
        List<ObjectNode> lines = exported();
        ObjectNode good = lines.get(0);
        ObjectNode unsure = lines.get(1);
        ObjectNode bad = lines.get(2);
        good.put("label", "correct").put("title", "A better title").put("transferable", false);
        unsure.put("label", "useful_but_uncertain").putNull("trigger");
        bad.put("label", "reject");
        Review.ImportReport r = review.importFile(write(List.of(good, unsure, bad)), true);
        assertTrue(r.ok(), r.rejected().toString());
        assertTrue(r.written());
        assertEquals(3, r.applied());
        assertEquals(java.util.Map.of("correct", 1, "reject", 1, "useful_but_uncertain", 1), r.labels());

        RecallEntry g = entry(good.get("id").asText());
        assertEquals(ReviewState.HUMAN_REVIEWED, g.reviewState());
        assertEquals("A better title", g.title());
        assertFalse(g.transferable());
        assertFalse(g.trusted(), "not transferable, so not trusted");
        RecallEntry u = entry(unsure.get("id").asText());
        assertEquals(ReviewState.HUMAN_REVIEWED, u.reviewState());
        assertNull(u.trigger());
        assertEquals("reviewer: useful but uncertain", u.uncertainty());
        RecallEntry b = entry(bad.get("id").asText());
        assertEquals(EntryStatus.ARCHIVED, b.status());
        assertEquals(ReviewState.HUMAN_REVIEWED, b.reviewState());
        assertEquals(3, TestSessions.count(db, "SELECT count(*) FROM recall_review_labels"));
        assertEquals(lines.size() - 3, review.candidates(Review.Selection.all()).size());

        Review.ImportReport again = review.importFile(write(List.of(good, unsure, bad)), true);
        assertTrue(again.ok(), again.rejected().toString());
        assertEquals(3, again.unchanged(), "importing the same file twice changes nothing");

        unsure.put("label", "correct");
        Review.ImportReport relabel = review.importFile(write(List.of(unsure)), true);
        assertFalse(relabel.ok());
        assertTrue(relabel.rejected().getFirst().reason().contains("already reviewed (label useful_but_uncertain)"));
    }

    @Test
    void aCorrectTransferableEntryBecomesTrusted() throws Exception {
        ObjectNode l = exported().getFirst();
        l.put("label", "correct");
        assertTrue(review.importFile(write(List.of(l)), true).ok());
        assertTrue(entry(l.get("id").asText()).trusted());
    }

    @Test
    void oneBadLineRejectsTheFileAndNothingIsWritten() throws Exception {
        long revision = TestSessions.count(db, "SELECT revision FROM recall_query_state");
        Review.ImportReport r = importWith(lines -> lines.get(1).put("label", "maybe"));
        assertFalse(r.ok());
        assertFalse(r.written());
        assertEquals(1, r.rejected().size());
        assertEquals(2, r.rejected().getFirst().line());
        assertEquals("label", r.rejected().getFirst().field());
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM recall_entries WHERE review_state = 'human_reviewed'"));
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM recall_review_labels"));
        assertEquals(revision, TestSessions.count(db, "SELECT revision FROM recall_query_state"));
    }

    @Test
    void aReasonThatEchoesALineBreakStaysOneLine() throws Exception {
        // a fuzz finding (ReviewLineFuzzTest): an id with a line break in it was echoed raw into the one-line reason
        Review.ImportReport r = importWith(lines -> lines.get(0).put("id", "x-no\nline 9: applied"));
        Review.Rejection rejection = r.rejected().getFirst();
        assertFalse(rejection.describe().contains("\n"), rejection.describe());
        assertTrue(rejection.reason().contains("x-no\\nline 9"), rejection.reason());
    }

    @Test
    void everyErrorNamesItsLineAndField() throws Exception {
        record Case(String field, String reason, Consumer<ObjectNode> edit) {}
        List<Case> cases = List.of(
                new Case("review_state", "host-controlled", l -> l.put("review_state", "human_reviewed")),
                new Case("status", "host-controlled", l -> l.put("status", "accepted")),
                new Case("colour", "unknown field", l -> l.put("colour", "red")),
                new Case("label", "is required", l -> l.remove("label")),
                new Case("id", "no entry 'x-nope'", l -> l.put("id", "x-nope")),
                new Case("type", "read-only", l -> l.put("type", "fact".equals(l.get("type").asText()) ? "warning" : "fact")),
                new Case("evidence", "read-only", l -> ((ObjectNode) l.get("evidence").get(0)).put("start_ordinal", 0).put("end_ordinal", 7)),
                new Case("transferable", "true or false", l -> l.put("transferable", "yes")),
                new Case("title", "1 to 200", l -> l.put("title", " ")),
                new Case("title", "may not be null", l -> l.putNull("title")),
                new Case("supersedes", "does not exist", l -> l.put("supersedes", "x-missing")),
                new Case("supersedes", "itself", l -> l.put("supersedes", l.get("id").asText())));
        for (Case c : cases) {
            Review.ImportReport r = importWith(lines -> c.edit().accept(lines.get(0)));
            assertFalse(r.ok(), c.field());
            Review.Rejection rej = r.rejected().getFirst();
            assertEquals(1, rej.line(), c.toString());
            assertEquals(c.field(), rej.field(), rej.describe());
            assertTrue(rej.reason().contains(c.reason()), rej.describe());
            assertFalse(r.written());
        }
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(bad, "{\"id\": \"x\", \n");
        Review.ImportReport malformed = review.importFile(bad, true);
        assertTrue(malformed.rejected().getFirst().reason().startsWith("malformed JSON"));
        Review.ImportReport dup = importWith(lines -> lines.set(1, lines.get(0).deepCopy()));
        assertEquals("id", dup.rejected().getFirst().field());
        assertTrue(dup.rejected().getFirst().reason().contains("duplicate id"));
    }

    @Test
    void aDryRunDoesTheWorkAndKeepsNothing() throws Exception {
        List<ObjectNode> lines = exported();
        lines.forEach(l -> l.put("label", "correct"));
        Review.ImportReport r = review.importFile(write(lines), false);
        assertTrue(r.ok());
        assertFalse(r.written());
        assertEquals(lines.size(), r.applied());
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM recall_entries WHERE review_state = 'human_reviewed'"));
    }

    @Test
    void aReviewedEntryCanSupersedeAnAcceptedOne() throws Exception {
        List<ObjectNode> lines = exported();
        ObjectNode older = lines.get(0);
        ObjectNode newer = lines.get(1);
        older.put("label", "correct");
        newer.put("label", "correct").put("supersedes", older.get("id").asText());
        Review.ImportReport r = review.importFile(write(List.of(older, newer)), true);
        assertTrue(r.ok(), r.rejected().toString());
        assertEquals(1, r.superseded());
        RecallEntry o = entry(older.get("id").asText());
        assertEquals(EntryStatus.ARCHIVED, o.status());
        assertEquals(newer.get("id").asText(), o.supersededByEntryId());
        assertEquals(older.get("id").asText(), entry(newer.get("id").asText()).supersedesEntryId());

        ObjectNode third = lines.get(2);
        third.put("label", "correct").put("supersedes", older.get("id").asText());
        Review.ImportReport twice = review.importFile(write(List.of(third)), true);
        assertEquals("supersedes", twice.rejected().getFirst().field());
        assertTrue(twice.rejected().getFirst().reason().contains("archived"), twice.rejected().toString());

        third.put("label", "reject");
        assertTrue(review.importFile(write(List.of(third)), true).rejected().getFirst().reason()
                .contains("rejected entry cannot supersede"));
    }

    @Test
    void theInteractivePathAppliesOneDecisionAtATime() {
        String id = review.candidates(Review.Selection.all()).getFirst().id();
        Review.Item item = review.item(id);
        assertFalse(item.evidence().isEmpty());
        assertFalse(item.messages().isEmpty());
        review.apply(new Review.Decision(id, ReviewLabel.GENUINE_TRADEOFF, null, "Edited", null,
                new Review.Change<>("when it matters"), null, null), "interactive");
        RecallEntry e = entry(id);
        assertEquals("Edited", e.title());
        assertEquals("when it matters", e.trigger());
        assertEquals(ReviewState.HUMAN_REVIEWED, e.reviewState());
        assertTrue(e.uncertainty().contains("tradeoff"));
        var refused = assertThrows(dev.recall.store.RecallException.class,
                () -> review.apply(Review.Decision.of(id, ReviewLabel.REJECT), "interactive"));
        assertTrue(refused.getMessage().startsWith("id: entry"));
        assertEquals(dev.recall.store.RecallException.Kind.REJECTED, refused.kind());
        assertEquals("id", refused.details().get("field"));
    }

    @Test
    void importedEntriesStayUnreviewedUntilThisPath() {
        assertEquals(0, TestSessions.count(db, "SELECT count(*) FROM recall_entries WHERE review_state <> 'unreviewed_auto'"));
    }
}
