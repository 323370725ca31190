package dev.recall.server;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Watches the agents' transcript directories and calls back on any change below them. The JDK's WatchService is
 * not recursive, so every directory is registered, new ones as they appear; a root that does not exist yet is
 * picked up by {@link #rescan()}, which the sync scheduler's periodic backstop calls.
 */
final class TranscriptWatcher implements AutoCloseable {
    private static final int MAX_DEPTH = 8;

    private final List<Path> roots;
    private final Runnable onChange;
    private final Consumer<String> log;
    private final WatchService watch;
    private final Set<Path> registered = new HashSet<>();
    private final Thread thread;

    TranscriptWatcher(List<Path> roots, Runnable onChange, Consumer<String> log) {
        this.roots = roots;
        this.onChange = onChange;
        this.log = log;
        try {
            this.watch = FileSystems.getDefault().newWatchService();
        } catch (IOException e) {
            throw new IllegalStateException("cannot watch transcript directories: " + e.getMessage(), e);
        }
        rescan();
        this.thread = new Thread(this::loop, "recall-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Registers every directory under the roots not watched yet. */
    synchronized void rescan() {
        for (Path root : roots) {
            if (Files.isDirectory(root)) {
                registerTree(root);
            }
        }
    }

    synchronized int watchedDirectories() {
        return registered.size();
    }

    private void registerTree(Path dir) {
        try {
            Files.walkFileTree(dir, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    register(d);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            log.accept("cannot watch " + dir + ": " + e.getMessage());
        }
    }

    private void register(Path d) {
        if (registered.contains(d)) {
            return;
        }
        try {
            d.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
            registered.add(d);
        } catch (IOException e) {
            log.accept("cannot watch " + d + ": " + e.getMessage());
        }
    }

    private void loop() {
        while (true) {
            WatchKey key;
            try {
                key = watch.take();
            } catch (InterruptedException | ClosedWatchServiceException e) {
                return;
            }
            Path dir = (Path) key.watchable();
            for (WatchEvent<?> event : key.pollEvents()) {
                if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && event.context() instanceof Path name) {
                    Path child = dir.resolve(name);
                    if (Files.isDirectory(child)) {
                        synchronized (this) {
                            registerTree(child);
                        }
                    }
                }
            }
            if (!key.reset()) {
                synchronized (this) {
                    registered.remove(dir);
                }
            }
            onChange.run();
        }
    }

    @Override
    public void close() {
        try {
            watch.close();
        } catch (IOException e) {
            log.accept("closing the transcript watcher: " + e.getMessage());
        }
        thread.interrupt();
    }
}
