package dev.recall.server;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /api/v1/cli/run}: a read command line handed over by the light client ({@link Handoff}). Served only
 * to a client on this machine that presents the daemon's own token (serve.json's, readable by its owner alone): not
 * a team member's, not the page's cookie, never through a proxy. The runner refuses anything but the CLI's read
 * commands before it runs, and a data dir or locale other than the daemon's is refused too, so the client runs
 * in-process and prints exactly what it would have. Not in the OpenAPI document: it is the CLI's own protocol.
 */
final class HandoffRoute {
    private static final Duration READER_WAIT = Duration.ofSeconds(10);

    private HandoffRoute() {}

    static Route of(Engines engines, Handoff.Runner runner, String token, Path dataDir) {
        byte[] expected = token.getBytes(StandardCharsets.UTF_8);
        Path served = dataDir.toAbsolutePath().normalize();
        return new Route("POST", Handoff.PATH, "runs a read command of the CLI for the local light client",
                Route.Access.READ, List.of(), List.of(), req -> {
                    if (!req.loopbackClient()) {
                        throw new ApiError(403, "local_only", "command lines are only run for clients on this machine",
                                null);
                    }
                    String auth = req.header("Authorization");
                    String presented = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                            ? auth.substring(7).strip() : "";
                    if (!MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), expected)) {
                        throw new ApiError(401, "unauthorized", "running a command line needs this daemon's own token",
                                "the token is in <data>/serve.json");
                    }
                    Handoff.Invocation inv;
                    try {
                        inv = Handoff.Invocation.decode(req.body());
                    } catch (IllegalArgumentException e) {
                        throw ApiError.badRequest("not a command line: " + e.getMessage());
                    }
                    if (!inv.dataDir().equals(served)) {
                        throw new ApiError(409, "other_data_dir", "this daemon serves " + served + ", not "
                                + inv.dataDir(), "run the command in-process");
                    }
                    // printf and friends format by the JVM's default locale, which one process cannot vary per request
                    if (!inv.locale().equals(Locale.getDefault().toLanguageTag())
                            || !inv.formatLocale().equals(Locale.getDefault(Locale.Category.FORMAT).toLanguageTag())) {
                        throw new ApiError(409, "other_locale", "the client's locale (" + inv.formatLocale()
                                + ") is not the daemon's (" + Locale.getDefault(Locale.Category.FORMAT).toLanguageTag()
                                + ")", "run the command in-process");
                    }
                    Handoff.Capture capture = new Handoff.Capture();
                    int code;
                    try {
                        code = engines.read(READER_WAIT, s -> runner.run(inv, s, capture));
                    } catch (Handoff.Refused e) {
                        throw new ApiError(403, "not_handed_over", e.getMessage(), "run the command in-process");
                    }
                    return new Reply(200, capture.answer(code), Handoff.CONTENT_TYPE, Map.of());
                });
    }
}
