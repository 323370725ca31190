package dev.recall.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code recall mcp}: the tools over stdio, one client per process. The output stream must carry the protocol
 * alone; the caller hands over the real standard output and sends everything else to stderr.
 */
public final class McpStdio {
    private McpStdio() {}

    /** Serves until the client closes its end of the input (it ends the session that way). */
    public static void serve(RecallTools tools, InputStream in, OutputStream out, String version)
            throws InterruptedException {
        CountDownLatch closed = new CountDownLatch(1);
        InputStream watched = new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                return ended(super.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return ended(super.read(b, off, len));
            }

            private int ended(int n) {
                if (n < 0) {
                    closed.countDown();
                }
                return n;
            }
        };
        StdioServerTransportProvider transport = new StdioServerTransportProvider(McpServers.jsonMapper(), watched, out);
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("recall", version)
                .instructions(McpServers.INSTRUCTIONS)
                .capabilities(McpServers.capabilities())
                .jsonMapper(McpServers.jsonMapper())
                .validateToolInputs(false)
                .tools(tools.definitions().stream().map(t -> new McpServerFeatures.SyncToolSpecification(t,
                        (exchange, request) -> tools.call(request.name(), request.arguments()))).toList())
                .build();
        try {
            closed.await();
        } finally {
            server.closeGracefully();
        }
    }
}
