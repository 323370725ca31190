package dev.recall.service;

import dev.recall.sessions.ContextFrame;
import dev.recall.sessions.HistoryCapture;
import dev.recall.sessions.OutputDir;
import dev.recall.sessions.Platform;
import dev.recall.sessions.ProjectContext;
import dev.recall.sessions.ProjectIdentity;
import dev.recall.sessions.SecretScanner;
import dev.recall.sessions.SessionSync;
import dev.recall.sessions.SyncProgress;
import dev.recall.sessions.SyncReport;
import dev.recall.sessions.TranscriptDiscovery;
import dev.recall.sessions.TranscriptFile;
import dev.recall.store.RecallException;
import dev.recall.store.SessionArchiveImport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The session archive and the files recall keeps in a project: sync and archive import; save and show
 * ({@code context.md}), capture and log ({@code history.md}).
 */
public final class SessionService {
    /** Environment variable that turns on saving the context when a session ends. */
    public static final String SAVE_ON_END_ENV = "RECALL_SAVE_ON_END";

    /** Sync these transcript files or directories, or (empty) the agents' default locations. */
    public record SyncRequest(List<Path> paths) {
        public SyncRequest {
            paths = List.copyOf(paths);
        }

        public static SyncRequest defaults() {
            return new SyncRequest(List.of());
        }
    }

    /**
     * Write the project's context.md.
     *
     * @param outDir relative to the project and inside it
     * @param sync bring the project's transcripts into the archive first
     * @param transcript the current session's transcript, when known (a hook knows it)
     * @param onlyIfConfigured save only when the user turned saving at session end on
     */
    public record SaveRequest(Path project, String outDir, int budgetChars, boolean sync, String transcript,
            boolean onlyIfConfigured) {
        public SaveRequest {
            if (budgetChars < 500) {
                throw RecallException.invalid("budget", "must be at least 500 characters");
            }
        }
    }

    /** @param saved what was written, or null when saving is not configured and was only wanted if it were */
    public record SaveResult(ProjectContext.Saved saved) {}

    /** How context.md is shown: as it is, framed as untrusted data, or as a session starts (framed + brief). */
    public enum Framing { PLAIN, FRAMED, SESSION_START }

    public record ShowRequest(Path project, String outDir, Framing framing, int maxChars) {}

    /**
     * @param file the context file
     * @param content what to show; at session start it ends with the project's trusted brief. Empty only at
     *     session start with nothing saved and nothing trusted.
     */
    public record ShowResult(Path file, boolean framed, String content, boolean saved) {}

    /**
     * Append a session's new activity to history.md: the session of {@code transcript}, else {@code sessionId},
     * else the project's most recent.
     *
     * @param lenient a missing session is an empty result rather than an error (a hook must not fail a session)
     */
    public record CaptureRequest(Path project, Path transcript, String sessionId, String outDir, boolean lenient) {}

    /** @param captured what was appended, or null when lenient and there is no session yet */
    public record CaptureResult(HistoryCapture.Captured captured) {}

    public record LogRequest(Path project, String outDir, int lines) {
        public LogRequest {
            if (lines < 1) {
                throw RecallException.invalid("lines", "must be at least 1");
            }
        }
    }

    public record LogResult(Path file, List<String> lines, int totalLines) {}

    private final Resources resources;
    private final SearchService search;
    private final AutoEmbedding autoEmbedding;

    SessionService(Resources resources, SearchService search, AutoEmbedding autoEmbedding) {
        this.resources = resources;
        this.search = search;
        this.autoEmbedding = autoEmbedding;
    }

    public SessionArchiveImport.Report importArchive(Path file) {
        SessionArchiveImport.Report r = new SessionArchiveImport(resources.database(), SecretScanner.archive()).run(file);
        autoEmbedding.afterArchiveChange(r.sessions() > 0, dev.recall.index.VectorBuilder.Progress.NONE);
        return r;
    }

    public SyncReport sync(SyncRequest request, SyncProgress progress) {
        List<TranscriptFile> files = new ArrayList<>();
        if (request.paths().isEmpty()) {
            files.addAll(TranscriptDiscovery.all(roots()));
        } else {
            for (Path p : request.paths()) {
                if (!Files.exists(p)) {
                    throw new RecallException(RecallException.Kind.NOT_FOUND, "no such file or directory: " + p,
                            RecallException.Remedy.NONE, Map.of("path", p.toString()));
                }
                files.addAll(TranscriptDiscovery.at(p));
            }
        }
        SyncReport r = sessionSync().sync(files, progress);
        autoEmbedding.afterArchiveChange(r.messagesAdded() > 0, dev.recall.index.VectorBuilder.Progress.NONE);
        return r;
    }

    /** Whether the user asked for context.md to be saved when a session ends (environment, else config.toml). */
    public boolean saveOnSessionEnd() {
        String env = resources.env().get(SAVE_ON_END_ENV);
        if (env != null && (env.equals("1") || env.equalsIgnoreCase("true"))) {
            return true;
        }
        return resources.config().settings().sessions().saveOnSessionEnd();
    }

