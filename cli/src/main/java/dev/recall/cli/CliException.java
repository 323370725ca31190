package dev.recall.cli;

/** A failure the cli itself words (a flag that cannot be parsed), with its exit code. */
final class CliException extends RuntimeException {
    final ExitCode exitCode;

    CliException(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }
}
