package dev.recall.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The tools over MCP's streamable HTTP transport, stateless: each POST carries one JSON-RPC message and a request
 * is answered with one JSON response (no session, no server-sent stream; a client's GET for one is answered 405,
 * which the specification allows). The HTTP server around it (the daemon) owns the socket, the guards and the
 * token; this class only turns a request body into a response body.
 */
public final class McpHttp implements McpStatelessServerTransport {
    /** The daemon's path for it. */
    public static final String PATH = "/mcp";

    /** What to send back: status, content type, body (empty for 202). */
    public record Answer(int status, String contentType, byte[] body) {}

    private final McpJsonMapper json = McpServers.jsonMapper();
    private volatile McpStatelessServerHandler handler;
    private McpStatelessSyncServer server;

    private McpHttp() {}

    public static McpHttp of(RecallTools tools, String version) {
        McpHttp transport = new McpHttp();
        transport.server = McpServer.sync(transport)
                .serverInfo("recall", version)
                .instructions(McpServers.INSTRUCTIONS)
                .capabilities(McpServers.capabilities())
                .jsonMapper(McpServers.jsonMapper())
                .validateToolInputs(false)
                .tools(tools.definitions().stream().map(t -> new McpStatelessServerFeatures.SyncToolSpecification(t,
                        (context, request) -> tools.call(request.name(), request.arguments()))).toList())
                .build();
        return transport;
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler mcpHandler) {
        this.handler = mcpHandler;
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.empty();
    }

    /** Answers one POSTed message. A malformed one is a JSON-RPC parse error, answered 400. */
    public Answer post(byte[] body) {
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(json, new String(body, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return parseError("not a JSON-RPC message: " + e.getMessage());
        }
        McpTransportContext context = McpTransportContext.EMPTY;
        if (message instanceof McpSchema.JSONRPCRequest request) {
            McpSchema.JSONRPCResponse response = handler.handleRequest(context, request).block();
            return new Answer(200, "application/json", bytes(response));
        }
        if (message instanceof McpSchema.JSONRPCNotification notification) {
            handler.handleNotification(context, notification).block();
        }
        // a notification or a client's response: accepted, nothing to say
        return new Answer(202, "application/json", new byte[0]);
    }

    /** JSON-RPC's parse error, whose id is null (the SDK's response record refuses a null id). */
    private Answer parseError(String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", McpSchema.ErrorCodes.PARSE_ERROR);
        error.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        response.put("id", null);
        response.put("error", error);
        return new Answer(400, "application/json", bytes(response));
    }

    private byte[] bytes(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a JSON-RPC message", e);
        }
    }

    /** Stops the server's own resources; the daemon closes the socket. */
    public void close() {
        server.close();
    }

}
