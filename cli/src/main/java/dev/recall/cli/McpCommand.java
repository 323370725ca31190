package dev.recall.cli;

import dev.recall.mcp.McpRelay;
import dev.recall.mcp.McpStdio;
import dev.recall.mcp.RecallTools;
import dev.recall.mcp.ServiceAccess;
import dev.recall.server.Daemon;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "mcp", description = {
        "Run recall's MCP server over stdio, for an agent to start (Claude Code's .mcp.json, Codex's config.toml).",
        "Tools: recall_query, recall_brief, recall_get, recall_list, recall_propose, recall_sessions_search.",
        "Standard output carries the protocol only; notices go to standard error. It ends when the client closes",
        "its input. The daemon serves the same tools over streamable HTTP at /mcp (see docs/mcp.md); while it runs",
        "for the data dir, this command relays to it (one process owns the index and the ledger), and serves",
        "in-process when there is none or it stops answering. RECALL_NO_DAEMON=1 always serves in-process."})
final class McpCommand implements Callable<Integer> {
    private final App app;

    McpCommand(App app) {
        this.app = app;
    }

    @Override
    public Integer call() throws InterruptedException {
        // The protocol owns the process's real standard output; anything else that prints (a library, a notice)
        // lands on stderr instead of corrupting it.
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        PrintStream stdout = System.out;
        System.setOut(System.err);
        try {
            ServiceAccess access = ServiceAccess.of(app.service());
            RecallTools tools = new RecallTools(access, app.workingDir(), m -> app.err.println("recall mcp: " + m));
            FileInputStream in = new FileInputStream(FileDescriptor.in);
            java.util.Optional<Remote> daemon = app.remote();
            if (daemon.isPresent()) {
                new McpRelay(daemon.get()::mcp, tools, app.workingDir(), Daemon.VERSION,
                        m -> app.err.println("recall mcp: " + m)).serve(in, protocol);
            } else {
                McpStdio.serve(tools, in, protocol, Daemon.VERSION);
            }
            // A client that closes its input while a call runs must not have the service closed under that call
            // (the embedder freed under a running hybrid query crashed the JVM): wait for it, one call at a time.
            access.read(s -> null);
        } finally {
            System.setOut(stdout);
        }
        return ExitCode.OK.code;
    }
}
