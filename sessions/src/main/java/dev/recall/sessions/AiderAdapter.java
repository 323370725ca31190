package dev.recall.sessions;

import dev.recall.store.Digests;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Aider: {@code .aider.chat.history.md} in the root of each repository it ran in, one Markdown file that every run
 * appends to. A run starts with {@code # aider chat started at YYYY-MM-DD HH:MM:SS} (local time, no zone; read as
 * UTC); the user's lines are {@code #### }, aider's tool and edit output is quoted ({@code > }), anything else is the
 * model's answer; quoted lines before the first prompt are the start-up banner, read only for the model it names.
 * Each run is a session; its id digests the file's path, the run's header and its rank among runs
 * with the same header, so appending runs never renames earlier ones. There are no per-message timestamps and no
 * tool-call structure. Repositories are found by a bounded walk of the home directory.
 */
final class AiderAdapter extends DocumentAdapter {
    static final String HISTORY = ".aider.chat.history.md";
    private static final String HEADER = "# aider chat started at ";
    private static final DateTimeFormatter HEADER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final Pattern MAIN_MODEL = Pattern.compile("(?m)^Main model: (\\S+)");
    private static final int WALK_DEPTH = 4;
    private static final int WALK_MAX_DIRS = 20_000;
    private static final Set<String> SKIP = Set.of(".git", "node_modules", "target", ".cache", "Library", "go",
            ".cargo", ".rustup", ".npm", ".m2", ".gradle", "vendor", "dist", "build", ".venv", "venv",
            "__pycache__", ".local", ".config", "AppData", "snap");

    @Override
    public String id() {
        return "aider";
    }

    @Override
    public String displayName() {
        return "Aider";
    }

    /** A list of directories (separated as in PATH) to search instead of the home directory. */
    @Override
    public String envVar() {
        return "RECALL_AIDER_DIRS";
    }

    @Override
    public List<Path> locationsFrom(String envValue) {
        return Arrays.stream(envValue.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList();
    }

    @Override
    public List<Path> defaultLocations(Platform platform) {
        return List.of(platform.home());
    }

    @Override
    public String storage() {
        return "one Markdown history per repository, appended; each run is a session, re-read when the file moves";
    }

    @Override
    public List<TranscriptFile> sources(Path location) {
        if (!Files.isDirectory(location)) {
            return List.of();
        }
        List<TranscriptFile> out = new ArrayList<>();
        int[] dirs = {0};
        try {
            Files.walkFileTree(location, Set.of(), WALK_DEPTH + 1, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (++dirs[0] > WALK_MAX_DIRS) {
                        return FileVisitResult.TERMINATE;
                    }
                    return !dir.equals(location) && SKIP.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && p.getFileName().toString().equals(HISTORY)) {
                        out.add(file(p));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path p, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    /** A project's own history, without walking the home directory (hooks run this on every turn). */
    @Override
    public List<TranscriptFile> sources(Path location, Path projectDir) {
        Path own = projectDir.resolve(HISTORY);
        return Files.isRegularFile(own) ? List.of(file(own)) : List.of();
    }

    @Override
    public boolean recognises(Probe probe) {
        return probe.name().equals(HISTORY) || (probe.name().endsWith(".md") && probe.firstLine().startsWith(HEADER));
    }

    @Override
    List<DocumentSession> read(Path source, MalformedSink malformed) throws IOException, NotThisFormat {
        List<String> lines = Files.readAllLines(source);
        if (lines.stream().noneMatch(l -> l.startsWith(HEADER))) {
            throw new NotThisFormat("no '" + HEADER.strip() + "' header in the file");
        }
        String cwd = source.toAbsolutePath().getParent() == null ? null
                : source.toAbsolutePath().getParent().toString();
        List<DocumentSession> out = new ArrayList<>();
        Map<String, Integer> sameHeader = new HashMap<>();
        String header = null;
        List<String> body = new ArrayList<>();
        int lineNo = 0;
        int headerLine = 0;
        for (String raw : lines) {
            lineNo++;
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (line.startsWith(HEADER)) {
                if (header != null) {
                    run(source, header, sameHeader, body, cwd, headerLine, malformed, out);
                }
                header = line.substring(HEADER.length()).strip();
                headerLine = lineNo;
                body = new ArrayList<>();
            } else if (header != null) {
                body.add(line);
            }
        }
        if (header != null) {
            run(source, header, sameHeader, body, cwd, headerLine, malformed, out);
        }
        return out;
    }

    private void run(Path source, String header, Map<String, Integer> sameHeader, List<String> body, String cwd,
            int headerLine, MalformedSink malformed, List<DocumentSession> out) {
        int rank = sameHeader.merge(header, 1, Integer::sum) - 1;
        Instant started = null;
        try {
            started = LocalDateTime.parse(header, HEADER_TIME).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            malformed.malformed(headerLine, "run header without a readable time: '" + header + "'");
        }
        TranscriptChunk chunk = new TranscriptChunk();
        chunk.noteCwd(cwd);
        chunk.seen(started);
        turns(body, started, chunk);
        if (!chunk.messages.isEmpty()) {
            String own = Digests.sha256(source.toAbsolutePath().toString(), header, Integer.toString(rank))
                    .substring(0, 32);
            out.add(new DocumentSession(sessionId(own), chunk));
        }
    }

    private enum Channel { NONE, USER, ASSISTANT, TOOL }

    /** Splits a run into turns where the line prefix changes channel; blank lines continue the current one. */
    private static void turns(List<String> body, Instant at, TranscriptChunk chunk) {
        Channel current = Channel.NONE;
        List<String> buf = new ArrayList<>();
        for (String line : body) {
            Channel ch;
            String content;
            if (line.startsWith("####")) {
                ch = Channel.USER;
                content = line.length() > 4 ? line.substring(4).strip() : "";
            } else if (line.startsWith(">")) {
                ch = Channel.TOOL;
                content = line.length() > 1 ? line.substring(line.startsWith("> ") ? 2 : 1) : "";
            } else if (line.isBlank()) {
                if (current != Channel.NONE) {
                    buf.add("");
                }
                continue;
            } else {
                ch = Channel.ASSISTANT;
                content = line;
            }
            if (ch != current) {
                flush(current, buf, at, chunk);
                current = ch;
            }
            buf.add(content);
        }
        flush(current, buf, at, chunk);
    }

    private static void flush(Channel ch, List<String> buf, Instant at, TranscriptChunk chunk) {
        String text = String.join("\n", buf).strip();
        buf.clear();
        if (ch == Channel.TOOL && chunk.messages.isEmpty()) {
            // the start-up banner, not conversation; it names the model
            Matcher m = MAIN_MODEL.matcher(text);
            if (m.find()) {
                chunk.noteModel(m.group(1));
            }
            return;
        }
        switch (ch) {
            case USER -> chunk.user(text, null, at);
            case ASSISTANT -> chunk.assistant(text, null, at);
            case TOOL -> {
                if (!text.isEmpty()) {
                    chunk.add(new ParsedMessage(ParsedMessage.TOOL, text, "aider", null, null, at));
                }
            }
            case NONE -> { }
        }
    }
}
