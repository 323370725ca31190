package dev.recall.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.recall.store.ServiceMembers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Every request passes here: the guards (Host and Origin against DNS rebinding, the bearer token, size limits),
 * routing, the per-request timeout, and the JSON wording of results and errors.
 */
final class HttpApi implements HttpHandler {
    private static final Duration WRITE_TIMEOUT_FLOOR = Duration.ofMinutes(10);

    private record Compiled(Route route, Pattern pattern, List<String> names) {}

    private final ServeSettings settings;
    private final List<Compiled> routes = new ArrayList<>();
    private final ObjectMapper json;
    private final Activity activity;
    private final ExecutorService work;
    private final byte[] token;
    private final Members members;
    private final PageSession page;
    private final Consumer<String> log;
    private volatile int port;
    private volatile boolean draining;

    /** The team's members: who holds a bearer token other than the daemon's own, and with which role. */
    @FunctionalInterface
    interface Members {
        Optional<ServiceMembers.Member> byToken(String token);
    }

    HttpApi(ServeSettings settings, String token, Members members, PageSession page, List<Route> table,
            ObjectMapper json, Activity activity, ExecutorService work, Consumer<String> log) {
        this.settings = settings;
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.members = members;
        this.page = page;
        this.json = json;
        this.activity = activity;
        this.work = work;
        this.log = log;
        for (Route r : table) {
            routes.add(new Compiled(r, r.pattern(), r.pathParamNames()));
        }
    }

    void boundTo(int boundPort) {
        this.port = boundPort;
    }

    void drain() {
        draining = true;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        activity.begin();
        RequestTiming timing = new RequestTiming();
        Runnable afterwards = null;
        try {
            try (ex) {
                Object body;
                int status = 200;
                String type = "application/json";
                Map<String, String> headers = Map.of();
                try {
                    Object result = dispatch(ex, timing);
                    if (result instanceof Reply r) {
                        status = r.status();
                        body = r.body();
                        type = r.contentType();
                        headers = r.headers();
                        afterwards = r.afterwards();
                    } else {
                        body = result;
                    }
                } catch (Throwable t) {
                    ApiError e = Errors.of(t);
                    if (e.status() >= 500) {
                        log.accept(ex.getRequestMethod() + " " + ex.getRequestURI().getRawPath() + ": " + e.code()
                                + ": " + e.getMessage() + (t == e ? "" : " (" + t.getClass().getName() + ")"));
                    }
                    status = e.status();
                    body = e.body();
                    type = "application/json";
                    if (status == 401) {
                        headers = Map.of("WWW-Authenticate", "Bearer realm=\"recall\"");
                    } else if (status == 423 || status == 503) {
                        headers = Map.of("Retry-After", "2");
                    }
                }
                send(ex, status, type, headers, body, timing);
            }
            if (afterwards != null) {
                runAfterwards(ex, afterwards);
            }
        } finally {
            activity.end();
        }
    }

