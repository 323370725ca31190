package dev.recall.index;

import dev.recall.store.GenerationState;
import dev.recall.freshness.Staleness;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import dev.recall.store.Database;
import dev.recall.store.EntryDigests;
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
    /**
     * One thing checked: fine (no remedy), or a problem with the remedy that fixes it; {@code subject} is what the
     * remedy acts on (a store name for the vector remedies). Each surface words the remedy.
     */
    public record Finding(String area, boolean ok, String what, Remedy remedy, String subject) {
        static Finding fine(String area, String what) {
            return new Finding(area, true, what, null, null);
        }

        static Finding problem(String area, String what, Remedy remedy) {
            return new Finding(area, false, what, remedy, null);
        }
    }

    /** What fixes a problem the checkup found. */
    public enum Remedy {
        /** Take group and other permissions off the data dir and the store files. */
        RESTRICT_PERMISSIONS,
        /** The store is damaged (recall refuses to write into it): restore a backup or recover what SQLite reads. */
        RECOVER_STORE,
        /** The store cannot be checked at all: restore a backup. */
        RESTORE_BACKUP,
        /** Entry text changed outside recall: look at those entries, then rebuild the indexes from their text. */
        REBUILD_FROM_CHANGED_TEXT,
        /** Rebuild the lexical index from the store. */
        REBUILD_LEXICAL,
        /** Finish an interrupted vector build of {@code subject}'s store. */
        FINISH_VECTOR_BUILD,
        /** Rebuild the vectors of {@code subject}'s store. */
        REBUILD_VECTORS,
        /** Delete the generation dirs no generation needs. */
        COLLECT_UNUSED
    }

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
        entries(out);
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
                ? Finding.fine("permissions", "the data dir and store are the owner's alone")
                : Finding.problem("permissions", String.join("; ", open) + ": other users may read transcripts",
                        Remedy.RESTRICT_PERMISSIONS));
    }

    private void store(List<Finding> out) {
        try {
            List<String> rows = db.check("integrity_check");
            out.add(rows.equals(List.of("ok"))
                    ? Finding.fine("store", "integrity_check ok (" + db.file() + ")")
                    : Finding.problem("store", db.file() + " is damaged: " + rows.getFirst()
                            + (rows.size() > 1 ? " (and " + (rows.size() - 1) + " more)" : ""), Remedy.RECOVER_STORE));
        } catch (StoreException e) {
            out.add(Finding.problem("store", db.file() + " cannot be checked: " + e.getMessage(),
                    Remedy.RESTORE_BACKUP));
        }
    }

    /** Entries whose text no longer matches the digest recall stamped when it wrote them. */
    private void entries(List<Finding> out) {
        EntryDigests digests = new EntryDigests(db);
        List<EntryDigests.Mismatch> bad = digests.verify();
        if (bad.isEmpty()) {
            out.add(Finding.fine("entries", "the text of all " + digests.count() + " entries matches its digest"));
            return;
        }
        long unstamped = bad.stream().filter(EntryDigests.Mismatch::unstamped).count();
        List<String> ids = bad.stream().limit(5).map(EntryDigests.Mismatch::entryId).toList();
        out.add(Finding.problem("entries", bad.size() + " entr" + (bad.size() == 1 ? "y's" : "ies'") + " text"
                + " changed outside recall" + (unstamped > 0 ? " (" + unstamped + " without a digest)" : "") + ": "
                + String.join(", ", ids) + (bad.size() > ids.size() ? ", ..." : "")
                + "; the indexes may not reflect it", Remedy.REBUILD_FROM_CHANGED_TEXT));
    }

    private void lexical(List<Finding> out) {
        Path dir = dataDir.resolve("index").resolve("lexical");
        if (!Files.isDirectory(dir)) {
            out.add(Finding.fine("lexical index", "not built yet; the next query builds it"));
            return;
        }
        String problem = luceneProblem(dir);
        out.add(problem == null ? Finding.fine("lexical index", "passes Lucene's check (" + dir + ")")
                : Finding.problem("lexical index", dir + ": " + problem, Remedy.REBUILD_LEXICAL));
    }

    private void generations(List<Finding> out) {
        GenerationCheck check = new GenerationCheck(new StoreIdentity(db).id());
        VectorGenerations generations = new VectorGenerations(db);
        for (String store : List.of(VectorGenerations.RECALL, VectorGenerations.SESSIONS)) {
            for (VectorGeneration g : generations.list(store)) {
                String area = "vectors (" + store + ", generation " + g.id() + ")";
                if (g.state() == GenerationState.BUILDING) {
                    out.add(new Finding(area, false, "an interrupted build", Remedy.FINISH_VECTOR_BUILD, store));
                } else if (g.state() == GenerationState.ACTIVE) {
                    Staleness verdict = check.inspect(g);
                    String deep = verdict.fresh() ? luceneProblem(g.indexPath()) : null;
                    if (verdict.fresh() && deep == null) {
                        out.add(Finding.fine(area, "active; its index is its own, whole, with " + g.vectorCount()
                                + " vectors"));
                    } else {
                        out.add(new Finding(area, false, deep == null ? verdict.message()
                                : g.indexPath() + ": " + deep, Remedy.REBUILD_VECTORS, store));
                    }
                }
            }
        }
    }

    private void disk(List<Finding> out) {
        GenerationFiles.Sweep unused = new GenerationFiles(new VectorGenerations(db), dataDir.resolve("vectors")).unused();
        out.add(unused.dirs().isEmpty() ? Finding.fine("disk", "no unused generation dirs")
                : Finding.problem("disk", unused.dirs().size() + " generation dir" + (unused.dirs().size() == 1 ? ""
                        : "s") + " no generation needs (" + unused.bytes() / 1024 + " KiB)", Remedy.COLLECT_UNUSED));
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
