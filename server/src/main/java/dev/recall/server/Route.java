package dev.recall.server;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One operation of the API: method, path template ({@code /api/v1/recall/entries/{id}}), what it does, its
 * parameters and body fields (for validation and the OpenAPI document), whether it writes, and its media types when
 * they are not JSON (null: JSON).
 */
record Route(String method, String path, String summary, Access access, List<Param> params, List<Param> body,
        Handler handler, Media media) {

    /** A route whose request body (if any) and answer are JSON. */
    Route(String method, String path, String summary, Access access, List<Param> params, List<Param> body,
            Handler handler) {
        this(method, path, summary, access, params, body, handler, null);
    }

    /** A route that is not JSON both ways: its request's and its answer's media types, each with what it holds. */
    record Media(String request, String requestHolds, String answer, String answerHolds) {}

    /**
     * Reads run concurrently; writes take the archive's write lock; local writes also refuse remote clients; the
     * page's own files hold no data and are served without the token; token routes (MCP) demand the bearer token
     * from every client, loopback included.
     */
    enum Access { READ, WRITE, LOCAL_WRITE, PAGE, TOKEN }

    /** A query/path parameter or body field: name, JSON type, description. */
    record Param(String name, String type, String description, boolean required) {
        static Param of(String name, String type, String description) {
            return new Param(name, type, description, false);
        }

        static Param required(String name, String type, String description) {
            return new Param(name, type, description, true);
        }
    }

    @FunctionalInterface
    interface Handler {
        Object handle(Request request) throws Exception;
    }

    Pattern pattern() {
        Matcher m = Pattern.compile("\\{([a-z_]+)}").matcher(path);
        StringBuilder b = new StringBuilder();
        int last = 0;
        while (m.find()) {
            b.append(Pattern.quote(path.substring(last, m.start()))).append("(?<").append(m.group(1).replace("_", ""))
                    .append(">[^/]+)");
            last = m.end();
        }
        b.append(Pattern.quote(path.substring(last)));
        return Pattern.compile(b.toString());
    }

    List<String> pathParamNames() {
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("\\{([a-z_]+)}").matcher(path);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
