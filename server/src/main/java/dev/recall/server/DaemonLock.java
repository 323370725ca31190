package dev.recall.server;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalLong;

/**
 * One daemon per data dir: {@code <data>/serve.lock}, locked by the daemon for its whole life, and
 * {@code <data>/serve.pid} naming it. The OS releases the lock when the process dies however it dies (kill -9
 * included), so a leftover pid file never blocks the next start. Two files, because POSIX drops a process's lock
 * when any descriptor of the locked file is closed: the pid is read from a file nobody locks.
 */
public final class DaemonLock implements AutoCloseable {
    public static final String LOCK_FILE = "serve.lock";
    public static final String PID_FILE = "serve.pid";

    private final Path pidFile;
    private final FileChannel channel;
    private final FileLock lock;

    private DaemonLock(Path pidFile, FileChannel channel, FileLock lock) {
        this.pidFile = pidFile;
        this.channel = channel;
        this.lock = lock;
    }

    /** Thrown when another process holds the data dir. */
    public static final class HeldException extends RuntimeException {
        private final long pid;

        HeldException(Path dataDir, long pid) {
            super("another recall daemon (pid " + (pid > 0 ? Long.toString(pid) : "unknown") + ") already serves "
                    + dataDir + "; stop it with `recall serve --stop`");
            this.pid = pid;
        }

        public long pid() {
            return pid;
        }
    }

    /** Takes the lock and writes this process's pid, or says which pid holds it. */
    public static DaemonLock acquire(Path dataDir) {
        Path lockFile = dataDir.resolve(LOCK_FILE);
        Path pidFile = dataDir.resolve(PID_FILE);
        try {
            Files.createDirectories(dataDir);
            FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new HeldException(dataDir, pidIn(pidFile).orElse(-1));
            }
            Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
            return new DaemonLock(pidFile, channel, lock);
        } catch (IOException e) {
            throw new IllegalStateException("cannot lock " + lockFile + ": " + e.getMessage(), e);
        }
    }

    /** The pid of the live daemon that last took the data dir, if it is still running. */
    public static OptionalLong holder(Path dataDir) {
        OptionalLong pid = pidIn(dataDir.resolve(PID_FILE));
        if (pid.isPresent() && ProcessHandle.of(pid.getAsLong()).map(ProcessHandle::isAlive).orElse(false)) {
            return pid;
        }
        return OptionalLong.empty();
    }

    private static OptionalLong pidIn(Path pidFile) {
        try {
            String text = Files.readString(pidFile).strip();
            return text.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    @Override
    public void close() {
        try {
            // Removed before release: a pid left behind would name a process that no longer serves.
            Files.deleteIfExists(pidFile);
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new IllegalStateException("cannot release the daemon lock: " + e.getMessage(), e);
        }
    }
}
