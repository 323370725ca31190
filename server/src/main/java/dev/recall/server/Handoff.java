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
 *
 * <p>The launchers' own client (curl from bash, no JVM) speaks a text framing of the same handover on
 * {@link #SHELL_PATH} ({@link Shell}): lengths in decimal, fields and frames each on a line of their own, so a shell
 * reads and writes it with parameter expansions alone.
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
    /** The launchers' route: the same handover, framed as text for a shell ({@link Shell}). */
    public static final String SHELL_PATH = "/api/v1/cli/run/shell";
    public static final String SHELL_CONTENT_TYPE = "application/x-recall-handoff-shell";

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
        public static boolean validRequestId(String id) {
            if (id == null || id.isEmpty() || id.length() > MAX_REQUEST_ID_CHARS) {
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
        /** The command's exit code, once it has run. */
        int exitCode;

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

        /**
         * The answer in the shell's framing ({@link Shell}), adjacent frames of one stream joined (a shell cuts each
         * frame out of the whole answer, so their number must stay small); null when the output holds a NUL byte,
         * which a shell variable cannot hold.
         */
        byte[] shellAnswer(int exitCode) {
            byte[] all;
            synchronized (frames) {
                all = frames.toByteArray();
            }
            ByteBuffer in = ByteBuffer.wrap(all);
            ByteArrayOutputStream out = new ByteArrayOutputStream(all.length + 64);
            out.writeBytes(Shell.MAGIC);
            ByteArrayOutputStream run = new ByteArrayOutputStream();
            int runId = 0;
            while (in.remaining() >= 5) {
                int id = in.get();
                int n = in.getInt();
                if (id != runId && run.size() > 0) {
                    Shell.frame(out, runId, run.toByteArray());
                    run.reset();
                }
                runId = id;
                for (int i = 0; i < n; i++) {
                    byte b = in.get();
                    if (b == 0) {
                        return null;
                    }
                    run.write(b);
                }
            }
            if (run.size() > 0) {
                Shell.frame(out, runId, run.toByteArray());
            }
            out.writeBytes(("0 " + exitCode + "\n").getBytes(StandardCharsets.US_ASCII));
            return out.toByteArray();
        }
    }

    /**
     * The handover's text framing for the launchers' shell client ({@link #SHELL_PATH}). Both ways it begins with the
     * line {@code recall-shell 1}; then each field or frame is a line {@code NAME LENGTH} (the length in bytes, in
     * decimal), the bytes themselves and a newline. The request's fields: {@code cwd}, {@code data_dir} (as the
     * client resolved it), {@code terminal} ({@code 1} or {@code 0}), {@code request_id} (optional), then one
     * {@code arg} per argument and one {@code env} ({@code NAME=value}) per exported variable, in the daemon's
     * platform encoding as the JVM would decode them; one newline more at the end is allowed (a here-string adds it).
     * Locales and output charsets are not sent: the daemon answers only a client whose locale variables select what
     * its own select (see {@code HandoffRoute}), and encodes with its own. The answer: frames {@code 1} (stdout) and
     * {@code 2} (stderr) in the order the command wrote them, then the line {@code 0 EXIT_CODE}.
     */
    public static final class Shell {
        static final byte[] MAGIC = "recall-shell 1\n".getBytes(StandardCharsets.US_ASCII);
        private static final java.util.Set<String> SINGLE = java.util.Set.of("cwd", "data_dir", "terminal",
                "request_id");

        private Shell() {}

        static void frame(ByteArrayOutputStream out, int id, byte[] bytes) {
            out.writeBytes((id + " " + bytes.length + "\n").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(bytes);
            out.write('\n');
        }

        /** A request's fields as sent: name to values, in order. IllegalArgumentException names what is wrong. */
        public static Map<String, List<String>> decode(byte[] body, Charset charset) {
            if (body.length < MAGIC.length || !java.util.Arrays.equals(body, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
                throw new IllegalArgumentException("the request does not begin with 'recall-shell 1'");
            }
            java.nio.charset.CharsetDecoder decoder = charset.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
            Map<String, List<String>> fields = new LinkedHashMap<>();
            int at = MAGIC.length;
            while (at < body.length && !(at == body.length - 1 && body[at] == '\n')) {
                int eol = at;
                while (eol < body.length && body[eol] != '\n') {
                    eol++;
                }
                if (eol == body.length) {
                    throw new IllegalArgumentException("a field's line has no end");
                }
                String head = new String(body, at, eol - at, StandardCharsets.US_ASCII);
                int space = head.indexOf(' ');
                if (space <= 0 || !head.substring(space + 1).matches("[0-9]{1,10}")) {
                    throw new IllegalArgumentException("not a field's line: '" + head + "'");
                }
                String name = head.substring(0, space);
                long n = Long.parseLong(head.substring(space + 1));
                int start = eol + 1;
                if (n > body.length - start - 1 || body[start + (int) n] != '\n') {
                    throw new IllegalArgumentException("field '" + name + "' is cut off");
                }
                String value;
                try {
                    value = decoder.decode(ByteBuffer.wrap(body, start, (int) n)).toString();
                } catch (java.nio.charset.CharacterCodingException e) {
                    throw new IllegalArgumentException("field '" + name + "' is not " + charset.name()
                            + " text, as the JVM would read it");
                }
                if (!name.equals("arg") && !name.equals("env") && !SINGLE.contains(name)) {
                    throw new IllegalArgumentException("unknown field '" + name + "'");
                }
                List<String> values = fields.computeIfAbsent(name, k -> new ArrayList<>());
                if (SINGLE.contains(name) && !values.isEmpty()) {
                    throw new IllegalArgumentException("field '" + name + "' given twice");
                }
                values.add(value);
                at = start + (int) n + 1;
            }
            return fields;
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
