package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall.store.Database;
import dev.recall.store.StoreSql;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fake secret planted in the fixtures is redacted before it is stored: it is absent from the raw bytes of the
 * database file and its WAL, from context.md and from history.md, while the findings name the rule that caught it.
 */
class SecretsEndToEndTest {
    @TempDir
    Path tmp;

    @Test
    void noPlantedSecretReachesTheDatabaseContextOrHistory() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("ledgerd"));
        Files.writeString(project.resolve("README.md"), "ledgerd\n");
        Git.run(project, "init", "-q");
        Git.run(project, "add", "README.md");
        // a secret in a commit message must not reach context.md through the git section either
        Git.run(project, "commit", "-q", "-m", "rotate stripe key sk_live_FAKEfake0123456789abcdef");
        Path data = tmp.resolve("data");
        TranscriptDiscovery.Roots roots = Fixtures.copy(tmp.resolve("home"), project.toString());
        Map<String, String> secrets = Fixtures.plantedSecrets();
        List<Path> outputs = new ArrayList<>();
        try (Database db = Database.open(data)) {
            SyncReport report = new SessionSync(db, SecretScanner.archive())
                    .sync(TranscriptDiscovery.forProject(roots, project), SyncProgress.none());
            assertEquals(4, report.sessionsCreated(), report.toString());
            assertTrue(report.secretsRedacted() + report.candidateFindings() >= secrets.size() - 2, report.toString());
            assertTrue(report.candidateFindings() >= 1, report.toString());
            OutputDir out = OutputDir.resolve(project, OutputDir.DEFAULT);
            outputs.add(new ProjectContext(db).save(project, out, ProjectContext.DEFAULT_BUDGET).file());
            HistoryCapture history = new HistoryCapture(db);
            for (String id : List.of(Fixtures.CLAUDE_SESSION, Fixtures.CODEX_SESSION, Fixtures.CODEX_ZST_SESSION,
                    Fixtures.SUBAGENT_SESSION)) {
                outputs.add(history.capture(out, id).file());
            }
            // while the database is open, recent pages live in the WAL: check it before the checkpoint on close
            assertAbsent(secrets, data.resolve(Database.FILE_NAME + "-wal"));
            assertAbsent(secrets, data.resolve(Database.FILE_NAME));
            assertFindings(db);
        }
        assertAbsent(secrets, data.resolve(Database.FILE_NAME));
        assertAbsent(secrets, data.resolve(Database.FILE_NAME + "-wal"));
        for (Path p : outputs) {
            assertTrue(Files.size(p) > 200, p.toString());
            assertAbsent(secrets, p);
        }
        String context = Files.readString(project.resolve(".recall/context.md"));
        assertTrue(context.contains("[REDACTED:stripe_key]"), context);
        String history = Files.readString(project.resolve(".recall/history.md"));
        assertTrue(history.contains("[REDACTED:"), history);
    }

    private static void assertAbsent(Map<String, String> secrets, Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        byte[] bytes = Files.readAllBytes(file);
        String latin = new String(bytes, StandardCharsets.ISO_8859_1); // byte-for-byte, whatever the encoding
        for (Map.Entry<String, String> e : secrets.entrySet()) {
            assertFalse(latin.contains(e.getValue()), e.getKey() + " found in " + file);
        }
    }

    private static void assertFindings(Database db) throws Exception {
        Set<String> definite = new HashSet<>();
        Set<String> candidate = new HashSet<>();
        for (var row : StoreSql.rows(db, "SELECT rule, tier, location, message_ordinal, start_offset, end_offset"
                + " FROM secret_findings")) {
            String location = (String) row.get("location");
            (row.get("tier").equals("definite") ? definite : candidate).add((String) row.get("rule"));
            assertTrue(location.matches("message \\d+ (text|tool_input)"), location);
            assertTrue(location.startsWith("message " + row.get("message_ordinal") + " "));
            assertTrue(((Number) row.get("end_offset")).intValue() >= ((Number) row.get("start_offset")).intValue());
        }
        assertTrue(SecretScanner.ruleNames().containsAll(definite), definite.toString());
        assertTrue(definite.containsAll(Set.of("aws_access_key_id", "anthropic_api_key", "openai_api_key",
                "github_token", "gitlab_token", "slack_token", "stripe_key", "gcp_api_key", "npm_token", "pypi_token",
                "huggingface_token", "sendgrid_api_key", "private_key", "authorization", "secret_assignment",
                "url_credentials")), definite.toString());
        assertEquals(Set.of("jwt", "high_entropy_assignment"), candidate);
    }
}
