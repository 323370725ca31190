package dev.recall.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's firefox-esr, headless, driven through its built-in WebDriver BiDi agent ({@code --remote-debugging-port}):
 * no geckodriver, which Debian does not package and this machine cannot download. Each launch gets a fresh profile
 * whose user.js turns off every background service that would reach the network (updates, telemetry, studies,
 * remote settings, safebrowsing, captive portal and connectivity checks, DNS over HTTPS, prefetching), and sends
 * whatever would still leave 127.0.0.1 to a local proxy that records it ({@link #offLoopback()}) instead of the
 * network. A colour scheme is a profile preference, so changing it relaunches the browser.
 */
final class FirefoxBrowser implements Browser {
    static final Path FIREFOX = Path.of(System.getProperty("recall.firefox", "/usr/bin/firefox-esr"));
    private static final Pattern LISTENING = Pattern.compile("WebDriver BiDi listening on (ws://\\S+)");

    private final Path profiles;
    private final ProxyRecorder proxy;
    private int launches;
    private String scheme = "light";
    private Process process;
    private BiDiConnection bidi;
    private String context;
    private int width = 1440;
    private int height = 1000;

    FirefoxBrowser(Path profiles) {
        this.profiles = profiles;
        this.proxy = new ProxyRecorder();
        launch();
    }

    static String unavailable() {
        return Browser.unavailable("firefox", "Firefox", List.of(FIREFOX), "apt-get install -y firefox-esr");
    }

    /** The requests the browser tried to send beyond 127.0.0.1 (the recording proxy's log): none is wanted. */
    List<String> offLoopback() {
        return proxy.requests();
    }

    private void launch() {
        Path profile = profiles.resolve("firefox-" + (++launches));
        Path log = profiles.resolve("firefox-" + launches + ".log");
        try {
            Files.createDirectories(profile);
            Files.writeString(profile.resolve("user.js"), userJs());
            ProcessBuilder builder = new ProcessBuilder(FIREFOX.toString(), "--headless", "--no-remote",
                    "--remote-debugging-port=0", "--profile", profile.toString(), "about:blank")
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            // Firefox's own switch for test runs: connections beyond the local machine are refused
            builder.environment().put("MOZ_DISABLE_NONLOCAL_CONNECTIONS", "1");
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + FIREFOX + ": " + e.getMessage(), e);
        }
        bidi = new BiDiConnection(URI.create(endpoint(log) + "/session"));
        bidi.send("session.new", Map.of("capabilities", Map.of()));
        context = bidi.send("browsingContext.getTree", Map.of()).path("contexts").get(0).path("context").asText();
        resize(width, height);
    }

    /** Waits for the line where Firefox names its BiDi endpoint (it picks a free port for port 0). */
    private String endpoint(Path log) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (Instant.now().isBefore(deadline)) {
            try {
                Matcher m = LISTENING.matcher(Files.readString(log));
                if (m.find()) {
                    return m.group(1);
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("firefox exited with status " + process.exitValue() + ": "
                            + Files.readString(log));
                }
                Thread.sleep(100);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + log, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while firefox starts", e);
            }
        }
        throw new IllegalStateException("firefox named no BiDi endpoint within 90 s; see " + log);
    }

    private String userJs() {
        Map<String, Object> prefs = new LinkedHashMap<>();
        // the page's colour preference, as a system setting would give it (0 dark, 1 light)
        prefs.put("layout.css.prefers-color-scheme.content-override", scheme.equals("dark") ? 0 : 1);
        prefs.put("ui.systemUsesDarkTheme", scheme.equals("dark") ? 1 : 0);
        // anything that would still leave 127.0.0.1 goes to the recording proxy, never to the network
        prefs.put("network.proxy.type", 1);
        for (String kind : List.of("http", "ssl")) {
            prefs.put("network.proxy." + kind, "127.0.0.1");
            prefs.put("network.proxy." + kind + "_port", proxy.port());
        }
        prefs.put("network.proxy.allow_hijacking_localhost", false);
        prefs.put("network.proxy.socks_remote_dns", true);
        for (String off : List.of("app.update.auto", "app.update.enabled", "app.update.staging.enabled",
                "app.update.service.enabled", "app.normandy.enabled", "app.shield.optoutstudies.enabled",
                "messaging-system.rsexperimentloader.enabled", "nimbus.profilesdatastoreservice.enabled",
                "browser.safebrowsing.malware.enabled", "browser.safebrowsing.phishing.enabled",
                "browser.safebrowsing.downloads.enabled", "browser.safebrowsing.downloads.remote.enabled",
                "browser.safebrowsing.blockedURIs.enabled", "browser.safebrowsing.passwords.enabled",
                "browser.safebrowsing.provider.google4.gethashURL", "browser.search.update",
                "browser.region.update.enabled", "browser.newtabpage.enabled", "browser.newtabpage.activity-stream.feeds.telemetry",
                "browser.newtabpage.activity-stream.telemetry", "browser.newtabpage.activity-stream.feeds.topsites",
                "browser.newtabpage.activity-stream.feeds.section.topstories", "browser.newtabpage.activity-stream.showSponsored",
                "browser.newtabpage.activity-stream.showSponsoredTopSites", "browser.topsites.contile.enabled",
                "browser.aboutwelcome.enabled", "browser.shell.checkDefaultBrowser", "browser.ping-centre.telemetry",
                "browser.discovery.enabled", "browser.urlbar.quicksuggest.enabled", "browser.urlbar.suggest.quicksuggest.sponsored",
                "browser.urlbar.suggest.quicksuggest.nonsponsored", "browser.contentblocking.report.lockwise.enabled",
                "browser.uitour.enabled", "browser.vpn_promo.enabled", "browser.translations.enable",
                "browser.ml.enable", "browser.ml.chat.enabled", "browser.tabs.crashReporting.sendReport",
                "datareporting.healthreport.uploadEnabled", "datareporting.policy.dataSubmissionEnabled",
                "datareporting.usage.uploadEnabled", "toolkit.telemetry.enabled", "toolkit.telemetry.unified",
                "toolkit.telemetry.archive.enabled", "toolkit.telemetry.updatePing.enabled",
                "toolkit.telemetry.shutdownPingSender.enabled", "toolkit.telemetry.firstShutdownPing.enabled",
                "toolkit.telemetry.newProfilePing.enabled", "toolkit.telemetry.bhrPing.enabled",
                "toolkit.coverage.opt-out", "network.captive-portal-service.enabled", "network.connectivity-service.enabled",
                "network.prefetch-next", "network.predictor.enabled",
                "extensions.update.enabled", "extensions.update.autoUpdateDefault", "extensions.getAddons.cache.enabled",
                "extensions.blocklist.enabled", "extensions.systemAddon.update.enabled", "extensions.pocket.enabled",
                "media.gmp-manager.updateEnabled", "media.gmp-gmpopenh264.enabled", "media.gmp-widevinecdm.enabled",
                "identity.fxaccounts.enabled", "services.sync.enabled", "geo.enabled", "geo.provider.use_geoclue",
                "security.remote_settings.crlite_filters.enabled", "security.remote_settings.intermediates.enabled",
                "privacy.trackingprotection.enabled", "browser.safebrowsing.update.enabled",
                "signon.management.page.breach-alerts.enabled", "browser.places.speculativeConnect.enabled",
                "browser.urlbar.speculativeConnect.enabled")) {
            prefs.put(off, false);
        }
        // remote settings: the remote agent's own value, honoured by a release build only under
        // MOZ_DISABLE_NONLOCAL_CONNECTIONS (set at launch), where it turns every remote-settings sync off
        prefs.put("services.settings.server", "data:,#remote-settings-dummy/v1");
        prefs.put("network.dns.disablePrefetch", true);
        prefs.put("network.http.speculative-parallel-limit", 0);
        prefs.put("network.trr.mode", 5);
        prefs.put("security.OCSP.enabled", 0);
        prefs.put("app.update.disabledForTesting", true);
        prefs.put("browser.startup.page", 0);
        prefs.put("browser.startup.homepage", "about:blank");
        prefs.put("startup.homepage_welcome_url", "");
        prefs.put("browser.startup.homepage_override.mstone", "ignore");
        for (String url : List.of("app.normandy.api_url", "app.update.url", "toolkit.telemetry.server",
                "browser.region.network.url", "browser.search.geoip.url",
                "captivedetect.canonicalURL", "network.connectivity-service.IPv4.url",
                "network.connectivity-service.IPv6.url", "extensions.systemAddon.update.url", "media.gmp-manager.url",
                "geo.provider.network.url", "browser.safebrowsing.provider.google4.updateURL",
                "browser.safebrowsing.provider.google.updateURL", "browser.safebrowsing.provider.mozilla.updateURL",
                "extensions.getAddons.search.browseURL", "extensions.webservice.discoverURL",
                "identity.fxaccounts.remote.root", "datareporting.healthreport.infoURL")) {
            prefs.put(url, "http://127.0.0.1:9/disabled");
        }
        StringBuilder js = new StringBuilder();
        prefs.forEach((k, v) -> js.append("user_pref(\"").append(k).append("\", ")
                .append(v instanceof String s ? "\"" + s + "\"" : v).append(");\n"));
        return js.toString();
    }

    @Override
    public void get(String url) {
        bidi.send("browsingContext.navigate", Map.of("context", context, "url", url, "wait", "complete"));
    }

    @Override
    public Object script(String body, Object... args) {
        List<Map<String, Object>> values = new ArrayList<>();
        for (Object a : args) {
            values.add(a instanceof Number n ? Map.of("type", "number", "value", n)
                    : a instanceof Boolean b ? Map.of("type", "boolean", "value", b)
                    : Map.of("type", "string", "value", String.valueOf(a)));
        }
        JsonNode r = bidi.send("script.callFunction", Map.of("functionDeclaration", "function() {" + body + "}",
                "arguments", values, "awaitPromise", true, "target", Map.of("context", context)));
        if ("exception".equals(r.path("type").asText())) {
            throw new IllegalStateException("the script failed: " + r.path("exceptionDetails").path("text").asText());
        }
        return value(r.path("result"));
    }

    /** A BiDi remote value as a plain Java value, as WebDriver's executeScript answers it. */
    private static Object value(JsonNode v) {
        return switch (v.path("type").asText()) {
            case "string" -> v.path("value").asText();
            case "boolean" -> v.path("value").asBoolean();
            case "number" -> v.path("value").isIntegralNumber() ? (Object) v.path("value").asLong()
                    : v.path("value").isNumber() ? (Object) v.path("value").asDouble() : v.path("value").asText();
            case "array" -> {
                List<Object> list = new ArrayList<>();
                v.path("value").forEach(item -> list.add(value(item)));
                yield list;
            }
            case "object" -> {
                Map<String, Object> map = new LinkedHashMap<>();
                v.path("value").forEach(pair -> map.put(pair.get(0).asText(), value(pair.get(1))));
                yield map;
            }
            case "node" -> v.path("sharedId").asText();
            default -> null;
        };
    }

    /** The element's shared id, scrolled to the middle of the viewport first as a user would. */
    private String element(String css, boolean scroll) {
        JsonNode r = bidi.send("script.callFunction", Map.of("functionDeclaration", "function(css, scroll) {"
                        + " const e = document.querySelector(css); if (!e) throw new Error('no element matches ' + css);"
                        + " if (scroll) e.scrollIntoView({block: 'center'}); return e; }",
                "arguments", List.of(Map.of("type", "string", "value", css), Map.of("type", "boolean", "value", scroll)),
                "awaitPromise", false, "target", Map.of("context", context)));
        if ("exception".equals(r.path("type").asText())) {
            throw new IllegalStateException(r.path("exceptionDetails").path("text").asText());
        }
        return r.path("result").path("sharedId").asText();
    }

    @Override
    public void click(String css) {
        String id = element(css, true);
        bidi.send("input.performActions", Map.of("context", context, "actions", List.of(Map.of("type", "pointer",
                "id", "mouse", "parameters", Map.of("pointerType", "mouse"), "actions", List.of(
                        Map.of("type", "pointerMove", "x", 0, "y", 0, "origin",
                                Map.of("type", "element", "element", Map.of("sharedId", id))),
                        Map.of("type", "pointerDown", "button", 0), Map.of("type", "pointerUp", "button", 0))))));
        bidi.send("input.releaseActions", Map.of("context", context));
    }

    @Override
    public void type(String css, CharSequence... keys) {
        element(css, true);
        script("const e = document.querySelector(arguments[0]); e.focus();"
                + " if (typeof e.setSelectionRange === 'function' && /^(text|search|password|url|email)$|^$/.test(e.type || ''))"
                + " e.setSelectionRange(e.value.length, e.value.length);", css);
        List<Map<String, Object>> actions = new ArrayList<>();
        String text = String.join("", keys);
        text.codePoints().forEach(cp -> {
            String key = Character.toString(cp);
            actions.add(Map.of("type", "keyDown", "value", key));
            actions.add(Map.of("type", "keyUp", "value", key));
        });
        bidi.send("input.performActions", Map.of("context", context, "actions",
                List.of(Map.of("type", "key", "id", "keyboard", "actions", actions))));
        bidi.send("input.releaseActions", Map.of("context", context));
    }

    @Override
    public void clearCookies() {
        bidi.send("storage.deleteCookies", Map.of());
    }

    @Override
    public void resize(int width, int height) {
        this.width = width;
        this.height = height;
        bidi.send("browsingContext.setViewport", Map.of("context", context,
                "viewport", Map.of("width", width, "height", height)));
    }

    @Override
    public void colorScheme(String scheme) {
        if (!scheme.equals(this.scheme)) {
            this.scheme = scheme;
            quit();
            launch();
        }
    }

    @Override
    public Path screenshot(String name) {
        Path to = Browser.screenshotFile(name);
        String data = bidi.send("browsingContext.captureScreenshot", Map.of("context", context)).path("data").asText();
        try {
            Files.write(to, Base64.getDecoder().decode(data));
        } catch (IOException e) {
            throw new AssertionError("cannot save the screenshot " + name + ": " + e.getMessage(), e);
        }
        return to;
    }

    private void quit() {
        try {
            bidi.send("browser.close", Map.of());
        } catch (IllegalStateException e) {
            // the browser may drop the connection before it answers; the process is ended below either way
        }
        bidi.close();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        quit();
        proxy.close();
    }
}