    public SaveResult save(SaveRequest request, SyncProgress progress) {
        if (request.onlyIfConfigured() && !saveOnSessionEnd()) {
            return new SaveResult(null);
        }
        OutputDir dir = OutputDir.resolve(request.project(), request.outDir());
        if (request.sync()) {
            syncProject(request.project(), request.transcript(), progress);
        }
        try {
            return new SaveResult(new ProjectContext(resources.database()).save(request.project(), dir,
                    request.budgetChars()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ShowResult show(ShowRequest request) {
        OutputDir dir = OutputDir.resolve(request.project(), request.outDir());
        Optional<String> content = read(dir, ProjectContext.FILE);
        boolean sessionStart = request.framing() == Framing.SESSION_START;
        // At session start the trusted brief of the project joins the saved context, when there is one.
        String brief = sessionStart ? search.sessionStartBrief(ProjectIdentity.of(request.project()),
                dev.recall.brief.BriefPacker.DEFAULT_BUDGET) : "";
        Path file = dir.file(ProjectContext.FILE);
        if (content.isEmpty()) {
            if (sessionStart) {
                return new ShowResult(file, true, brief, false);
            }
            throw new RecallException(RecallException.Kind.NOT_FOUND, "no " + request.outDir() + "/"
                    + ProjectContext.FILE + " in " + request.project() + " yet", RecallException.Remedy.SAVE_CONTEXT,
                    Map.of("file", file.toString()));
        }
        String source = request.outDir() + "/" + ProjectContext.FILE;
        boolean framed = request.framing() != Framing.PLAIN;
        int room = sessionStart ? Math.max(0, request.maxChars() - brief.length()) : request.maxChars();
        String text = framed ? ContextFrame.frame(content.get(), source, room) : content.get();
        if (sessionStart && !brief.isEmpty()) {
            text = (text.endsWith("\n") ? text : text + "\n") + brief;
        }
        return new ShowResult(file, framed, text, true);
    }

    public CaptureResult capture(CaptureRequest request) {
        OutputDir dir = OutputDir.resolve(request.project(), request.outDir());
        String transcript = request.transcript() == null ? null : request.transcript().toString();
        syncProject(request.project(), transcript, SyncProgress.none());
        String id = request.sessionId();
        if (id == null && transcript != null) {
            id = sessionSync().sessionOf(Path.of(transcript)).orElse(null);
        }
        HistoryCapture capture = new HistoryCapture(resources.database());
        if (id == null) {
            Optional<String> latest = capture.latestSession(request.project());
            if (latest.isEmpty()) {
                if (request.lenient()) {
                    return new CaptureResult(null);
                }
                throw new RecallException(RecallException.Kind.NOT_FOUND, "no archived session for "
                        + request.project(), RecallException.Remedy.NAME_SESSION,
                        Map.of("project", request.project().toString()));
            }
            id = latest.get();
        }
        try {
            return new CaptureResult(capture.capture(dir, id));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public LogResult log(LogRequest request) {
        OutputDir dir = OutputDir.resolve(request.project(), request.outDir());
        Optional<String> history = read(dir, HistoryCapture.FILE);
        Path file = dir.file(HistoryCapture.FILE);
        if (history.isEmpty()) {
            throw new RecallException(RecallException.Kind.NOT_FOUND, "no " + request.outDir() + "/"
                    + HistoryCapture.FILE + " in " + request.project() + " yet",
                    RecallException.Remedy.CAPTURE_HISTORY, Map.of("file", file.toString()));
        }
        List<String> all = history.get().lines().toList();
        return new LogResult(file, all.subList(Math.max(0, all.size() - request.lines()), all.size()), all.size());
    }

    /** Brings the archive up to date for one project: its transcript if known, else its likely transcripts. */
    private SyncReport syncProject(Path project, String transcript, SyncProgress progress) {
        List<TranscriptFile> files = transcript != null && Files.isRegularFile(Path.of(transcript))
                ? TranscriptDiscovery.at(Path.of(transcript))
                : TranscriptDiscovery.forProject(roots(), project);
        return sessionSync().sync(files, progress);
    }

    private SessionSync sessionSync() {
        return new SessionSync(resources.database(), SecretScanner.archive());
    }

    /** The agents whose sessions are looked for, where, and what is there. */
    public List<TranscriptDiscovery.Lookup> agents() {
        return TranscriptDiscovery.lookups(platform());
    }

    /** The machine's conventions and the environment given to the service, which agents' locations come from. */
    private Platform platform() {
        String home = resources.env().get("HOME");
        return Platform.current(resources.env(), Path.of(home != null && !home.isBlank() ? home
                : System.getProperty("user.home")));
    }

    private TranscriptDiscovery.Roots roots() {
        return TranscriptDiscovery.roots(platform());
    }

    private static Optional<String> read(OutputDir dir, String name) {
        try {
            return dir.read(name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
