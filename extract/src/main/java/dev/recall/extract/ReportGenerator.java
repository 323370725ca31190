package dev.recall.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall.sessions.SecretScanner;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What writes a generated insight report from a prompt: an OpenAI-compatible chat endpoint (with extraction's
 * transport rules: loopback http only unless allowed, no redirects, the key from a named variable) or a local
 * agent's CLI ({@code claude -p}, {@code codex exec -}), the prompt on its standard input. Either way the exact
 * text about to leave is scanned for secrets first, and a finding sends nothing.
 */
public sealed interface ReportGenerator permits ReportGenerator.Endpoint, ReportGenerator.AgentCli {
    /** {@code endpoint} or {@code agent}. */
    String kind();

    /** The model at the endpoint's host, or the agent and its binary: stored with every report. */
    String identity();

    /** The report, as markdown text. */
    String write(String system, String prompt) throws Failure;

    /** Why no report was written: a stable reason (transport_refused, secret_in_request, agent_failed, ...). */
    final class Failure extends Exception {
        private final String reason;

        Failure(String reason, String message) {
            super(message);
            this.reason = reason;
        }

        Failure(String reason, String message, Throwable cause) {
            super(message, cause);
            this.reason = reason;
        }

        Failure(Extractor.ExtractionFailure cause) {
            super(cause.getMessage(), cause);
            this.reason = cause.reason();
        }

        public String reason() {
            return reason;
        }
    }

    static ReportGenerator endpoint(ExtractConfig.Endpoint config, Function<String, String> env, SecretScanner scanner) {
        return new Endpoint(config, new ChatEndpoint(config, env, scanner));
    }

    /** The agents recall knows how to ask: their binary name and the arguments that read a prompt from stdin. */
    enum Agent {
        CLAUDE("claude", List.of("-p")),
        CODEX("codex", List.of("exec", "-"));

        final String binary;
        final List<String> args;

        Agent(String binary, List<String> args) {
            this.binary = binary;
            this.args = args;
        }

        public String binaryName() {
            return binary;
        }
    }

    static ReportGenerator agent(Agent agent, Path binary, SecretScanner scanner, Duration timeout) {
        return new AgentCli(agent, binary, scanner, timeout);
    }

    record Endpoint(ExtractConfig.Endpoint config, ChatEndpoint transport) implements ReportGenerator {
        private static final ObjectMapper JSON = new ObjectMapper();

        @Override
        public String kind() {
            return "endpoint";
        }

        @Override
        public String identity() {
            return config.model() + " at " + config.baseUrl().getHost();
        }

        @Override
        public String write(String system, String prompt) throws Failure {
            ObjectNode body = JSON.createObjectNode();
            body.put("model", config.model());
            body.put("temperature", 0.2);
            var messages = body.putArray("messages");
            messages.addObject().put("role", "system").put("content", system);
            messages.addObject().put("role", "user").put("content", prompt);
            String answer;
            try {
                answer = transport.post(body.toString());
            } catch (Extractor.ExtractionFailure f) {
                throw new Failure(f);
            }
            try {
                JsonNode content = JSON.readTree(answer).path("choices").path(0).path("message").path("content");
                if (!content.isTextual() || content.asText().isBlank()) {
                    throw new Failure("bad_response", "the endpoint's answer has no"
                            + " choices[0].message.content");
                }
                return content.asText().strip();
            } catch (IOException e) {
                throw new Failure("bad_response", "the endpoint's answer is not JSON: "
                        + e.getMessage(), e);
            }
        }
    }

    record AgentCli(Agent agent, Path binary, SecretScanner scanner, Duration timeout) implements ReportGenerator {
        private static final int MAX_OUTPUT = 4 * 1024 * 1024;

        @Override
        public String kind() {
            return "agent";
        }

        @Override
        public String identity() {
            return agent.binary + " (" + binary + ")";
        }

        @Override
        public String write(String system, String prompt) throws Failure {
            String text = system + "\n\n" + prompt;
            var findings = scanner.scan(text).findings();
            if (!findings.isEmpty()) {
                throw new Failure("secret_in_request", "the prompt contains " + findings.size()
                        + " secret finding(s) (" + findings.getFirst().rule() + "); nothing was sent");
            }
            if (!Files.isExecutable(binary)) {
                throw new Failure("agent_missing", binary + " is not an executable file");
            }
            List<String> command = new ArrayList<>();
            command.add(binary.toString());
            command.addAll(agent.args);
            Process p;
            try {
                p = new ProcessBuilder(command).redirectErrorStream(false).start();
            } catch (IOException e) {
                throw new Failure("agent_failed", "cannot start " + binary + ": " + e.getMessage());
            }
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
            try (OutputStream in = p.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the agent closed its input early; its exit status says what happened
            }
            try {
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    throw new Failure("timeout", agent.binary + " did not finish within "
                            + timeout.toSeconds() + " s");
                }
                String stdout = new String(out.get(), StandardCharsets.UTF_8).strip();
                if (p.exitValue() != 0) {
                    String stderr = new String(err.get(), StandardCharsets.UTF_8).strip();
                    throw new Failure("agent_failed", agent.binary + " exited with status "
                            + p.exitValue() + ": " + Texts.bound(stderr.isEmpty() ? stdout : stderr, 300));
                }
                if (stdout.isEmpty()) {
                    throw new Failure("agent_failed", agent.binary + " wrote no report");
                }
                return stdout;
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new Failure("interrupted", "interrupted while " + agent.binary + " ran");
            } catch (java.util.concurrent.ExecutionException e) {
                throw new Failure("agent_failed", "reading " + agent.binary + "'s output failed: "
                        + e.getCause().getMessage(), e);
            }
        }

        private static byte[] drain(InputStream s) {
            try (s) {
                byte[] b = s.readNBytes(MAX_OUTPUT);
                s.transferTo(OutputStream.nullOutputStream());
                return b;
            } catch (IOException e) {
                return new byte[0];
            }
        }
    }
}
