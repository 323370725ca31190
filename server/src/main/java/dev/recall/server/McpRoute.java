package dev.recall.server;

import dev.recall.mcp.McpHttp;
import dev.recall.mcp.RecallTools;
import dev.recall.mcp.ServiceAccess;
import dev.recall.service.RecallService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The MCP server on the daemon: {@code POST /mcp}, streamable HTTP (stateless), behind the same guards as the API
 * (Host and Origin, body limit, timeout) and, always, the bearer token: an agent's MCP client is configured with it,
 * and no other local program can drive the tools. Each call runs on a free reader, a proposal on the writer. Not in
 * the OpenAPI document: it is another protocol, described by its own tools/list.
 */
final class McpRoute {
    private static final Duration READER_WAIT = Duration.ofSeconds(10);
    private static final Duration WRITE_WAIT = Duration.ofSeconds(10);

    private McpRoute() {}

    static Route of(Engines engines, Consumer<String> log) {
        ServiceAccess access = new ServiceAccess() {
            @Override
            public <T> T read(Function<RecallService, T> op) {
                return engines.read(READER_WAIT, op);
            }

            @Override
            public <T> T write(String what, Function<RecallService, T> op) {
                return engines.write(what, WRITE_WAIT, op);
            }
        };
        McpHttp mcp = McpHttp.of(new RecallTools(access, null, m -> log.accept("mcp: " + m)), Daemon.VERSION);
        return new Route("POST", McpHttp.PATH, "MCP (streamable HTTP, stateless): one JSON-RPC message per request",
                Route.Access.TOKEN, List.of(), List.of(), req -> {
                    McpHttp.Answer a = mcp.post(req.body());
                    return new Reply(a.status(), a.body(), a.contentType(), Map.of());
                });
    }
}
