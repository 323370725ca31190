package dev.recall.index;

import dev.recall.store.GenerationState;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The generation directories on disk, and which of them no generation needs: those of retired generations and
 * those no generation row names (a deleted row, a build whose row never committed). Active and building
 * generations are never touched, so an interrupted build can still resume.
 */
public final class GenerationFiles {
    /** What a sweep removed (or would remove). */
    public record Sweep(List<Path> dirs, long bytes) {}

    private final VectorGenerations generations;
    private final Path vectorsDir;

    public GenerationFiles(VectorGenerations generations, Path vectorsDir) {
        this.generations = generations;
        this.vectorsDir = vectorsDir;
    }

    /** The directories no active or building generation uses, with their size. */
    public Sweep unused() {
        // Directories are listed before the rows are read: a build inserts its row before it creates its
        // directory, so a directory that is not yet listed cannot be mistaken for an orphan.
        List<Path> dirs = new ArrayList<>();
        for (String store : List.of(VectorGenerations.RECALL, VectorGenerations.SESSIONS)) {
            Path root = vectorsDir.resolve(store);
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> children = Files.list(root)) {
                children.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith("gen-"))
                        .forEach(dirs::add);
            } catch (IOException e) {
                throw new IndexException("cannot list " + root + ": " + e.getMessage(), e);
            }
        }
        Set<Path> needed = new HashSet<>();
        for (String store : List.of(VectorGenerations.RECALL, VectorGenerations.SESSIONS)) {
            for (VectorGeneration g : generations.list(store)) {
                if (g.state() != GenerationState.RETIRED) {
                    needed.add(g.indexPath().toAbsolutePath().normalize());
                }
            }
        }
        List<Path> unused = dirs.stream().filter(d -> !needed.contains(d.toAbsolutePath().normalize())).sorted().toList();
        return new Sweep(unused, unused.stream().mapToLong(GenerationFiles::size).sum());
    }

    /** Deletes what {@link #unused} finds. */
    public Sweep reclaim() {
        Sweep sweep = unused();
        for (Path dir : sweep.dirs()) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                throw new IndexException("cannot delete unused generation dir " + dir + ": " + e.getMessage(), e);
            }
        }
        return sweep;
    }

    private static long size(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            return 0;
        }
    }
}