    /** Runs while the daemon still counts the request in flight, so a graceful stop waits for it too. */
    private void runAfterwards(HttpExchange ex, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            log.accept(ex.getRequestMethod() + " " + ex.getRequestURI().getRawPath() + ": after the answer: "
                    + e.getMessage() + " (" + e.getClass().getName() + ")");
        }
    }

    private void send(HttpExchange ex, int status, String type, Map<String, String> headers, Object body,
            RequestTiming timing) throws IOException {
        byte[] bytes = body instanceof byte[] raw ? raw
                : body instanceof String s && !type.startsWith("application/json") ? s.getBytes(StandardCharsets.UTF_8)
                : json.writeValueAsBytes(body);
        Headers h = ex.getResponseHeaders();
        h.set("Content-Type", type);
        h.set("Cache-Control", "no-store");
        h.set("X-Content-Type-Options", "nosniff");
        headers.forEach(h::set);
        h.set(RequestTiming.HEADER, timing.header());
        if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private Object dispatch(HttpExchange ex, RequestTiming timing) throws Exception {
        String path = ex.getRequestURI().getPath();
        String method = ex.getRequestMethod().toUpperCase(Locale.ROOT);
        Compiled matched = null;
        Map<String, String> params = new java.util.LinkedHashMap<>();
        Set<String> allowed = new HashSet<>();
        for (Compiled c : routes) {
            var m = c.pattern().matcher(path);
            if (!m.matches()) {
                continue;
            }
            boolean methodOk = c.route().method().equals(method) || (method.equals("HEAD") && c.route().method().equals("GET"));
            if (!methodOk) {
                allowed.add(c.route().method());
                continue;
            }
            for (String name : c.names()) {
                params.put(name, java.net.URLDecoder.decode(m.group(name.replace("_", "")), StandardCharsets.UTF_8));
            }
            matched = c;
            break;
        }
        Auth auth = guard(ex, matched == null ? null : matched.route());
        String rawQuery = ex.getRequestURI().getRawQuery();
        if (rawQuery != null && rawQuery.length() > settings.maxQueryChars()) {
            throw new ApiError(414, "query_too_long", "the query string has " + rawQuery.length()
                    + " characters; the limit is " + settings.maxQueryChars(), "send long text in a POST body");
        }
        if (draining) {
            throw new ApiError(503, "shutting_down", "the daemon is shutting down", "start it again with `recall serve`");
        }
        if (matched != null) {
            return run(matched.route(), ex, params, rawQuery, auth, timing);
        }
        if (!allowed.isEmpty()) {
            throw new ApiError(405, "method_not_allowed", method + " is not allowed on " + path, "use "
                    + String.join(" or ", allowed.stream().sorted().toList()));
        }
        throw new ApiError(404, "no_route", "no API route " + method + " " + path,
                "GET /api/v1/openapi.json lists the routes");
    }

    private Object run(Route route, HttpExchange ex, Map<String, String> params, String rawQuery, Auth auth,
            RequestTiming timing) throws Exception {
        boolean loopback = isLoopback(ex);
        if (auth == Auth.MEMBER && (route.access() == Route.Access.WRITE
                || route.access() == Route.Access.LOCAL_WRITE)) {
            throw new ApiError(403, "forbidden", route.method() + " " + route.path() + " changes the team's store;"
                    + " a member's token only reads it", "ask an admin of this recall service");
        }
        if (route.access() == Route.Access.TOKEN && auth != Auth.BEARER && auth != Auth.MEMBER) {
            throw new ApiError(401, "unauthorized", route.method() + " " + route.path() + " needs the bearer token",
                    "send Authorization: Bearer <token> (the token is in <data>/serve.json)");
        }
        if (route.access() == Route.Access.LOCAL_WRITE && !loopback && auth == Auth.NONE) {
            throw new ApiError(403, "local_only", route.method() + " " + route.path()
                    + " is only served to clients on this machine", null);
        }
        byte[] body = readBody(ex);
        Request request = new Request(route.method(), ex.getRequestURI().getPath(), params,
                Request.parseQuery(rawQuery), body, loopback, ex.getRequestHeaders(), json, auth == Auth.BEARER);
        Set<String> known = new HashSet<>();
        route.params().stream().filter(p -> !route.path().contains("{" + p.name() + "}")).forEach(p -> known.add(p.name()));
        request.rejectUnknownParams(known);
        Duration timeout = route.access() == Route.Access.READ || route.access() == Route.Access.PAGE
                ? settings.requestTimeout()
                : max(settings.requestTimeout(), WRITE_TIMEOUT_FLOOR);
        timing.submitted();
        Future<Object> f = work.submit(() -> {
            timing.started();
            try {
                return route.handler().handle(request);
            } finally {
                timing.finished();
            }
        });
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // The answer is abandoned, the work is not interrupted: a read may be rebuilding or syncing an index, and
            // interrupting Lucene's file I/O closes its channels, aborting the rebuild for the next request to start
            // again (a rebuild longer than the timeout never finished). A write finishes and is never half-done.
            throw new ApiError(503, "timeout", route.method() + " " + route.path() + " took longer than "
                    + timeout.toSeconds() + " s", route.access() == Route.Access.READ
                            ? "narrow the request or retry" : "the write goes on; check GET /api/v1/health");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : new RuntimeException(e.getCause());
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private byte[] readBody(HttpExchange ex) throws IOException {
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        long declared = -1;
        if (length != null) {
            try {
                declared = Long.parseLong(length.strip());
            } catch (NumberFormatException e) {
                throw ApiError.badRequest("Content-Length is not a number: '" + length + "'");
            }
        }
        try (InputStream in = ex.getRequestBody()) {
            if (declared > settings.maxBodyBytes()) {
                drain(in);
                throw tooLarge();
            }
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, settings.maxBodyBytes() + 1));
            if (bytes.length > settings.maxBodyBytes()) {
                drain(in);
                throw tooLarge();
            }
            return bytes;
        }
    }

    /**
     * Reads and drops what the client sent (up to a bound): closing a connection with unread bytes resets it, and
     * the client would see a reset instead of the 413 that says what is wrong.
     */
    private static void drain(InputStream in) throws IOException {
        byte[] sink = new byte[64 << 10];
        long left = 64L << 20;
        for (int n; left > 0 && (n = in.read(sink, 0, (int) Math.min(sink.length, left))) > 0; ) {
            left -= n;
        }
    }

    private ApiError tooLarge() {
        return new ApiError(413, "body_too_large", "the request body exceeds " + settings.maxBodyBytes() + " bytes",
                "send less at once (import large files in parts)");
    }

    /**
     * What authenticated a request: the daemon's bearer token or an admin member's (everything), a member's token
     * (reads, and MCP), the page's cookie (with its CSRF value), or nothing.
     */
    private enum Auth { NONE, BEARER, MEMBER, COOKIE }

    /**
     * Token first (a valid token lets a public daemon serve any Host/Origin), then Host and Origin: a page in a
     * browser that resolved some name to 127.0.0.1 (DNS rebinding) sends that name as Host, and is refused. The
     * page's cookie counts only with the page's CSRF value and from the page's own origin; any write a browser sends
     * needs that value too, so another site can neither read the archive nor change it.
     */
    private Auth guard(HttpExchange ex, Route route) {
        Headers h = ex.getRequestHeaders();
        Auth auth = authenticate(h);
        if (route != null && route.access() == Route.Access.PAGE) {
            if (!settings.listenPublic()) {
                checkHostAndOrigin(h);
            }
            return auth; // a link from anywhere may open the page; it holds no data
        }
        String site = h.getFirst("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            throw new ApiError(403, "bad_origin", "a request from another site (" + site + ") may not call this"
                    + " daemon", null);
        }
        if (auth == Auth.NONE && settings.tokenRequired()) {
            throw new ApiError(401, "unauthorized", "this daemon needs a bearer token on every request",
                    "send Authorization: Bearer <token> (the token is in <data>/serve.json)");
        }
        String origin = h.getFirst("Origin");
        if (auth == Auth.COOKIE && origin != null && !origin.equals("http://" + h.getFirst("Host"))) {
            throw new ApiError(403, "bad_origin", "Origin '" + origin + "' is not the page's", null);
        }
        if (auth == Auth.NONE || !settings.listenPublic()) {
            checkHostAndOrigin(h);
        }
        boolean sessionStart = route != null && route.path().equals(WebPage.SESSION);
        if (auth == Auth.MEMBER) {
            return auth; // a member's client is a program with its token, never a page with a cookie
        }
        boolean browser = origin != null || site != null || h.getFirst("Cookie") != null;
        boolean reads = ex.getRequestMethod().equalsIgnoreCase("GET") || ex.getRequestMethod().equalsIgnoreCase("HEAD");
        if (!sessionStart && auth != Auth.BEARER && (auth == Auth.COOKIE || (browser && !reads))
                && !page.csrfMatches(h.getFirst(PageSession.CSRF_HEADER))) {
            throw new ApiError(403, "csrf", "a request from a browser needs the page's " + PageSession.CSRF_HEADER
                    + " header", "reload the page (" + WebPage.PAGE + ")");
        }
        return auth;
    }

    /**
     * A wrong bearer token is refused everywhere; a stale page cookie (an earlier daemon's) is only ignored. A token
     * that is not the daemon's own is looked up among the team's members on every request, so a revoked one is
     * refused at once.
     */
    private Auth authenticate(Headers h) {
        String auth = h.getFirst("Authorization");
        if (auth != null) {
            if (!auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
                throw new ApiError(401, "unauthorized", "the Authorization header is not a bearer token",
                        "send Authorization: Bearer <token>");
            }
            String presented = auth.substring(7).strip();
            if (MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), token)) {
                return Auth.BEARER;
            }
            Optional<ServiceMembers.Member> member = presented.isEmpty() ? Optional.empty()
                    : members.byToken(presented);
            if (member.isEmpty()) {
                throw new ApiError(401, "unauthorized", "the bearer token is neither this daemon's nor an active"
                        + " member's", "use the token in <data>/serve.json or the one `recall members add` gave");
            }
            return member.get().role() == ServiceMembers.Role.ADMIN ? Auth.BEARER : Auth.MEMBER;
        }
        return page.cookieMatches(h.getFirst("Cookie"), port) ? Auth.COOKIE : Auth.NONE;
    }

    private void checkHostAndOrigin(Headers h) {
        String host = h.getFirst("Host");
        if (host == null || !localNames().contains(host.toLowerCase(Locale.ROOT))) {
            throw new ApiError(403, "bad_host", "Host '" + host + "' is not this daemon's address",
                    "connect to http://127.0.0.1:" + port);
        }
        String origin = h.getFirst("Origin");
        if (origin != null && !origin.equals("null") && !localNames().contains(
                origin.toLowerCase(Locale.ROOT).replaceFirst("^https?://", ""))) {
            throw new ApiError(403, "bad_origin", "Origin '" + origin + "' may not call this daemon", null);
        }
        if (origin != null && origin.equals("null")) {
            throw new ApiError(403, "bad_origin", "an opaque origin may not call this daemon", null);
        }
    }

    private Set<String> localNames() {
        Set<String> names = new HashSet<>();
        for (String h : List.of("127.0.0.1", "localhost", "[::1]")) {
            names.add(h + ":" + port);
        }
        if (!settings.listenPublic() && !List.of("127.0.0.1", "localhost", "::1").contains(settings.host())) {
            names.add(settings.host() + ":" + port);
        }
        return names;
    }

    private static boolean isLoopback(HttpExchange ex) {
        InetSocketAddress remote = ex.getRemoteAddress();
        if (remote == null || remote.getAddress() == null || !remote.getAddress().isLoopbackAddress()) {
            return false;
        }
        // A reverse proxy on this machine relays remote clients from a loopback address; they are not local.
        Headers h = ex.getRequestHeaders();
        return h.getFirst("X-Forwarded-For") == null && h.getFirst("Forwarded") == null
                && h.getFirst("X-Real-IP") == null;
    }
}
