package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.Database;
import dev.recall.store.Message;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Syncs the planted-secret transcripts and checks that no planted value is stored anywhere in recall.db. */
class SecretCorpusTest {
    @TempDir
    Path tmp;

    @Test
    void syncStoresNoPlantedSecret() throws Exception {
        List<SecretCorpus.Planted> planted = SecretCorpus.planted();
        assertTrue(planted.size() >= 60, "the corpus plants at least 60 shapes: " + planted.size());
        Path data = tmp.resolve("data");
        try (Database db = Database.open(data)) {
            SyncReport r = new SessionSync(db, SecretScanner.archive())
                    .sync(TranscriptDiscovery.all(SecretCorpus.roots()), SyncProgress.none());
            assertEquals(2, r.sessionsCreated(), r.toString());
            StringBuilder all = new StringBuilder();
            for (Session s : new Sessions(db).list(null, 10)) {
                for (Message m : new Sessions(db).messages(s.id())) {
                    all.append(m.text()).append('\n').append(m.toolInput()).append('\n');
                }
            }
            assertEquals(List.of(), SecretCorpus.leaked(planted, all.toString()), "planted secrets kept");
        }
        for (String f : List.of(Database.FILE_NAME, Database.FILE_NAME + "-wal")) {
            Path p = data.resolve(f);
            if (Files.exists(p)) {
                String bytes = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
                assertEquals(List.of(), SecretCorpus.leaked(planted, bytes), f);
            }
        }
    }
}
