package dev.recall.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "completion", description = {"Print the shell completion script for bash, zsh or fish, generated from",
        "recall's commands and options. Install it with, for example:",
        "  bash: recall completion bash > ~/.local/share/bash-completion/completions/recall",
        "  zsh:  recall completion zsh > ~/.recall-completion.zsh, and in ~/.zshrc: source ~/.recall-completion.zsh",
        "  fish: recall completion fish > ~/.config/fish/completions/recall.fish"})
final class CompletionCommand implements Callable<Integer> {
    private final App app;

    CompletionCommand(App app) {
        this.app = app;
    }

    @Parameters(paramLabel = "SHELL", description = "bash, zsh or fish.")
    String shell;

    @Override
    public Integer call() {
        // the whole command model: this run's command line holds only the invoked subcommand
        CommandLine all = RecallCommand.commandLine(app.env(), app.workingDir(), app.rawOut, app.err);
        String script = switch (shell) {
            // picocli's script runs in zsh too, through zsh's bash completion layer, which it loads itself
            case "bash", "zsh" -> AutoComplete.bash("recall", all);
            case "fish" -> FishCompletion.script("recall", all);
            default -> throw new CliException(ExitCode.USAGE, "SHELL must be bash, zsh or fish, not '" + shell + "'");
        };
        app.rawOut.print(script);
        app.rawOut.flush();
        return ExitCode.OK.code;
    }
}
