package dev.recall.cli;

/** A failure to report as one clear line with a meaningful exit code. */
final class CliException extends RuntimeException {
    final ExitCode exitCode;

    CliException(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }
}
