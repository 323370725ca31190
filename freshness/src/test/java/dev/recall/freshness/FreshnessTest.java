package dev.recall.freshness;

import dev.recall.store.StoreSql;
import dev.recall.store.GenerationState;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.RecallException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreshnessTest {
    @TempDir
    Path dir;

    Database db;
    VectorGenerations generations;
    Freshness freshness;

    @BeforeEach
    void setUp() {
        db = Database.open(dir);
        generations = new VectorGenerations(db);
        freshness = new Freshness(generations, new Counters(db));
    }

    @AfterEach
    void tearDown() {
        db.close();
    }

    private void bumpCorpus() {
        db.transaction(() -> {
            StoreSql.exec(db, "INSERT OR IGNORE INTO sessions (id, agent, created_at, updated_at)"
                    + " VALUES ('s', 'a', 'x', 'x')");
            StoreSql.exec(db, "INSERT INTO recall_entries (id, type, scope, title, body, source_session_id, created_at,"
                    + " updated_at) VALUES ('e' || (SELECT revision FROM recall_corpus_state), 'fact', 'global',"
                    + " 't', 'b', 's', 'x', 'x')");
        });
    }

    @Test
    void refusesWithoutAnActiveGeneration() {
        Staleness v = freshness.check("recall", "f".repeat(64));
        assertEquals(Staleness.Kind.NO_ACTIVE_GENERATION, v.kind());
        assertTrue(v.message().contains("store 'recall'"), v.message());
        Staleness.RefusedException e = assertThrows(Staleness.RefusedException.class, v::orThrow);
        assertSame(v, e.verdict());
        assertEquals(RecallException.Kind.STALE, e.kind());
        assertEquals(RecallException.Remedy.BUILD_EMBEDDINGS, e.remedy());
        assertEquals("recall", e.details().get("store"));
    }

    @Test
    void aCompletedBuildIsFreshUntilTheCorpusMoves() {
        bumpCorpus();
        VectorGeneration g = generations.startBuilding("recall", "a".repeat(64), "m", 384, dir.resolve("vectors"));
        assertEquals(GenerationState.BUILDING, g.state());
        assertEquals(Staleness.Kind.NO_ACTIVE_GENERATION, freshness.check("recall", "a".repeat(64)).kind(),
                "a building generation never answers queries");
        generations.complete(g.id(), 1, 0);
        Staleness fresh = freshness.check("recall", "a".repeat(64));
        assertTrue(fresh.fresh(), fresh.message());
        assertSame(fresh, freshness.recheck(fresh));

        bumpCorpus();
        Staleness stale = freshness.check("recall", "a".repeat(64));
        assertEquals(Staleness.Kind.STALE_REVISION, stale.kind());
        assertTrue(stale.message().contains("revision 2") && stale.message().contains("stamped at revision 1"),
                stale.message());
        Staleness moved = freshness.recheck(fresh);
        assertEquals(Staleness.Kind.CHANGED_DURING_SEARCH, moved.kind());
        assertTrue(moved.message().startsWith("corpus changed during search; retry"));
    }

    @Test
    void aDifferentConfiguredModelIsRefused() {
        VectorGeneration g = generations.startBuilding("recall", "a".repeat(64), "m", 384, dir.resolve("vectors"));
        generations.complete(g.id(), 0, 0);
        Staleness v = freshness.check("recall", "b".repeat(64));
        assertEquals(Staleness.Kind.FINGERPRINT_MISMATCH, v.kind());
    }

    @Test
    void completingANewBuildRetiresThePreviousActiveOne() {
        VectorGeneration first = generations.startBuilding("recall", "a".repeat(64), "m", 384, dir.resolve("v"));
        generations.complete(first.id(), 0, 0);
        VectorGeneration second = generations.startBuilding("recall", "b".repeat(64), "m2", 384, dir.resolve("v"));
        generations.complete(second.id(), 0, 0);
        assertEquals(GenerationState.RETIRED, generations.get(first.id()).orElseThrow().state());
        assertEquals(second.id(), generations.active("recall").orElseThrow().id());
        generations.activate(first.id());
        assertEquals(GenerationState.RETIRED, generations.get(second.id()).orElseThrow().state());
        assertEquals(first.id(), generations.active("recall").orElseThrow().id());
        assertTrue(generations.list("sessions").isEmpty(), "stores are separate");
    }

    @Test
    void anUnfinishedGenerationCannotBeActivated() {
        VectorGeneration g = generations.startBuilding("recall", "a".repeat(64), "m", 384, dir.resolve("v"));
        RecallException e = assertThrows(RecallException.class, () -> generations.activate(g.id()));
        assertTrue(e.getMessage().contains("never completed"), e.getMessage());
        assertEquals(RecallException.Kind.CONFLICT, e.kind());
        assertEquals(RecallException.Remedy.BUILD_EMBEDDINGS, e.remedy());
    }
}
