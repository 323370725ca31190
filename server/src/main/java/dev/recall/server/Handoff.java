package dev.recall.server;

import dev.recall.service.RecallService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A read command handed over by the light client (the jar's entry point, a fresh JVM) to the daemon serving the
 * data dir, which runs the real command line on one of its readers and sends back what it printed and its exit
 * code: the output is the command's own by construction, and the client never starts picocli or Jackson.
 *
 * <p>The wire format is plain bytes both ways, so the client needs no JSON library. The request: UTF-8 fields
 * {@code name=value}, each ended by a NUL (no argument, path or environment entry can hold one). The answer: frames
 * of one byte (1 stdout, 2 stderr), a four-byte length and the bytes, in the order the command flushed them, then a
 * frame 0 whose four bytes are the exit code.
 */
public final class Handoff {
    public static final String PATH = "/api/v1/cli/run";
    public static final String CONTENT_TYPE = "application/x-recall-handoff";
    /** Raised when the request's format changes: a daemon of another build refuses it and the client runs in-process. */
    static final String PROTOCOL = "1";
    private static final int STDOUT = 1;
    private static final int STDERR = 2;
    private static final int EXIT = 0;
    private static final Path PROC_SELF = Path.of("/proc/self");

    private Handoff() {}

    /**
     * One command line as the client would have run it: its arguments, working directory, the data dir it resolved,
     * its environment, whether it writes to a terminal, its locales (formatting follows them), the charsets of its
     * stdout and stderr, and the id the client gave this invocation (null: none). The client keeps the id when it
     * runs the command in-process after a handover that did not come back whole, so a query the daemon recorded
     * before it died is not recorded twice (the ledger keeps one event per id).
     */
    public record Invocation(List<String> args, Path workingDir, Path dataDir, Map<String, String> env,
            boolean terminal, String locale, String formatLocale, Charset stdout, Charset stderr, String requestId) {
        /** The longest request id (the ledger's and the HTTP header's limit too). */
        static final int MAX_REQUEST_ID_CHARS = 128;

        public Invocation {
            args = List.copyOf(args);
            env = Map.copyOf(env);
            if (requestId != null && !validRequestId(requestId)) {
                throw new IllegalArgumentException("request_id: 1 to " + MAX_REQUEST_ID_CHARS
                        + " printable ASCII characters without spaces, not '" + requestId + "'");
            }
        }

        /** Whether a request id is 1 to 128 printable ASCII characters without spaces. */
        static boolean validRequestId(String id) {
            if (id.isEmpty() || id.length() > MAX_REQUEST_ID_CHARS) {
                return false;
            }
            for (int i = 0; i < id.length(); i++) {
                if (id.charAt(i) <= 0x20 || id.charAt(i) >= 0x7f) {
                    return false;
                }
            }
            return true;
        }

        /**
         * A fresh id for an invocation of this process: its pid, the wall clock in milliseconds and the monotonic
         * clock in nanoseconds (two invocations share one only if one pid reads both clocks the same twice).
         * Not a UUID: SecureRandom's set-up costs a cold client more than the rest of its id, as ProcessHandle's
         * does where /proc tells the pid.
         */
        public static String newRequestId() {
            String pid;
            try {
                pid = Files.readSymbolicLink(PROC_SELF).getFileName().toString();
            } catch (IOException | UnsupportedOperationException e) {
                pid = Long.toString(ProcessHandle.current().pid());
            }
            return new StringBuilder(48).append(pid).append('-')
                    .append(Long.toHexString(System.currentTimeMillis())).append('-')
                    .append(Long.toHexString(System.nanoTime())).toString();
        }

        public byte[] encode() {
            StringBuilder b = new StringBuilder(4096);
            field(b, "protocol", PROTOCOL);
            field(b, "cwd", workingDir.toString());
            field(b, "data_dir", dataDir.toString());
            field(b, "terminal", terminal ? "1" : "0");
            field(b, "locale", locale);
            field(b, "format_locale", formatLocale);
            field(b, "stdout", stdout.name());
            field(b, "stderr", stderr.name());
            if (requestId != null) {
                field(b, "request_id", requestId);
            }
            // loops, not lambdas: each lambda's first use costs a cold JVM its bootstrap
            for (String a : args) {
                field(b, "arg", a);
            }
            for (Map.Entry<String, String> e : env.entrySet()) {
                field(b, "env", new StringBuilder(e.getKey()).append('=').append(e.getValue()).toString());
            }
            return b.toString().getBytes(StandardCharsets.UTF_8);
        }

        private static void field(StringBuilder b, String name, String value) {
            if (value.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("a field holds a NUL character: " + name);
            }
            b.append(name).append('=').append(value).append('\0');
        }

        /** The request as sent; IllegalArgumentException names what is wrong with it. */
        public static Invocation decode(byte[] body) {
            String text = new String(body, StandardCharsets.UTF_8);
            if (!text.isEmpty() && !text.endsWith("\0")) {
                throw new IllegalArgumentException("the last field is not ended by a NUL");
            }
            Map<String, String> single = new LinkedHashMap<>();
            List<String> args = new ArrayList<>();
            Map<String, String> env = new LinkedHashMap<>();
            for (String f : text.isEmpty() ? new String[0] : text.substring(0, text.length() - 1).split("\0", -1)) {
                int eq = f.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("a field is not name=value: '" + f + "'");
                }
                String name = f.substring(0, eq);
                String value = f.substring(eq + 1);
                switch (name) {
                    case "arg" -> args.add(value);
                    case "env" -> {
                        int e = value.indexOf('=');
                        if (e <= 0) {
                            throw new IllegalArgumentException("an environment entry is not NAME=value: '" + value + "'");
                        }
                        env.put(value.substring(0, e), value.substring(e + 1));
                    }
                    case "protocol", "cwd", "data_dir", "terminal", "locale", "format_locale", "stdout", "stderr",
                            "request_id" -> {
                        if (single.put(name, value) != null) {
                            throw new IllegalArgumentException("field '" + name + "' given twice");
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown field '" + name + "'");
                }
            }
            if (!PROTOCOL.equals(single.get("protocol"))) {
                throw new IllegalArgumentException("protocol " + single.get("protocol") + " is not this daemon's ("
                        + PROTOCOL + ")");
            }
            Path cwd = absolute(single, "cwd");
            Path dataDir = absolute(single, "data_dir");
            return new Invocation(args, cwd, dataDir, env, "1".equals(required(single, "terminal")),
                    required(single, "locale"), required(single, "format_locale"), charset(single, "stdout"),
                    charset(single, "stderr"), single.get("request_id"));
        }

        private static String required(Map<String, String> fields, String name) {
            String v = fields.get(name);
            if (v == null) {
                throw new IllegalArgumentException("field '" + name + "' is missing");
            }
            return v;
        }

        private static Path absolute(Map<String, String> fields, String name) {
            Path p;
            try {
                p = Path.of(required(fields, name));
            } catch (java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException(name + " is not a path: " + e.getMessage());
            }
            if (!p.isAbsolute()) {
                throw new IllegalArgumentException(name + " is not an absolute path: '" + p + "'");
            }
            return p.normalize();
        }

        private static Charset charset(Map<String, String> fields, String name) {
            try {
                return Charset.forName(required(fields, name));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": unknown charset '" + fields.get(name) + "'");
            }
        }
    }

    /** Raised by a {@link Runner} for a command line the daemon does not run for a client: nothing has run. */
    public static final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message);
        }
    }

    /** Runs a handed-over command line: the CLI's own code, given by `recall serve` (the server has no CLI). */
    @FunctionalInterface
    public interface Runner {
        /** The command's exit code; what it prints goes to {@code capture}. Throws {@link Refused} before running. */
        int run(Invocation invocation, RecallService service, Capture capture);
    }

    /** What a command printed, frame by frame in the order it was flushed. */
    public static final class Capture {
        private final ByteArrayOutputStream frames = new ByteArrayOutputStream();

        public OutputStream stdout() {
            return stream(STDOUT);
        }

        public OutputStream stderr() {
            return stream(STDERR);
        }

        private OutputStream stream(int id) {
            return new OutputStream() {
                @Override
                public void write(int b) {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    if (len > 0) {
                        synchronized (frames) {
                            frame(id, len);
                            frames.write(b, off, len);
                        }
                    }
                }
            };
        }

        private void frame(int id, int length) {
            frames.write(id);
            frames.writeBytes(ByteBuffer.allocate(4).putInt(length).array());
        }

        /** The answer's body: the frames, then the exit code. */
        byte[] answer(int exitCode) {
            synchronized (frames) {
                frame(EXIT, exitCode);
                return frames.toByteArray();
            }
        }
    }

    /** The daemon's answer as the client reads it. */
    public record Answer(List<Frame> frames, int exitCode) {
        public record Frame(boolean stderr, byte[] bytes) {}

        /** IllegalArgumentException when the body is not a whole answer (cut off, or not one). */
        public static Answer decode(byte[] body) {
            ByteBuffer in = ByteBuffer.wrap(body);
            List<Frame> frames = new ArrayList<>();
            while (in.remaining() >= 5) {
                int id = in.get();
                int n = in.getInt();
                if (id == EXIT) {
                    if (in.hasRemaining()) {
                        throw new IllegalArgumentException("bytes after the exit code");
                    }
                    return new Answer(frames, n);
                }
                if ((id != STDOUT && id != STDERR) || n < 0 || n > in.remaining()) {
                    throw new IllegalArgumentException("a damaged frame (stream " + id + ", " + n + " bytes)");
                }
                byte[] bytes = new byte[n];
                in.get(bytes);
                frames.add(new Frame(id == STDERR, bytes));
            }
            throw new IllegalArgumentException("the answer ends without an exit code");
        }

        /** Writes the frames to the client's own streams, in their order. */
        public void replay(OutputStream out, OutputStream err) throws IOException {
            for (Frame f : frames) {
                OutputStream to = f.stderr() ? err : out;
                to.write(f.bytes());
                to.flush();
            }
            out.flush();
            err.flush();
        }
    }
}
