package dev.recall.index;

import dev.recall.store.GenerationState;
import dev.recall.freshness.Staleness;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import dev.recall.store.Database;
import dev.recall.store.StoreException;
import dev.recall.store.StoreIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Checks a data dir without changing it: who may read it, whether SQLite finds the store whole, whether each
 * derived index opens and passes Lucene's integrity check, whether each generation's index is its own, and what
 * disk no generation needs. Each finding says what to do.
 */
public final class Checkup {
    /** One thing checked: fine, or a problem with the command or step that fixes it. */
    public record Finding(String area, boolean ok, String what, String fix) {}

    private static final Set<PosixFilePermission> OTHERS = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private final Database db;
    private final Path dataDir;

    public Checkup(Database db, Path dataDir) {
        this.db = db;
        this.dataDir = dataDir;
    }

    public List<Finding> run() {
        List<Finding> out = new ArrayList<>();
        permissions(out);
        store(out);
        lexical(out);
        generations(out);
        disk(out);
        return out;
    }

    private void permissions(List<Finding> out) {
        List<String> open = new ArrayList<>();
        for (Path p : List.of(dataDir, dataDir.resolve(Database.FILE_NAME))) {
            try {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
                if (mode.stream().anyMatch(OTHERS::contains)) {
                    open.add(p + " is " + PosixFilePermissions.toString(mode));
                }
            } catch (IOException | UnsupportedOperationException e) {
                // not a POSIX file system: nothing to say
            }
        }
        out.add(open.isEmpty()
                ? new Finding("permissions", true, "the data dir and store are the owner's alone", null)
                : new Finding("permissions", false, String.join("; ", open) + ": other users may read transcripts",
                        "chmod 700 " + dataDir + " && chmod 600 " + dataDir.resolve(Database.FILE_NAME) + "*"));
    }

    private void store(List<Finding> out) {
        try {
            List<String> rows = db.check("integrity_check");
            out.add(rows.equals(List.of("ok"))
                    ? new Finding("store", true, "integrity_check ok (" + db.file() + ")", null)
                    : new Finding("store", false, db.file() + " is damaged: " + rows.getFirst()
                            + (rows.size() > 1 ? " (and " + (rows.size() - 1) + " more)" : ""),
                            "recall refuses to write into it; restore a backup, or recover what SQLite can read with"
                                    + " `sqlite3 recall.db .recover | sqlite3 recovered.db` and use that file"));
        } catch (StoreException e) {
            out.add(new Finding("store", false, db.file() + " cannot be checked: " + e.getMessage(),
                    "restore a backup of recall.db"));
        }
    }

    private void lexical(List<Finding> out) {
        Path dir = dataDir.resolve("index").resolve("lexical");
        if (!Files.isDirectory(dir)) {
            out.add(new Finding("lexical index", true, "not built yet; the next query builds it", null));
            return;
        }
        String problem = luceneProblem(dir);
        out.add(problem == null ? new Finding("lexical index", true, "passes Lucene's check (" + dir + ")", null)
                : new Finding("lexical index", false, dir + ": " + problem, "recall index rebuild"));
    }

    private void generations(List<Finding> out) {
        GenerationCheck check = new GenerationCheck(new StoreIdentity(db).id());
        VectorGenerations generations = new VectorGenerations(db);
        for (String store : List.of(VectorGenerations.RECALL, VectorGenerations.SESSIONS)) {
            for (VectorGeneration g : generations.list(store)) {
                String area = "vectors (" + store + ", generation " + g.id() + ")";
                if (g.state() == GenerationState.BUILDING) {
                    out.add(new Finding(area, false, "an interrupted build",
                            "recall embeddings build --store " + store + " (finishes it)"));
                } else if (g.state() == GenerationState.ACTIVE) {
                    Staleness verdict = check.inspect(g);
                    String deep = verdict.fresh() ? luceneProblem(g.indexPath()) : null;
                    if (verdict.fresh() && deep == null) {
                        out.add(new Finding(area, true, "active; its index is its own, whole, with " + g.vectorCount()
                                + " vectors", null));
                    } else {
                        out.add(new Finding(area, false, deep == null ? verdict.message()
                                : g.indexPath() + ": " + deep, "recall embeddings build --store " + store));
                    }
                }
            }
        }
    }

    private void disk(List<Finding> out) {
        GenerationFiles.Sweep unused = new GenerationFiles(new VectorGenerations(db), dataDir.resolve("vectors")).unused();
        out.add(unused.dirs().isEmpty() ? new Finding("disk", true, "no unused generation dirs", null)
                : new Finding("disk", false, unused.dirs().size() + " generation dir" + (unused.dirs().size() == 1 ? ""
                        : "s") + " no generation needs (" + unused.bytes() / 1024 + " KiB)", "recall doctor --gc"));
    }

    /** What Lucene finds wrong with the index in {@code dir}, or null. */
    private static String luceneProblem(Path dir) {
        try (Directory d = FSDirectory.open(dir)) {
            if (!DirectoryReader.indexExists(d)) {
                return "holds no index";
            }
            try (CheckIndex checker = new CheckIndex(d)) {
                checker.setLevel(CheckIndex.Level.MIN_LEVEL_FOR_INTEGRITY_CHECKS);
                CheckIndex.Status status = checker.checkIndex();
                return status.clean ? null : "fails Lucene's check (" + status.numBadSegments + " bad segment"
                        + (status.numBadSegments == 1 ? "" : "s") + ")";
            } catch (LockObtainFailedException e) {
                return null; // another recall process is writing it; it is in use, not damaged
            }
        } catch (IOException | RuntimeException e) {
            String m = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            return "unreadable (" + (m.length() > 160 ? m.substring(0, 160) + "..." : m) + ")";
        }
    }
}
