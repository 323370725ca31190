package dev.recall.cli;

import picocli.CommandLine.Option;

/**
 * How a command prints: for people (the default) or JSON for scripts. {@code --format human|json} is the reference
 * tool's spelling, {@code --json} recall's; both are accepted by every command.
 */
final class OutputFormat {
    private boolean json;

    @Option(names = "--json", description = "Print JSON (the same as --format json).")
    void json(boolean value) {
        json = value;
    }

    @Option(names = "--format", paramLabel = "FORMAT", description = "human (default) or json.")
    void format(String value) {
        json = switch (value) {
            case "json" -> true;
            case "human" -> false;
            default -> throw new CliException(ExitCode.USAGE, "--format must be human or json, not '" + value + "'");
        };
    }

    boolean json() {
        return json;
    }
}
