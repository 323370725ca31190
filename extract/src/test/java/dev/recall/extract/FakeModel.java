package dev.recall.extract;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A real HTTP server on 127.0.0.1 that plays an OpenAI-compatible model, recording what it was sent. */
final class FakeModel implements AutoCloseable {
    /** A request as the server saw it. */
    record Request(String path, Map<String, List<String>> headers, String body) {
        String header(String name) {
            for (var e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue().getFirst();
                }
            }
            return null;
        }
    }

    /** What to answer. */
    record Answer(int status, String body, Map<String, String> headers, long delayMillis) {
        static Answer ok(String body) {
            return new Answer(200, body, Map.of(), 0);
        }
    }

    private final HttpServer server;
    final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile Function<Request, Answer> answer = r -> Answer.ok(completion("{\"entries\": []}"));

    FakeModel() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    void answer(Function<Request, Answer> f) {
        this.answer = f;
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    private void handle(HttpExchange x) throws IOException {
        String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Request r = new Request(x.getRequestURI().getPath(), Map.copyOf(x.getRequestHeaders()), body);
        requests.add(r);
        Answer a = answer.apply(r);
        if (a.delayMillis() > 0) {
            try {
                Thread.sleep(a.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        a.headers().forEach((k, v) -> x.getResponseHeaders().add(k, v));
        x.getResponseHeaders().add("Content-Type", "application/json");
        byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(a.status(), bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        } catch (IOException e) {
            // the client gave up (timeout test)
        }
    }

    /** A chat completion whose message content is the given text. */
    static String completion(String content) {
        return "{\"id\":\"c1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"finish_reason\":\"stop\","
                + "\"message\":{\"role\":\"assistant\",\"content\":" + quote(content) + "}}]}";
    }

    static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
