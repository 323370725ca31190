package dev.recall.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The web page for people, served by the daemon from the jar: {@code /recall} (and {@code /} sends there), its
 * script and style, and the session route that gives the page its CSRF value (and, on a daemon that needs the
 * token, stores the token as a cookie). The page is plain HTML, CSS and JavaScript that calls the JSON API; it
 * holds no data itself, so it is served without the token.
 */
final class WebPage {
    static final String PAGE = "/recall";
    static final String SESSION = "/recall/session";
    private static final String RESOURCES = "/dev/recall/server/web/";
    private static final Map<String, String> ASSETS = Map.of(
            "app.js", "text/javascript; charset=utf-8",
            "app.css", "text/css; charset=utf-8",
            "icon.svg", "image/svg+xml");
    /** Nothing but this page's own files: no inline script, no other origin, no framing. */
    private static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private final PageSession session;
    private final ServeSettings settings;
    private final IntSupplier port;

    WebPage(PageSession session, ServeSettings settings, IntSupplier port) {
        this.session = session;
        this.settings = settings;
        this.port = port;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/", "Sends a browser to the page", Route.Access.PAGE, List.of(), List.of(),
                        req -> new Reply(302, "", "text/plain; charset=utf-8", Map.of("Location", PAGE))),
                new Route("GET", PAGE, "The web page", Route.Access.PAGE, List.of(), List.of(),
                        req -> file("index.html", "text/html; charset=utf-8")),
                new Route("GET", PAGE + "/assets/{name}", "The page's script, style and icon", Route.Access.PAGE,
                        List.of(Route.Param.required("name", "string", "the file")), List.of(), req -> {
                            String type = ASSETS.get(req.pathParam("name"));
                            if (type == null) {
                                throw ApiError.notFound("no page asset '" + req.pathParam("name") + "'", null);
                            }
                            return file(req.pathParam("name"), type);
                        }),
                new Route("POST", SESSION, "Starts the page's session: its CSRF value, and the token's cookie"
                        + " when authenticated by the bearer token", Route.Access.READ, List.of(), List.of(),
                        this::start));
    }

    private Reply start(Request req) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("csrf", session.csrf());
        m.put("token_required", settings.tokenRequired());
        m.put("listen_public", settings.listenPublic());
        Map<String, String> headers = req.bearer() && settings.tokenRequired()
                ? Map.of("Set-Cookie", session.setCookie(port.getAsInt())) : Map.of();
        return new Reply(200, m, "application/json", headers);
    }

    private static Reply file(String name, String type) throws IOException {
        try (InputStream in = WebPage.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks the page's " + name);
            }
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Content-Security-Policy", CSP);
            headers.put("Referrer-Policy", "no-referrer");
            headers.put("X-Frame-Options", "DENY");
            return new Reply(200, in.readAllBytes(), type, headers);
        }
    }
}
