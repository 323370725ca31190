package dev.recall.extract;

import dev.recall.store.Database;
import dev.recall.store.ProposedEntry;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Proof that a change meant only to make the extractor cheaper leaves what it proposes exactly as it was: for every
 * set (the sample data, both halves, and each held-out set) the extractor's candidates (every field, confidence and
 * anchors included) and the entries {@link Anchoring#plan} makes of them (ids, texts, evidence ranges, snippets and
 * digests) are written one per line to {@code <dir>/<set>.txt}, with facts on and off, and {@code <dir>/digest.txt}
 * holds a SHA-256 and a count per set. Compare two runs' digest.txt (or the files, with {@code cmp}); the files hold
 * test-half proposals, so they are compared, never read. Run on demand:
 * {@code ./mvnw -B -q verify -pl extract -am -Dtest=ProposalDigest -Dsurefire.failIfNoSpecifiedTests=false
 * -Drecall.digest=/tmp/digest-main}
 */
@EnabledIfSystemProperty(named = "recall.digest", matches = ".+")
class ProposalDigest {

    @Test
    void writeEverySetsProposals() throws Exception {
        Path out = Path.of(System.getProperty("recall.digest"));
        Files.createDirectories(out);
        StringBuilder digest = new StringBuilder();
        try (Database db = Database.open(Files.createTempDirectory("digest"))) {
            SampleCorpus.load(db);
            digest.append(write(db, out, "sample"));
        }
        for (HeldOutSet set : HeldOutSet.ALL) {
            try (Database db = Database.open(Files.createTempDirectory("digest"))) {
                set.load(db);
                digest.append(write(db, out, set.name()));
            }
        }
        Files.writeString(out.resolve("digest.txt"), digest.toString());
        System.out.println("proposal digests written to " + out.resolve("digest.txt"));
    }

    private static String write(Database db, Path out, String set) throws Exception {
        Sessions sessions = new Sessions(db);
        ExtractConfig config = ExtractConfig.local();
        Fingerprint fp = Fingerprint.of(config);
        List<Session> all = new ArrayList<>(sessions.list(null, 100_000));
        all.sort(Comparator.comparing(Session::id));
        StringBuilder b = new StringBuilder();
        int entries = 0;
        for (int maxFacts : new int[] {config.maxFactsPerSession(), 0}) {
            LocalExtractor extractor = new LocalExtractor(maxFacts);
            for (Session s : all) {
                var messages = sessions.messages(s.id());
                List<Candidate> candidates = extractor.extract(s, messages);
                for (Candidate c : candidates) {
                    b.append("candidate ").append(maxFacts).append(' ').append(s.id()).append(' ').append(c)
                            .append('\n');
                }
                for (ProposedEntry p : Anchoring.plan(fp, s, messages, candidates, java.time.Instant.EPOCH)
                        .entries()) {
                    b.append("entry ").append(maxFacts).append(' ').append(p).append('\n');
                    entries++;
                }
            }
        }
        byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
        Files.write(out.resolve(set + ".txt"), bytes);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        return set + " " + entries + " " + sha + "\n";
    }
}
