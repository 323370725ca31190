package dev.recall.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class VectorQueryTextTest {

    @Test
    void eachIdentifierIsFollowedByItsWords() {
        assertEquals("pnpm fails with ERR_PNPM_OUTDATED_LOCKFILE (err pnpm outdated lockfile) in CI",
                VectorQueryText.of("pnpm fails with ERR_PNPM_OUTDATED_LOCKFILE in CI"));
        assertEquals("why does parseConfigFile (parse config file) throw?",
                VectorQueryText.of("why does parseConfigFile throw?"));
        assertEquals("src/main/App.java (src main app java)", VectorQueryText.of("src/main/App.java"));
    }

    @Test
    void plainEnglishIsLeftAsTyped() {
        String text = "the setup script breaks on a brand-new macbook";
        assertEquals(text, VectorQueryText.of(text));
    }

    @Test
    void namesSplitAtCaseChangesAndSeparators() {
        assertEquals(List.of("http", "server", "config"), VectorQueryText.words("HTTPServerConfig"));
        assertEquals(List.of("max", "retries", "2"), VectorQueryText.words("max_retries_2"));
        assertEquals(List.of("no", "verify"), VectorQueryText.words("--no-verify"));
    }
}
