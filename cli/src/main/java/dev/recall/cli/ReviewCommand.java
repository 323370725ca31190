package dev.recall.cli;

import dev.recall.extract.Review;
import dev.recall.extract.ReviewLabel;
import dev.recall.server.Views;
import dev.recall.service.ReviewService;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.RecallEntry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "review", mixinStandardHelpOptions = true, description = {
        "Review candidate entries (unreviewed_auto): the only way an entry becomes human_reviewed.",
        "Export them as JSONL, fill in label (correct, useful_but_uncertain, genuine_tradeoff, reject) and"
                + " optionally transferable, title, body, trigger, uncertainty, supersedes, then import the file;"
                + " or review one at a time with `recall review interactive`."},
        subcommands = {ReviewCommand.Export.class, ReviewCommand.Import.class, ReviewCommand.Interactive.class})
final class ReviewCommand {

    /** The candidates to review. */
    static final class Selection {
        @Option(names = "--project", description = "Only this project's candidates.")
        String project;

        @Option(names = "--session", paramLabel = "ID", description = "Only candidates from this session.")
        String session;

        @Option(names = "--limit", paramLabel = "N", description = "At most N candidates.")
        Integer limit;

        Review.Selection toSelection() {
            return new Review.Selection(project, session, limit == null ? Integer.MAX_VALUE : limit);
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, description = "Write candidates with their evidence as JSONL (to stdout, or --out).")
    static final class Export implements Callable<Integer> {
        private final App app;

        Export(App app) {
            this.app = app;
        }

        @picocli.CommandLine.Mixin
        Selection selection = new Selection();

        @Option(names = "--out", paramLabel = "FILE", description = "Write to this file instead of stdout.")
        Path out;

        @Override
        public Integer call() throws IOException {
            var review = app.service().review();
            if (out == null) {
                review.export(selection.toSelection(), app.rawOut);
                return ExitCode.OK.code;
            }
            Path file = app.workingDir().resolve(out);
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                int n = review.export(selection.toSelection(), w);
                app.err.printf("recall: %d candidate%s written to %s; fill in \"label\" and run `recall review"
                        + " import %s --yes`%n", n, n == 1 ? "" : "s", file, out);
                app.err.flush();
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "import", mixinStandardHelpOptions = true, description = "Apply a reviewed JSONL file in one transaction (--dry-run or --yes);"
            + " one bad line rejects the file and nothing is written.")
    static final class Import implements Callable<Integer> {
        private final App app;

        Import(App app) {
            this.app = app;
        }

        @Parameters(paramLabel = "FILE.jsonl")
        Path file;

        @Option(names = "--dry-run", description = "Validate and count; write nothing.")
        boolean dryRun;

        @Option(names = "--yes", description = "Write the review (required unless --dry-run).")
        boolean yes;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            if (!dryRun && !yes) {
                throw new CliException(ExitCode.USAGE, "review import writes to the store: pass --yes to write,"
                        + " or --dry-run to check");
            }
            ReviewService.ImportResult result = app.service().review().importFile(
                    new ReviewService.ImportRequest(app.workingDir().resolve(file), !dryRun),
                    new ConsoleProgress(app.err, output.json()));
            Review.ImportReport r = result.report();
            if (output.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("file", r.file().toString());
                m.put("dry_run", dryRun);
                m.put("written", r.written());
                m.put("lines", r.lines());
                m.put(dryRun ? "would_apply" : "applied", r.applied());
                m.put("unchanged", r.unchanged());
                m.put("superseded", r.superseded());
                m.put("labels", r.labels());
                m.put("rejected", Views.rejections(r.rejected().stream()
                        .map(x -> Views.rejection(x.line(), x.field(), x.reason())).toList()));
                m.put("rejected_count", r.rejected().size());
                app.printJson(m);
            } else {
                if (!r.ok()) {
                    BadLines.print(app.err, r.file(), r.rejected().stream().map(Review.Rejection::describe).toList());
                }
                String verb = dryRun ? "would apply" : r.written() ? "applied" : "would have applied";
                app.out.printf("%s: %d lines, %s %d (%s), unchanged %d, superseded %d, rejected %d%n", r.file(),
                        r.lines(), verb, r.applied(), labels(r.labels()), r.unchanged(), r.superseded(),
                        r.rejected().size());
                app.out.flush();
            }
            EmbeddingsCommand.autoEmbedded(app, result.autoEmbedded());
            return r.ok() ? ExitCode.OK.code : ExitCode.REJECTED.code;
        }

