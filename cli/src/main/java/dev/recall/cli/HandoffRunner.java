package dev.recall.cli;

import dev.recall.server.Handoff;
import dev.recall.service.RecallService;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;

/**
 * The daemon's side of a {@link Handoff}: runs the real command line, as `recall` would in-process, on the reader the
 * daemon lends, with the client's arguments, environment, working directory, terminal and output charsets, and
 * captures what it prints. Only {@link Launch#READ_COMMANDS} pass (by name here, then by what picocli parsed in
 * {@link DaemonGuard#notHandedOver}); anything else is refused before it runs.
 */
final class HandoffRunner implements Handoff.Runner {
    @Override
    public int run(Handoff.Invocation inv, RecallService reader, Handoff.Capture capture) {
        String[] args = inv.args().toArray(String[]::new);
        if (Launch.handedOver(args) == null) {
            throw new Handoff.Refused("only the read commands (" + String.join(", ",
                    Launch.READ_COMMANDS.stream().sorted().toList()) + ") run in the daemon, without --hook or help");
        }
        App app = App.handedOver(inv.env(), inv.workingDir(), inv.terminal(), reader, inv.requestId());
        // as `new PrintWriter(System.out, true)` in-process: that encodes with the stream's charset, here the client's
        PrintWriter out = new PrintWriter(new OutputStreamWriter(capture.stdout(), inv.stdout()), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(capture.stderr(), inv.stderr()), true);
        int code;
        try {
            code = RecallCommand.commandLine(app, out, err, args).execute(args);
        } finally {
            out.flush();
            err.flush();
        }
        if (app.handoverRefused() != null) {
            throw new Handoff.Refused(app.handoverRefused());
        }
        return code;
    }
}
