package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.extract.Chunk;
import dev.recall.extract.Extraction;
import dev.recall.service.ExtractionService;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.Times;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "extract", mixinStandardHelpOptions = true, description = {
        "Distil synced sessions into evidence-anchored entries (unreviewed until `recall review`).",
        "The local extractor (default) needs no model; [recall.extract] in config.toml can name an"
                + " OpenAI-compatible endpoint instead. Each configuration is a generation: its entries are served"
                + " only once it is active."},
        subcommands = {ExtractCommand.Run.class, ExtractCommand.Status.class, ExtractCommand.Preview.class,
            ExtractCommand.Activate.class, ExtractCommand.Retire.class, ExtractCommand.Doctor.class})
final class ExtractCommand {

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Extract pending sessions (new, changed, or failed before) under the"
            + " configured generation.")
    static final class Run implements Callable<Integer> {
        private final App app;

        Run(App app) {
            this.app = app;
        }

        @Option(names = "--session", paramLabel = "ID", description = "Only this session.")
        String session;

        @Option(names = "--full", description = "Extract every session again (ids are stable: nothing is duplicated).")
        boolean full;

        @Option(names = "--limit", paramLabel = "N", description = "At most N sessions.")
        Integer limit;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            var options = new Extraction.RunOptions(session, full, limit == null ? Integer.MAX_VALUE : limit);
            ConsoleProgress bar = new ConsoleProgress(app.err, output.json(), "sessions", app.terminal());
            Extraction.RunReport r = app.service().extraction().run(options, (done, total) -> {
                if (done == 0) {
                    bar.start("extract", total);
                }
                bar.advance(done);
                if (done == total) {
                    bar.finish();
                }
            });
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("fingerprint", r.fingerprint());
                m.put("method", r.method());
                m.put("state", r.state());
                m.put("sessions", r.sessions());
                m.put("done", r.done());
                m.put("failed", r.failed());
                m.put("ineligible", r.ineligible());
                m.put("proposed", r.proposed());
                m.put("inserted", r.inserted());
                m.put("dropped_anchors", r.droppedAnchors());
                m.put("dropped_proposals", r.droppedProposals());
                m.put("messages", r.messages());
                m.put("elapsed_ms", r.elapsed().toMillis());
                m.put("outcomes", r.outcomes().stream().map(Views::outcome).toList());
                m.put("superseded", r.superseded().stream().map(Views::supersession).toList());
                app.printJson(m);
            } else {
                var out = app.out;
                out.printf("generation %s (%s, %s): %d session%s: %d done, %d failed, %d ineligible;"
                        + " %d entries proposed, %d new%n", shortFp(r.fingerprint()), r.method(), r.state(),
                        r.sessions(), r.sessions() == 1 ? "" : "s", r.done(), r.failed(), r.ineligible(),
                        r.proposed(), r.inserted());
                if (r.droppedAnchors() + r.droppedProposals() > 0) {
                    out.printf("dropped %d citation(s) outside the messages shown and %d proposal(s) left without"
                            + " evidence%n", r.droppedAnchors(), r.droppedProposals());
                }
                for (var o : r.outcomes()) {
                    if (!o.status().equals("done")) {
                        out.printf("  %-10s %s: %s%n", o.status(), o.sessionId(), o.reason());
                    }
                }
                printSuperseded(out, r.superseded());
                if (r.state().equals("building") && r.inserted() > 0) {
                    out.printf("not served yet: `recall extract activate` makes generation %s active%n",
                            shortFp(r.fingerprint()));
                }
                out.flush();
            }
            return r.failed() > 0 ? ExitCode.ERROR.code : ExitCode.OK.code;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Coverage of the configured generation: sessions done, pending,"
            + " failed, ineligible and why; and every generation.")
    static final class Status implements Callable<Integer> {
        private final App app;

        Status(App app) {
            this.app = app;
        }

        @Mixin
        OutputFormat output;

        @Option(names = "--sessions", description = "List every failed and ineligible session.")
        boolean sessions;

        @Override
        public Integer call() {
            Extraction.Status s = app.service().extraction().status();
            if (output.json()) {
                app.printJson(Views.extractionStatus(s));
                return ExitCode.OK.code;
            }
            var out = app.out;
            out.printf("configured generation %s (%s): %s%n", shortFp(s.fingerprint()), s.method(), s.state());
            Table coverage = new Table("sessions", ">count");
            coverage.row("done", s.done()).row("pending", s.pending()).row("failed", s.failed())
                    .row("ineligible", s.ineligible()).row("total", s.sessions());
            out.println();
            coverage.print(out, "  ");
            Table reasons = new Table("status", "reason", ">sessions");
            s.failedReasons().forEach((k, v) -> reasons.row("failed", k, v));
            s.ineligibleReasons().forEach((k, v) -> reasons.row("ineligible", k, v));
            if (!reasons.isEmpty()) {
                out.println();
                reasons.print(out, "  ");
            }
            if (sessions && !s.problems().isEmpty()) {
                Table problems = new Table("status", "session", "reason");
                s.problems().forEach(p -> problems.row(p.status(), p.sessionId(), p.reason()));
                out.println();
                problems.print(out, "  ");
            }
            if (!s.generations().isEmpty()) {
                Table gens = new Table("generation", "state", "method", ">served", ">waiting", ">sessions done",
                        "created", "activated", "");
                for (var g : s.generations()) {
                    gens.row(shortFp(g.fingerprint()), g.state(), g.method(), g.servedEntries(),
                            g.waitingCandidates(), g.sessionsDone(), Dates.minute(g.createdAt()),
                            Dates.minute(g.activatedAt()), g.fingerprint().equals(s.fingerprint()) ? "configured" : "");
                }
                out.println();
                gens.print(out, "");
            }
            out.flush();
            return ExitCode.OK.code;
        }
    }

    @Command(name = "preview", mixinStandardHelpOptions = true, description = "Show how a session is cut into chunks (what an endpoint would be"
            + " sent, secrets redacted) and what the local extractor proposes; no model call, nothing written.")
    static final class Preview implements Callable<Integer> {
        private final App app;

        Preview(App app) {
            this.app = app;
        }

        @Option(names = "--session", paramLabel = "ID", required = true, description = "The session.")
        String session;

        @Mixin
        OutputFormat output;

        @Option(names = "--no-text", description = "Only the chunk boundaries, not their text.")
        boolean noText;

        @Override
        public Integer call() {
            Extraction.Preview p = app.service().extraction().preview(session);
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("session", p.sessionId());
                m.put("fingerprint", p.fingerprint());
                m.put("method", p.method());
                m.put("eligibility", p.eligibility());
                m.put("chunks", p.chunks().stream().map(c -> chunk(c, !noText)).toList());
                m.put("proposals", p.proposals().stream().map(x -> proposal(x.entry(), x.evidence())).toList());
                app.printJson(m);
                return ExitCode.OK.code;
            }
            var out = app.out;
            out.printf("session %s: %s; generation %s (%s)%n", p.sessionId(), p.eligibility(),
                    shortFp(p.fingerprint()), p.method());
            for (Chunk c : p.chunks()) {
                out.printf("--- chunk %d: messages %d..%d (%d messages, %d characters)%n", c.index(), c.firstOrdinal(),
                        c.lastOrdinal(), c.messages(), c.text().length());
                if (!noText) {
                    out.println(c.text().stripTrailing());
                }
            }
            if (!p.proposals().isEmpty()) {
                out.printf("--- %d proposal(s)%n", p.proposals().size());
                for (var x : p.proposals()) {
                    RecallEntry e = x.entry();
                    out.printf("%s  %-16s %-10s %.2f  %s%n    trigger: %s%n    evidence: %s%n", e.id(), e.type().label(),
                            e.scope().label(), e.confidence(), e.title(), e.trigger(),
                            x.evidence().stream().map(ev -> ev.startOrdinal() == ev.endOrdinal()
                                    ? "#" + ev.startOrdinal() : "#" + ev.startOrdinal() + ".." + ev.endOrdinal()).toList());
                }
            }
            out.flush();
            return ExitCode.OK.code;
        }
    }

    @Command(name = "activate", mixinStandardHelpOptions = true, description = "Make a generation active (default: the configured one): its"
            + " entries are served, the previously active one is retired.")
    static final class Activate implements Callable<Integer> {
        private final App app;

        Activate(App app) {
            this.app = app;
        }

        @Parameters(paramLabel = "FINGERPRINT", arity = "0..1", description = "A fingerprint or its first characters.")
        String fingerprint;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            ExtractionService.ActivateResult result = app.service().extraction().activate(fingerprint,
                    new ConsoleProgress(app.err, output.json()));
            Extraction.Activation a = result.activation();
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("fingerprint", a.fingerprint());
                m.put("already_active", a.alreadyActive());
                m.put("previous", a.previous());
                m.put("inserted", a.inserted());
                m.put("restored", a.restored());
                m.put("archived_from_previous", a.archivedFromPrevious());
                m.put("superseded", a.superseded().stream().map(Views::supersession).toList());
                app.printJson(m);
            } else if (a.alreadyActive()) {
                app.out.printf("generation %s is already active%n", shortFp(a.fingerprint()));
            } else {
                app.out.printf("generation %s is active: %d entries added, %d restored%s%n", shortFp(a.fingerprint()),
                        a.inserted(), a.restored(), a.previous() == null ? "" : "; generation " + shortFp(a.previous())
                                + " retired, " + a.archivedFromPrevious() + " of its unreviewed entries archived");
                printSuperseded(app.out, a.superseded());
            }
            app.out.flush();
            EmbeddingsCommand.autoEmbedded(app, result.autoEmbedded());
            return ExitCode.OK.code;
        }
    }

    @Command(name = "retire", mixinStandardHelpOptions = true, description = "Retire a generation: its unreviewed entries are archived (reviewed"
            + " ones stay). The active generation needs --force.")
    static final class Retire implements Callable<Integer> {
        private final App app;

        Retire(App app) {
            this.app = app;
        }

        @Parameters(paramLabel = "FINGERPRINT", description = "A fingerprint or its first characters.")
        String fingerprint;

        @Option(names = "--force", description = "Retire even the active generation (nothing extracted is served"
                + " until another one is activated).")
        boolean force;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            Extraction.Retirement r = app.service().extraction().retire(fingerprint, force);
            if (output.json()) {
                app.printJson(Map.of("fingerprint", r.fingerprint(), "previous_state", r.previousState(),
                        "archived", r.archived(), "candidates_kept", r.candidatesKept()));
            } else {
                app.out.printf("generation %s retired (was %s): %d unreviewed entries archived%n",
                        shortFp(r.fingerprint()), r.previousState(), r.archived());
                app.out.flush();
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "doctor", mixinStandardHelpOptions = true, description = "The resolved [recall.extract] configuration, its fingerprint, and a"
            + " probe call to the extractor.")
    static final class Doctor implements Callable<Integer> {
        private final App app;

        Doctor(App app) {
            this.app = app;
        }

        @Option(names = "--no-probe", description = "Do not call the extractor.")
        boolean noProbe;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            ExtractionService.DoctorResult result = app.service().extraction().doctor(!noProbe);
            Extraction.Doctor d = result.doctor();
            Map<String, Object> probe = null;
            if (d.probe() != null) {
                probe = new LinkedHashMap<>();
                probe.put("ok", d.probe().ok());
                probe.put("millis", d.probe().millis());
                probe.put("entries", d.probe().entries());
                probe.put("error", d.probe().error());
            }
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("config_file", result.configFile().toString());
                m.put("config", d.config());
                m.put("fingerprint", d.fingerprint());
                m.put("method", d.method());
                m.put("fingerprinted", d.canonicalConfig());
                m.put("state", d.state());
                m.put("transport", d.transport());
                m.put("probe", probe);
                app.printJson(m);
            } else {
                var out = app.out;
                out.printf("config: %s [recall.extract]%n", result.configFile());
                d.config().forEach((k, v) -> out.printf("  %-20s %s%n", k, v));
                out.printf("fingerprint: %s (%s, %s)%n  of %s%n", d.fingerprint(), d.method(), d.state(),
                        d.canonicalConfig());
                out.printf("transport: %s%n", d.transport());
                if (d.probe() != null) {
                    out.printf("probe: %s in %d ms%s%n", d.probe().ok() ? "ok" : "FAILED", d.probe().millis(),
                            d.probe().ok() ? ", " + d.probe().entries() + " entries" : ": " + d.probe().error());
                }
                out.flush();
            }
            return d.probe() != null && !d.probe().ok() ? ExitCode.ERROR.code : ExitCode.OK.code;
        }
    }

    // ---- JSON shapes ------------------------------------------------------------------------------------------

    /** The near-duplicates across sessions a run or an activation superseded, one line each with the reason. */
    private static void printSuperseded(java.io.PrintWriter out, List<Extraction.Supersession> superseded) {
        if (!superseded.isEmpty()) {
            out.printf("%d near-duplicate entr%s of other sessions superseded:%n", superseded.size(),
                    superseded.size() == 1 ? "y" : "ies");
            for (var s : superseded) {
                out.printf("  %s superseded by %s: %s%n", s.loserId(), s.winnerId(), s.reason());
            }
        }
    }

    static String shortFp(String fingerprint) {
        return fingerprint == null ? "-" : fingerprint.substring(0, Math.min(12, fingerprint.length()));
    }

    private static Map<String, Object> chunk(Chunk c, boolean text) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", c.index());
        m.put("first_ordinal", c.firstOrdinal());
        m.put("last_ordinal", c.lastOrdinal());
        m.put("messages", c.messages());
        m.put("chars", c.text().length());
        if (text) {
            m.put("text", c.text());
        }
        return m;
    }

    static Map<String, Object> proposal(RecallEntry e, List<Evidence> evidence) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("type", e.type().label());
        m.put("scope", e.scope().label());
        m.put("title", e.title());
        m.put("body", e.body());
        m.put("trigger", e.trigger());
        m.put("confidence", e.confidence());
        List<Map<String, Object>> anchors = new ArrayList<>();
        for (Evidence ev : evidence) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("start_ordinal", ev.startOrdinal());
            a.put("end_ordinal", ev.endOrdinal());
            a.put("snippet", ev.snippet());
            a.put("content_digest", ev.contentDigest());
            anchors.add(a);
        }
        m.put("evidence", anchors);
        return m;
    }

    private static String time(Instant i) {
        return Times.format(i);
    }
}