        private static String labels(Map<String, Integer> labels) {
            if (labels.isEmpty()) {
                return "none";
            }
            StringBuilder b = new StringBuilder();
            labels.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k).append(' ').append(v));
            return b.toString();
        }
    }

    @Command(name = "interactive", mixinStandardHelpOptions = true, description = "Review candidates one at a time in the terminal: accept, mark"
            + " uncertain or tradeoff, edit, reject, skip.")
    static final class Interactive implements Callable<Integer> {
        private final App app;

        Interactive(App app) {
            this.app = app;
        }

        @picocli.CommandLine.Mixin
        Selection selection = new Selection();

        @Override
        public Integer call() throws IOException {
            ReviewService review = app.service().review();
            List<RecallEntry> queue = review.candidates(selection.toSelection());
            if (queue.isEmpty()) {
                app.out.println("no candidates to review");
                app.out.flush();
                return ExitCode.OK.code;
            }
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            int done = 0;
            for (int i = 0; i < queue.size(); i++) {
                Review.Item item = review.item(queue.get(i).id());
                show(item, i + 1, queue.size());
                Step step = decide(in, review, item);
                if (step == Step.QUIT) {
                    break;
                }
                if (step == Step.APPLIED) {
                    done++;
                }
            }
            app.out.printf("%d reviewed%n", done);
            app.out.flush();
            return ExitCode.OK.code;
        }

        private enum Step { APPLIED, SKIPPED, QUIT }

        private Step decide(BufferedReader in, ReviewService review, Review.Item item) throws IOException {
            RecallEntry e = item.entry();
            String title = null;
            String body = null;
            Review.Change<String> trigger = null;
            while (true) {
                String answer = ask(in, "[a]ccept [u]seful-but-uncertain [t]radeoff [e]dit [r]eject [n]ext [q]uit > ");
                if (answer == null || answer.equals("q")) {
                    return Step.QUIT;
                }
                ReviewLabel label = switch (answer) {
                    case "a" -> ReviewLabel.CORRECT;
                    case "u" -> ReviewLabel.USEFUL_BUT_UNCERTAIN;
                    case "t" -> ReviewLabel.GENUINE_TRADEOFF;
                    case "r" -> ReviewLabel.REJECT;
                    default -> null;
                };
                if (answer.equals("n") || answer.isEmpty()) {
                    return Step.SKIPPED;
                }
                if (answer.equals("e")) {
                    String t = ask(in, "title [" + (title != null ? title : e.title()) + "]: ");
                    title = t == null || t.isBlank() ? title : t;
                    String b = ask(in, "body (one line; empty keeps it): ");
                    body = b == null || b.isBlank() ? body : b;
                    String tr = ask(in, "trigger [" + e.trigger() + "] (\"-\" clears): ");
                    if (tr != null && !tr.isBlank()) {
                        trigger = new Review.Change<>(tr.equals("-") ? null : tr);
                    }
                    app.out.println("edits kept; now choose a label");
                    continue;
                }
                if (label == null) {
                    app.out.println("unknown answer '" + answer + "'");
                    continue;
                }
                try {
                    review.apply(new Review.Decision(e.id(), label, null, title, body, trigger, null, null),
                            "interactive");
                    app.out.println(label.label() + (label == ReviewLabel.REJECT ? ": archived" : ": human_reviewed"));
                    return Step.APPLIED;
                } catch (IllegalArgumentException | dev.recall.store.RecallException ex) {
                    app.out.println("refused: " + ex.getMessage());
                    return Step.SKIPPED;
                }
            }
        }

        private String ask(BufferedReader in, String prompt) throws IOException {
            app.out.print(prompt);
            app.out.flush();
            String line = in.readLine();
            return line == null ? null : line.strip();
        }

        private void show(Review.Item item, int n, int of) {
            RecallEntry e = item.entry();
            var out = app.out;
            out.printf("%n[%d/%d] %s  %s  %s  confidence %.2f  (%s, session %s)%n", n, of, e.id(), e.type().label(),
                    e.scope().label(), e.confidence() == null ? 0 : e.confidence(), e.extractorMethod(),
                    e.sourceSessionId());
            out.println("title:   " + e.title());
            out.println("trigger: " + e.trigger());
            out.println("body:    " + e.body().replace("\n", "\n         "));
            for (Evidence ev : item.evidence()) {
                out.printf("evidence #%d..%d%s%n", ev.startOrdinal(), ev.endOrdinal(),
                        ev.snippet() == null ? "" : ": \"" + ev.snippet() + "\"");
            }
            for (Message m : item.messages()) {
                String text = m.text().length() > 400 ? m.text().substring(0, 400) + " …" : m.text();
                out.printf("  #%d %s%s: %s%n", m.ordinal(), m.role(), m.toolName() == null ? "" : " " + m.toolName(),
                        text.replace("\n", "\n      "));
            }
            out.flush();
        }
    }
}
