package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;

/**
 * The web page in a real browser against a real daemon on 127.0.0.1 over the testdata corpus: what a person does on
 * each tab, checked against what the JSON API answers, with screenshots of every tab at 360 and 1440 px in
 * target/screenshots. The same scenarios run in each browser ({@link WebPageChromiumTest}, {@link WebPageFirefoxTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class WebPageScenarios {
    private static final Duration WAIT = Duration.ofSeconds(60);

    Path tmp;
    TestDaemon d;
    Browser browser;
    String base;
    String skipped;

    /** Why this browser cannot run here, or null (see {@link Browser#unavailable}). */
    abstract String unavailable();

    abstract Browser launch(Path profiles);

    /**
     * Whether the keys this harness sends activate a focused button as a person's keys do. Firefox's BiDi agent
     * delivers keydown, keypress and keyup to the button but never its activation (measured on firefox-esr 153 with
     * Enter, Return and Space; geckodriver issue 886 reports the same), so there the scenario stops at checking that
     * the control is a native button, which Firefox activates for a real keyboard.
     */
    boolean keysActivateButtons() {
        return true;
    }

    /** The prefix of this browser's screenshot names ("" for the one whose screenshots docs/ shows). */
    abstract String shots();

    /** A failing step leaves a screenshot and the page's alert text behind, to see what the browser showed. */
    @RegisterExtension
    final TestWatcher onFailure = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            if (browser != null) {
                try {
                    Path shot = browser.screenshot(shots() + "failed-" + context.getRequiredTestMethod().getName());
                    System.err.println("screenshot of the failure: " + shot + "; alert: " + text("#alert"));
                } catch (RuntimeException e) {
                    System.err.println("no screenshot of the failure: " + e);
                }
            }
        }
    };

    @BeforeAll
    void start(@TempDir Path dir) {
        tmp = dir;
        skipped = unavailable();
        if (skipped != null) {
            return;
        }
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        try {
            // no [insights] endpoint: a fake agent CLI writes the insights, reading the prompt from stdin
            Path agent = tmp.resolve("fake-claude");
            Files.writeString(agent, "#!/bin/sh\ncat > /dev/null\necho '## Friction'\n"
                    + "echo 'The integration tests needed make migrate-test first.'\n");
            Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwx------"));
            Files.writeString(data.resolve("config.toml"), "[agent.claude]\nbinary = \"" + agent + "\"\n");
            Files.createDirectories(tmp.resolve("profiles"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()));
        base = "http://127.0.0.1:" + d.daemon.info().port();
        browser = launch(tmp.resolve("profiles"));
    }

    /** Each test reports itself skipped, with the reason, when the browser is missing: never a silent pass. */
    @BeforeEach
    void browserPresent() {
        Assumptions.assumeTrue(skipped == null, skipped);
    }

    @AfterAll
    void stop() {
        if (browser != null) {
            browser.close();
        }
        if (d != null) {
            d.close();
        }
    }

    // ---- what the scenarios do with the page ---------------------------------------------------------------------

    /** Loads the page afresh (never a same-document hash change) and waits until it says it is ready. */
    void open(String hash) {
        open(base, hash);
    }

    void open(String origin, String hash) {
        browser.get("about:blank");
        browser.get(origin + "/recall" + hash);
        waitFor("the page to be ready", () -> (Boolean) browser.script("return document.body.dataset.ready === 'true'"));
    }

    void waitFor(String what, Supplier<Boolean> condition) {
        waitFor(what, condition, WAIT);
    }

    void waitFor(String what, Supplier<Boolean> condition, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        RuntimeException last = null;
        while (Instant.now().isBefore(deadline)) {
            try {
                if (Boolean.TRUE.equals(condition.get())) {
                    return;
                }
                last = null;
            } catch (RuntimeException e) {
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
        fail("waited " + timeout.toSeconds() + " s for " + what + (last == null ? "" : ": " + last.getMessage())
                + "; alert: " + text("#alert"));
    }

    /** The element's rendered text with runs of spaces and tabs as one space (as WebDriver's), or null. */
    String text(String css) {
        return (String) browser.script("const e = document.querySelector(arguments[0]);"
                + " return e ? e.innerText.replace(/[ \\t\\u00a0]+/g, ' ') : null;", css);
    }

    boolean visible(String css) {
        return (Boolean) browser.script("const e = document.querySelector(arguments[0]);"
                + " return !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';", css);
    }

    int count(String css) {
        return ((Number) browser.script("return document.querySelectorAll(arguments[0]).length", css)).intValue();
    }

    void waitVisible(String css) {
        waitFor(css + " to be shown", () -> visible(css));
    }

    void waitText(String css, String text) {
        waitFor("'" + text + "' in " + css, () -> {
            String t = text(css);
            return t != null && t.contains(text);
        });
    }

    /** Chooses an option the way a change of the select does (the page reacts to its change event). */
    void select(String css, String value) {
        browser.script("const s = document.querySelector(arguments[0]);"
                + " if (![...s.options].some(o => o.value === arguments[1])) throw new Error('no option ' + arguments[1]);"
                + " s.focus(); s.value = arguments[1]; s.dispatchEvent(new Event('input', {bubbles: true}));"
                + " s.dispatchEvent(new Event('change', {bubbles: true}));", css, value);
    }

    void clear(String css) {
        browser.script("const e = document.querySelector(arguments[0]); e.value = '';"
                + " e.dispatchEvent(new Event('input', {bubbles: true}));", css);
    }

    @SuppressWarnings("unchecked")
    List<String> entryIds(String listId) {
        return (List<String>) browser.script("return [...document.querySelectorAll('#' + arguments[0] + ' > li')]"
                + ".map(li => li.getAttribute('data-entry'))", listId);
    }

    String activeId() {
        return (String) browser.script("return document.activeElement ? document.activeElement.id : null");
    }

    JsonNode api(String path) {
        Http.Response r = d.http.get(path);
        assertEquals(200, r.status(), r.toString());
        return r.json();
    }

    static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    // ---- the scenarios --------------------------------------------------------------------------------------------

    @Test
    @Order(1)
    void theCorpusTabFiltersAndCountsAsTheApiDoes() {
        open("");
        JsonNode all = api("/api/v1/recall/corpus?limit=50");
        waitText("#corpus-summary", all.path("total").asLong() + " entries match");
        assertEquals(ids(all), entryIds("corpus-list"), "newest first, as the API lists them");

        select("#corpus-filters [name=project]", "ledgerd");
        select("#corpus-filters [name=type]", "warning");
        JsonNode filtered = api("/api/v1/recall/corpus?limit=50&project=ledgerd&type=warning");
        assertTrue(filtered.path("total").asLong() > 0 && filtered.path("total").asLong() < all.path("total").asLong());
        waitText("#corpus-summary", filtered.path("total").asLong() + " entries match");
        waitFor("the filtered list", () -> ids(filtered).equals(entryIds("corpus-list")));
        @SuppressWarnings("unchecked")
        List<String> heads = (List<String>) browser.script(
                "return [...document.querySelectorAll('#corpus-list .entry-head')].map(e => e.innerText)");
        for (String head : heads) {
            assertTrue(head.contains("warning"), head);
            assertTrue(head.contains("ledgerd"), head);
        }
        browser.type("#corpus-filters [name=text]", "never", Keys.ENTER);
        JsonNode byText = api("/api/v1/recall/corpus?limit=50&project=ledgerd&type=warning&text=never");
        assertTrue(byText.path("total").asLong() > 0
                && byText.path("total").asLong() < filtered.path("total").asLong(), byText.toString());
        waitText("#corpus-summary", byText.path("total").asLong() + " entries match");
        waitFor("the list filtered by text", () -> ids(byText).equals(entryIds("corpus-list")));

        // coverage: the counts of what the filters select by project and type, both kinds of generation
        browser.click("#coverage summary");
        waitVisible("#coverage-projects");
        String coverage = text("#coverage-projects");
        assertTrue(coverage.contains("ledgerd " + byText.path("by_project_type").path("ledgerd").path("warning").asLong()),
                coverage);
        assertTrue(text("#vectors").contains("corpus revision"), text("#vectors"));
        assertFalse(text("#extraction").isBlank());
    }

    @Test
    @Order(2)
    void anEntryExpandsAndItsEvidenceOpensTheTranscriptAtTheAnchoredMessages() {
        open("#entry=ledgerd-proc-001");
        JsonNode entry = api("/api/v1/recall/entries/ledgerd-proc-001/detail");
        waitVisible("#corpus-entry .evidence-link");
        String detail = text("#corpus-entry");
        assertTrue(detail.contains(entry.path("trigger").asText()), detail);
        assertTrue(detail.contains("Source session"), detail);
        assertTrue(detail.contains(entry.path("source_session_id").asText()), detail);
        assertTrue(detail.contains("Injection flags"), detail);
        assertTrue(detail.contains("Provenance"), detail);

        JsonNode anchor = entry.path("evidence").get(0);
        int start = anchor.path("start_ordinal").asInt();
        int end = anchor.path("end_ordinal").asInt();
        browser.click("#corpus-entry .evidence-link");
        waitVisible("#transcript .msg.hl");
        @SuppressWarnings("unchecked")
        List<Object> shown = (List<Object>) browser.script(
                "return [...document.querySelectorAll('#transcript .msg.hl')].map(m => m.getAttribute('data-ordinal'))");
        List<Integer> highlighted = shown.stream().map(o -> Integer.parseInt(o.toString())).toList();
        List<Integer> expected = new ArrayList<>();
        for (int i = start; i <= end; i++) {
            expected.add(i);
        }
        assertEquals(expected, highlighted, "exactly the anchored messages are highlighted");
        waitFor("focus on the first anchored message", () -> ("msg-" + start).equals(activeId()));
        Boolean inView = (Boolean) browser.script("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                + " return r.top >= 0 && r.top < window.innerHeight;", "msg-" + start);
        assertTrue(inView, "scrolled to the anchored message");
        String cited = text("#msg-" + start);
        assertTrue(cited.contains("ledgerd-proc-001"), "the message names the entries citing it: " + cited);
    }

    private void search(String query) {
        clear("#search-form [name=query]");
        browser.type("#search-form [name=query]", query, Keys.ENTER);
    }

    @Test
    @Order(3)
    void lexicalSearchShowsTheApisRankingWithItsScores() {
        open("#search");
        search("how do I run the integration tests");
        JsonNode r = d.http.post("/api/v1/recall/query", "{\"query\": \"how do I run the integration tests\","
                + " \"limit\": 10, \"record\": false}").json();
        waitFor("results", () -> !entryIds("search-results").isEmpty());
        assertEquals(ids(r), entryIds("search-results"));
        assertTrue(count("#search-results > li:first-child .snippet mark") > 0, "the snippet marks matched terms");
        browser.click("#search-results > li:first-child .scores summary");
        String scores = text("#search-results > li:first-child .scores");
        assertTrue(scores.contains("BM25 title") || scores.contains("BM25 body"), scores);
        assertTrue(scores.contains("boost"), scores);
    }

    @Test
    @Order(4)
    void staleVectorsAreRefusedAndBuiltOnlyOnClickThenVectorAndHybridAnswer() {
        open("#search");
        assertTrue(api("/api/v1/embeddings/status").path("generations").isEmpty(), "no vectors before the click");
        clear("#search-form [name=query]");
        browser.type("#search-form [name=query]", "the integration suite cannot reach the database");
        browser.click("#search-form input[value=vector]");
        browser.click("#search-form button[type=submit]");
        waitVisible("#search-stale");
        String refusal = text("#search-stale");
        assertTrue(refusal.contains("refused"), refusal);
        assertTrue(refusal.contains("Corpus revision"), refusal);
        browser.screenshot(shots() + "search-stale-1440");

        // cancelling the confirmation builds nothing
        browser.click("#build-vectors");
        waitVisible("#confirm");
        browser.click("#confirm-cancel");
        assertTrue(api("/api/v1/embeddings/status").path("generations").isEmpty(), "cancel builds nothing");

        browser.click("#build-vectors");
        waitVisible("#confirm");
        browser.click("#confirm-ok");
        waitFor("the vectors to be built and the query answered", () -> !entryIds("search-results").isEmpty(),
                Duration.ofMinutes(10));
        assertTrue(api("/api/v1/embeddings/status").path("fresh").asBoolean());
        assertTrue(text("#search-summary").contains("vector"), text("#search-summary"));

        browser.click("#search-form input[value=hybrid]");
        browser.click("#search-form button[type=submit]");
        waitText("#search-summary", "hybrid");
        JsonNode r = d.http.post("/api/v1/recall/query", "{\"query\": \"the integration suite cannot reach the"
                + " database\", \"mode\": \"hybrid\", \"limit\": 10, \"record\": false}").json();
        waitFor("the hybrid ranking", () -> ids(r).equals(entryIds("search-results")));
        browser.click("#search-results > li:first-child .scores summary");
        String scores = text("#search-results > li:first-child .scores");
        assertTrue(scores.contains("shares"), scores);
        assertTrue(scores.contains("cosine") || scores.contains("BM25"), scores);
    }

    @Test
    @Order(5)
    void reviewingAnEntryAsksFirstThenMakesItTrusted() {
        JsonNode candidates = api("/api/v1/recall/corpus?review_state=unreviewed_auto&status=accepted&limit=50");
        String id = null;
        for (JsonNode e : candidates.path("entries")) {
            if (e.path("provenance_ok").asBoolean() && e.path("transferable").asBoolean()) {
                id = e.path("id").asText();
                break;
            }
        }
        assertNotNull(id, "the testdata holds an unreviewed entry that can become trusted");
        open("#entry=" + id);
        waitVisible("#corpus-entry .review .reject");

        browser.click("#corpus-entry .review .reject");
        waitVisible("#confirm");
        browser.click("#confirm-cancel");
        waitText("#corpus-entry .review-status", "Nothing was changed");
        assertEquals("unreviewed_auto", api("/api/v1/recall/entries/" + id).path("review_state").asText());

        browser.click("#corpus-entry .review .accept");
        waitVisible("#confirm");
        assertTrue(text("#confirm-text").contains("trusted"), text("#confirm-text"));
        browser.click("#confirm-ok");
        waitFor("the trusted badge", () -> count("#corpus-entry .badge.trusted") > 0);
        JsonNode after = api("/api/v1/recall/entries/" + id + "/detail");
        assertEquals("human_reviewed", after.path("review_state").asText());
        assertTrue(after.path("trusted").asBoolean());
        assertEquals("correct", after.path("review").path("label").asText());
        assertEquals("http", after.path("review").path("source").asText());
        assertEquals(0, count("#corpus-entry .review .accept"), "a reviewed entry offers no second verdict");
    }

    @Test
    @Order(6)
    void theSessionsTabListsSessionsAndReadsATranscript() {
        open("#sessions");
        JsonNode list = api("/api/v1/sessions?limit=50");
        waitText("#sessions-summary", list.path("total").asLong() + " sessions");
        assertEquals(list.path("count").asInt(), count("#sessions-table tbody tr"));
        select("#session-filters [name=agent]", "claude-code");
        browser.click("#session-filters button[type=submit]");
        JsonNode claude = api("/api/v1/sessions?limit=50&agent=claude-code");
        waitText("#sessions-summary", claude.path("total").asLong() + " sessions");

        browser.click("#sessions-table tbody tr a");
        waitVisible("#transcript .msg");
        assertTrue(count("#transcript .msg details") > 0, "tool calls are shown");
        assertEquals(0, count("#transcript .msg details[open]"), "tool calls are collapsed");
        assertTrue(count("#transcript .msg .role") > 0);
    }

    @Test
    @Order(7)
    void anInsightIsGeneratedAfterAConfirmationThenExportedAndDeleted() {
        long before = api("/api/v1/insights").path("count").asLong();
        open("#insights");
        browser.script("const f = document.getElementById('insight-form');"
                + " f.elements.from.value = '2026-09-01'; f.elements.to.value = '2026-10-01';");
        browser.type("#insight-form [name=project]", "ledgerd");
        select("#insight-form [name=template]", "friction");
        browser.type("#insight-form [name=focus]", "the test database");
        browser.click("#insight-form button[type=submit]");
        waitVisible("#confirm");
        assertTrue(text("#confirm-text").contains("local agent CLI"), text("#confirm-text"));
        browser.click("#confirm-ok");
        waitText("#insight-view", "The integration tests needed make migrate-test first.");
        JsonNode list = api("/api/v1/insights");
        assertEquals(before + 1, list.path("count").asInt());
        JsonNode made = list.path("insights").get(0);
        assertEquals("agent", made.path("generator").asText());
        assertEquals("friction", made.path("template").asText());
        assertEquals("ledgerd", made.path("project").asText());
        assertEquals("the test database", made.path("focus").asText());
        String view = text("#insight-view");
        assertTrue(view.contains(made.path("sessions").asInt() + " sessions"), view);
        Http.Response md = d.http.get("/api/v1/insights/" + made.path("id").asLong() + "/markdown");
        assertEquals(200, md.status());
        assertTrue(md.headers().get("content-type").startsWith("text/markdown"));
        assertTrue(md.body().startsWith("# Insight " + made.path("id").asLong() + ": friction"), md.body());
        browser.screenshot(shots() + "insights-1440");

        browser.click("#insight-view button.danger");
        waitVisible("#confirm");
        browser.click("#confirm-ok");
        waitFor("the insight to be deleted", () -> api("/api/v1/insights").path("count").asInt() == before);
        assertEquals("not_found", d.http.get("/api/v1/insights/" + made.path("id").asLong()).errorCode());
        assertEquals("bad_request", d.http.get("/api/v1/insights/abc").errorCode());
        assertEquals("bad_request", d.http.post("/api/v1/insights", "{\"to\": \"2026-10-01\"}").errorCode());
    }

    @Test
    @Order(8)
    void theTabsAreKeyboardNavigable() {
        open("");
        browser.type("#tab-corpus", Keys.ARROW_RIGHT);
        waitFor("the search tab selected", () -> "true".equals(browser.script(
                "return document.getElementById('tab-search').getAttribute('aria-selected')")));
        assertEquals("tab-search", activeId());
        assertTrue(visible("#panel-search"));
        browser.type("#tab-search", Keys.END);
        waitFor("the insights tab selected", () -> "true".equals(browser.script(
                "return document.getElementById('tab-insights').getAttribute('aria-selected')")));
        browser.type("#tab-insights", Keys.ARROW_LEFT);
        waitFor("the sessions tab selected", () -> "true".equals(browser.script(
                "return document.getElementById('tab-sessions').getAttribute('aria-selected')")));

        // the skip link comes first in the tab order, and it moves focus to the content without leaving the view
        open("#entry=ledgerd-proc-001");
        waitVisible("#corpus-entry .evidence-link");
        assertEquals("skip", browser.script("return [...document.querySelectorAll('a[href], button, input, select,"
                + " textarea, summary, [tabindex]')].find(e => e.tabIndex >= 0 && !e.disabled).className"));
        browser.type("a.skip", Keys.ENTER);
        waitFor("focus in the content", () -> "main".equals(activeId()));
        assertTrue(visible("#corpus-entry .evidence-link"), "the open entry stays open");
        // the entry's evidence link answers Enter as a click does
        browser.type("#corpus-entry .evidence-link", Keys.ENTER);
        waitVisible("#transcript .msg.hl");

        // an entry in the list is a native button: focusable, and opened and closed with Enter
        open("");
        waitFor("the corpus list", () -> count("#corpus-list > li") > 0);
        assertEquals("BUTTON", browser.script("return document.querySelector('#corpus-list > li:first-child"
                + " .entry-head').tagName"));
        if (!keysActivateButtons()) {
            return;
        }
        browser.type("#corpus-list > li:first-child .entry-head", Keys.ENTER);
        waitFor("the entry opened by Enter", () -> "true".equals(browser.script("return document.querySelector("
                + "'#corpus-list > li:first-child .entry-head').getAttribute('aria-expanded')")));
        waitVisible("#corpus-list > li:first-child .detail");
        waitFor("the entry's detail loaded", () -> !text("#corpus-list > li:first-child .detail").contains("Loading"));
        browser.type("#corpus-list > li:first-child .entry-head", Keys.ENTER);
        waitFor("the entry closed by Enter", () -> !visible("#corpus-list > li:first-child .detail"));
    }

    @Test
    @Order(9)
    void everyTabAtBothWidthsInLightAndDark() {
        for (String scheme : List.of("light", "dark")) {
            browser.colorScheme(scheme);
            for (int width : List.of(1440, 360)) {
                browser.resize(width, width == 360 ? 900 : 1000);
                open("#entry=ledgerd-proc-001");
                waitVisible("#corpus-entry .evidence-link");
                noHorizontalScroll(width);
                browser.screenshot(shots() + "corpus-" + width + "-" + scheme);
                open("#search");
                search("how do I run the integration tests");
                waitFor("results", () -> !entryIds("search-results").isEmpty());
                browser.click("#search-results > li:first-child .scores summary");
                noHorizontalScroll(width);
                browser.screenshot(shots() + "search-" + width + "-" + scheme);
                open("#session=sess-ledgerd-0001&from=11&hl=13-14");
                waitVisible("#transcript .msg.hl");
                noHorizontalScroll(width);
                browser.screenshot(shots() + "sessions-" + width + "-" + scheme);
                open("#insights");
                noHorizontalScroll(width);
                browser.screenshot(shots() + "insights-" + width + "-" + scheme);
            }
            String bg = (String) browser.script("return getComputedStyle(document.body).backgroundColor");
            assertEquals(scheme.equals("dark") ? "rgb(21, 24, 28)" : "rgb(255, 255, 255)", bg, "follows the system");
        }
        browser.colorScheme("light");
        browser.resize(1440, 1000);
    }

    @Test
    @Order(10)
    void aPublicDaemonAsksForItsTokenRefusesAWrongOneThenWorks() {
        Path data = tmp.resolve("public");
        TestDaemon.seed(data);
        ServeSettings settings = TestDaemon.quiet().withHost("127.0.0.1", true, "the-public-token");
        try (TestDaemon pub = TestDaemon.start(data, settings, Map.of("HOME", tmp.toString()))) {
            String origin = "http://127.0.0.1:" + pub.daemon.info().port();
            long total = pub.http.get("/api/v1/recall/corpus?limit=1").json().path("total").asLong();
            browser.clearCookies();

            // a wrong token in the link: refused, asked for, and gone from the address at once
            browser.get("about:blank");
            browser.get(origin + "/recall#token=a-wrong-token");
            waitVisible("#login");
            waitText("#login-status", "refused");
            assertEquals("", browser.script("return location.hash"), "the token leaves the address");
            assertFalse(visible("#tabs"), "no tabs before the token");
            assertEquals(0, count("#corpus-list > li"), "nothing is shown without the token");
            assertNull(browser.script("return document.body.dataset.ready || null"));
            browser.screenshot(shots() + "login-1440");

            // a wrong one typed in: refused again; the right one: the page works, reads and writes
            browser.type("#login [name=token]", "still-wrong", Keys.ENTER);
            waitText("#login-status", "refused");
            assertEquals(0, count("#corpus-list > li"));
            browser.type("#login [name=token]", "the-public-token", Keys.ENTER);
            waitFor("the page to be ready", () -> (Boolean) browser.script("return document.body.dataset.ready === 'true'"));
            waitText("#corpus-summary", total + " entries match");
            assertFalse(visible("#login"));
            assertFalse(String.valueOf(browser.script("return document.cookie")).contains("the-public-token"),
                    "the cookie holding the token is out of scripts' reach");
            open(origin, "#search");
            assertFalse(visible("#login"), "the cookie carries the session across loads");
            search("how do I run the integration tests");
            waitFor("results from the public daemon", () -> !entryIds("search-results").isEmpty());

            // the link with the right token opens it without asking
            browser.clearCookies();
            open(origin, "#token=the-public-token");
            waitText("#corpus-summary", total + " entries match");
            assertEquals("", browser.script("return location.hash"));
            browser.screenshot(shots() + "public-1440");
        } finally {
            browser.clearCookies();
        }
    }

    /** Readable at this width: the page itself never scrolls sideways (wide tables scroll in their own box). */
    private void noHorizontalScroll(int width) {
        Number scroll = (Number) browser.script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
        if (scroll.intValue() > 0) {
            Object wide = browser.script("""
                    const w = document.documentElement.clientWidth; const out = [];
                    for (const el of document.querySelectorAll('body *')) {
                      const r = el.getBoundingClientRect();
                      if (r.right > w + 1 && !el.closest('.scroll')) out.push(el.tagName + '.' + el.className + '#' + el.id + ' ' + Math.round(r.right));
                    }
                    return out.slice(0, 8).join('; ');""");
            fail("the page scrolls sideways by " + scroll + " px at " + width + " px: " + wide);
        }
    }
}
