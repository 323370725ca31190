package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A raw HTTP/1.1 client for tests: it sends exactly the headers given (Host and Origin included, which the JDK's
 * clients restrict), so the daemon's guards can be exercised the way a browser or an attacker would.
 */
record Http(int port, String token) {
    record Response(int status, Map<String, String> headers, String body) {
        JsonNode json() {
            try {
                return new ObjectMapper().readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }

        String errorCode() {
            return json().path("error").path("code").asText();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    Response get(String path) {
        return send("GET", path, null, Map.of());
    }

    Response post(String path, String json) {
        return send("POST", path, json, Map.of("Content-Type", "application/json"));
    }

    Response send(String method, String path, String body, Map<String, String> extra) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Host", "127.0.0.1:" + port);
        if (token != null) {
            headers.put("Authorization", "Bearer " + token);
        }
        headers.putAll(extra);
        headers.values().removeIf(v -> v == null);
        return raw(method, path, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    Response raw(String method, String path, byte[] body, Map<String, String> headers) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(120_000);
            StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
            headers.forEach((k, v) -> req.append(k).append(": ").append(v).append("\r\n"));
            if (body != null) {
                req.append("Content-Length: ").append(body.length).append("\r\n");
            }
            req.append("Connection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.UTF_8));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            String text = all.toString(StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            String head = text.substring(0, split);
            String rest = text.substring(split + 4);
            String[] lines = head.split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> h = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int c = lines[i].indexOf(':');
                h.put(lines[i].substring(0, c).strip().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).strip());
            }
            if ("chunked".equalsIgnoreCase(h.get("transfer-encoding"))) {
                rest = dechunk(rest);
            }
            return new Response(status, h, rest);
        } catch (IOException e) {
            throw new AssertionError(method + " " + path + " failed: " + e.getMessage(), e);
        }
    }

    private static String dechunk(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int eol = s.indexOf("\r\n", i);
            int n = Integer.parseInt(s.substring(i, eol).strip(), 16);
            if (n == 0) {
                break;
            }
            b.append(s, eol + 2, eol + 2 + n);
            i = eol + 2 + n + 2;
        }
        return b.toString();
    }
}
