package dev.recall.cli;

import dev.recall.service.Recording;
import picocli.CommandLine.Option;

/** Whether a query or brief is appended to the measurement ledger (best effort unless --strict-recording). */
final class LedgerRecording {
    @Option(names = "--no-record", description = "Do not append this query to the measurement ledger.")
    boolean noRecord;

    @Option(names = "--strict-recording", description = "Fail the command when it cannot be recorded.")
    boolean strict;

    /** As the flags say, for this run's invocation (its id keeps a query answered twice recorded once). */
    Recording recording(App app) {
        return new Recording(!noRecord, strict).withRequestId(app.requestId());
    }
}
