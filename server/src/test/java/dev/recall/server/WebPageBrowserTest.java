package dev.recall.server;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web page in a real browser (Debian's chromium, headless) against a real daemon on 127.0.0.1 over the
 * testdata corpus: what a person does on each tab, checked against what the JSON API answers, with screenshots of
 * every tab at 360 and 1440 px in target/screenshots.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebPageBrowserTest {
    @TempDir
    static Path tmp;
    static TestDaemon d;
    static Browser browser;
    static WebDriverWait wait;
    static String base;

    /** A failing step leaves a screenshot and the page's alert text behind, to see what the browser showed. */
    @org.junit.jupiter.api.extension.RegisterExtension
    static final org.junit.jupiter.api.extension.TestWatcher ON_FAILURE = new org.junit.jupiter.api.extension.TestWatcher() {
        @Override
        public void testFailed(org.junit.jupiter.api.extension.ExtensionContext context, Throwable cause) {
            if (browser != null) {
                Path shot = browser.screenshot("failed-" + context.getRequiredTestMethod().getName());
                System.err.println("screenshot of the failure: " + shot + "; alert: "
                        + browser.driver.findElement(By.id("alert")).getText());
            }
        }
    };

    static String skipped;

    @BeforeAll
    static void start() {
        skipped = Browser.unavailable();
        if (skipped != null) {
            return;
        }
        browser = Browser.start(tmp.resolve("profile"));
        Path data = tmp.resolve("data");
        TestDaemon.seed(data);
        d = TestDaemon.start(data, TestDaemon.quiet(), Map.of("HOME", tmp.toString()));
        base = "http://127.0.0.1:" + d.daemon.info().port();
        wait = new WebDriverWait(browser.driver, Duration.ofSeconds(60));
    }

    /** Each test reports itself skipped, with the reason, when the browser is missing: never a silent pass. */
    @org.junit.jupiter.api.BeforeEach
    void browserPresent() {
        org.junit.jupiter.api.Assumptions.assumeTrue(skipped == null, skipped);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (d != null) {
            d.close();
        }
    }

    private static void open(String hash) {
        browser.driver.get(base + "/recall" + hash);
        wait.until(x -> "true".equals(browser.driver.findElement(By.tagName("body")).getDomAttribute("data-ready")));
    }

    private static JsonNode api(String path) {
        Http.Response r = d.http.get(path);
        assertEquals(200, r.status(), r.toString());
        return r.json();
    }

    private static WebElement byId(String id) {
        return browser.driver.findElement(By.id(id));
    }

    private static List<String> entryIds(String listId) {
        List<String> ids = new ArrayList<>();
        for (WebElement li : browser.driver.findElements(By.cssSelector("#" + listId + " > li"))) {
            ids.add(li.getDomAttribute("data-entry"));
        }
        return ids;
    }

    private static void waitForSummary(String id, String text) {
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id(id), text));
    }

    @Test
    @Order(1)
    void theCorpusTabFiltersAndCountsAsTheApiDoes() {
        open("");
        JsonNode all = api("/api/v1/recall/corpus?limit=50");
        waitForSummary("corpus-summary", all.path("total").asLong() + " entries match");
        assertEquals(ids(all), entryIds("corpus-list"), "newest first, as the API lists them");

        new Select(byId("corpus-filters").findElement(By.name("project"))).selectByValue("ledgerd");
        new Select(byId("corpus-filters").findElement(By.name("type"))).selectByValue("warning");
        JsonNode filtered = api("/api/v1/recall/corpus?limit=50&project=ledgerd&type=warning");
        assertTrue(filtered.path("total").asLong() > 0 && filtered.path("total").asLong() < all.path("total").asLong());
        waitForSummary("corpus-summary", filtered.path("total").asLong() + " entries match");
        wait.until(x -> ids(filtered).equals(entryIds("corpus-list")));
        for (WebElement head : browser.driver.findElements(By.cssSelector("#corpus-list .entry-head"))) {
            assertTrue(head.getText().contains("warning"), head.getText());
            assertTrue(head.getText().contains("ledgerd"), head.getText());
        }
        WebElement text = byId("corpus-filters").findElement(By.name("text"));
        text.sendKeys("never", Keys.ENTER);
        JsonNode byText = api("/api/v1/recall/corpus?limit=50&project=ledgerd&type=warning&text=never");
        assertTrue(byText.path("total").asLong() > 0
                && byText.path("total").asLong() < filtered.path("total").asLong(), byText.toString());
        waitForSummary("corpus-summary", byText.path("total").asLong() + " entries match");
        wait.until(x -> ids(byText).equals(entryIds("corpus-list")));

        // coverage: the counts of what the filters select by project and type, both kinds of generation
        byId("coverage").findElement(By.tagName("summary")).click();
        String coverage = byId("coverage-projects").getText();
        assertTrue(coverage.contains("ledgerd " + byText.path("by_project_type").path("ledgerd").path("warning").asLong()),
                coverage);
        assertTrue(byId("vectors").getText().contains("corpus revision"), byId("vectors").getText());
        assertFalse(byId("extraction").getText().isBlank());
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.path("entries").forEach(e -> ids.add(e.path("id").asText()));
        return ids;
    }

    @Test
    @Order(2)
    void anEntryExpandsAndItsEvidenceOpensTheTranscriptAtTheAnchoredMessages() {
        open("#entry=ledgerd-proc-001");
        JsonNode entry = api("/api/v1/recall/entries/ledgerd-proc-001/detail");
        WebElement panel = byId("corpus-entry");
        wait.until(ExpectedConditions.visibilityOfNestedElementsLocatedBy(panel, By.cssSelector(".evidence-link")));
        String detail = panel.getText();
        assertTrue(detail.contains(entry.path("trigger").asText()), detail);
        assertTrue(detail.contains("Source session"), detail);
        assertTrue(detail.contains(entry.path("source_session_id").asText()), detail);
        assertTrue(detail.contains("Injection flags"), detail);
        assertTrue(detail.contains("Provenance"), detail);

        JsonNode anchor = entry.path("evidence").get(0);
        int start = anchor.path("start_ordinal").asInt();
        int end = anchor.path("end_ordinal").asInt();
        panel.findElement(By.cssSelector(".evidence-link")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#transcript .msg.hl")));
        List<Integer> highlighted = new ArrayList<>();
        for (WebElement m : browser.driver.findElements(By.cssSelector("#transcript .msg.hl"))) {
            highlighted.add(Integer.parseInt(m.getDomAttribute("data-ordinal")));
        }
        List<Integer> expected = new ArrayList<>();
        for (int i = start; i <= end; i++) {
            expected.add(i);
        }
        assertEquals(expected, highlighted, "exactly the anchored messages are highlighted");
        WebElement first = browser.driver.findElement(By.id("msg-" + start));
        assertEquals(first, browser.driver.switchTo().activeElement(), "focus moves to the first anchored message");
        Boolean inView = (Boolean) ((JavascriptExecutor) browser.driver).executeScript(
                "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight;", first);
        assertTrue(inView, "scrolled to the anchored message");
        String cited = first.getText();
        assertTrue(cited.contains("ledgerd-proc-001"), "the message names the entries citing it: " + cited);
    }

    @Test
    @Order(3)
    void lexicalSearchShowsTheApisRankingWithItsScores() {
        open("#search");
        WebElement q = byId("search-form").findElement(By.name("query"));
        q.clear();
        q.sendKeys("how do I run the integration tests", Keys.ENTER);
        JsonNode r = d.http.post("/api/v1/recall/query", "{\"query\": \"how do I run the integration tests\","
                + " \"limit\": 10, \"record\": false}").json();
        wait.until(x -> !entryIds("search-results").isEmpty());
        assertEquals(ids(r), entryIds("search-results"));
        WebElement top = browser.driver.findElement(By.cssSelector("#search-results > li"));
        assertFalse(top.findElements(By.cssSelector(".snippet mark")).isEmpty(), "the snippet marks matched terms");
        top.findElement(By.cssSelector(".scores summary")).click();
        String scores = top.findElement(By.cssSelector(".scores")).getText();
        assertTrue(scores.contains("BM25 title") || scores.contains("BM25 body"), scores);
        assertTrue(scores.contains("boost"), scores);
    }

    @Test
    @Order(4)
    void staleVectorsAreRefusedAndBuiltOnlyOnClickThenVectorAndHybridAnswer() {
        open("#search");
        assertTrue(api("/api/v1/embeddings/status").path("generations").isEmpty(), "no vectors before the click");
        WebElement q = byId("search-form").findElement(By.name("query"));
        q.clear();
        q.sendKeys("the integration suite cannot reach the database");
        byId("search-form").findElement(By.cssSelector("input[value=vector]")).click();
        byId("search-form").findElement(By.cssSelector("button[type=submit]")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("search-stale")));
        String refusal = byId("search-stale").getText();
        assertTrue(refusal.contains("refused"), refusal);
        assertTrue(refusal.contains("Corpus revision"), refusal);
        browser.screenshot("search-stale-1440");

        // cancelling the confirmation builds nothing
        byId("build-vectors").click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        byId("confirm-cancel").click();
        assertTrue(api("/api/v1/embeddings/status").path("generations").isEmpty(), "cancel builds nothing");

        byId("build-vectors").click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        byId("confirm-ok").click();
        new WebDriverWait(browser.driver, Duration.ofMinutes(10))
                .until(x -> !entryIds("search-results").isEmpty());
        assertTrue(api("/api/v1/embeddings/status").path("fresh").asBoolean());
        assertTrue(byId("search-summary").getText().contains("vector"), byId("search-summary").getText());

        byId("search-form").findElement(By.cssSelector("input[value=hybrid]")).click();
        byId("search-form").findElement(By.cssSelector("button[type=submit]")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("search-summary"), "hybrid"));
        JsonNode r = d.http.post("/api/v1/recall/query", "{\"query\": \"the integration suite cannot reach the"
                + " database\", \"mode\": \"hybrid\", \"limit\": 10, \"record\": false}").json();
        wait.until(x -> ids(r).equals(entryIds("search-results")));
        WebElement top = browser.driver.findElement(By.cssSelector("#search-results > li"));
        top.findElement(By.cssSelector(".scores summary")).click();
        String scores = top.findElement(By.cssSelector(".scores")).getText();
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
        WebElement panel = byId("corpus-entry");
        wait.until(ExpectedConditions.visibilityOfNestedElementsLocatedBy(panel, By.cssSelector(".review .reject")));

        panel.findElement(By.cssSelector(".review .reject")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        byId("confirm-cancel").click();
        wait.until(ExpectedConditions.textToBePresentInElement(panel.findElement(By.cssSelector(".review-status")),
                "Nothing was changed"));
        assertEquals("unreviewed_auto", api("/api/v1/recall/entries/" + id).path("review_state").asText());

        panel.findElement(By.cssSelector(".review .accept")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        assertTrue(byId("confirm-text").getText().contains("trusted"), byId("confirm-text").getText());
        byId("confirm-ok").click();
        wait.until(x -> byId("corpus-entry").findElements(By.cssSelector(".badge.trusted")).size() > 0);
        JsonNode after = api("/api/v1/recall/entries/" + id + "/detail");
        assertEquals("human_reviewed", after.path("review_state").asText());
        assertTrue(after.path("trusted").asBoolean());
        assertEquals("correct", after.path("review").path("label").asText());
        assertEquals("http", after.path("review").path("source").asText());
        assertTrue(byId("corpus-entry").findElements(By.cssSelector(".review .accept")).isEmpty(),
                "a reviewed entry offers no second verdict");
    }

    @Test
    @Order(6)
    void theSessionsTabListsSessionsAndReadsATranscript() {
        open("#sessions");
        JsonNode list = api("/api/v1/sessions?limit=50");
        waitForSummary("sessions-summary", list.path("total").asLong() + " sessions");
        List<WebElement> rows = browser.driver.findElements(By.cssSelector("#sessions-table tbody tr"));
        assertEquals(list.path("count").asInt(), rows.size());
        new Select(byId("session-filters").findElement(By.name("agent"))).selectByValue("claude-code");
        byId("session-filters").findElement(By.cssSelector("button[type=submit]")).click();
        JsonNode claude = api("/api/v1/sessions?limit=50&agent=claude-code");
        waitForSummary("sessions-summary", claude.path("total").asLong() + " sessions");

        browser.driver.findElement(By.cssSelector("#sessions-table tbody tr a")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#transcript .msg")));
        List<WebElement> tools = browser.driver.findElements(By.cssSelector("#transcript .msg details"));
        assertFalse(tools.isEmpty(), "tool calls are shown");
        assertNull(tools.getFirst().getDomAttribute("open"), "tool calls are collapsed");
        assertFalse(browser.driver.findElements(By.cssSelector("#transcript .msg .role")).isEmpty());
    }

    @Test
    @Order(7)
    void theTabsAreKeyboardNavigable() {
        open("");
        WebElement corpus = byId("tab-corpus");
        corpus.sendKeys(Keys.ARROW_RIGHT);
        wait.until(x -> "true".equals(byId("tab-search").getDomAttribute("aria-selected")));
        assertEquals(byId("tab-search"), browser.driver.switchTo().activeElement());
        assertFalse(byId("panel-search").isDisplayed() == false);
        byId("tab-search").sendKeys(Keys.END);
        wait.until(x -> "true".equals(byId("tab-sessions").getDomAttribute("aria-selected")));
    }

    @Test
    @Order(8)
    void everyTabAtBothWidthsInLightAndDark() {
        for (String scheme : List.of("light", "dark")) {
            browser.colorScheme(scheme);
            for (int width : List.of(1440, 360)) {
                browser.resize(width, width == 360 ? 900 : 1000);
                open("#entry=ledgerd-proc-001");
                wait.until(ExpectedConditions.visibilityOfNestedElementsLocatedBy(byId("corpus-entry"),
                        By.cssSelector(".evidence-link")));
                noHorizontalScroll(width);
                browser.screenshot("corpus-" + width + "-" + scheme);
                open("#search");
                WebElement q = byId("search-form").findElement(By.name("query"));
                q.clear();
                q.sendKeys("how do I run the integration tests", Keys.ENTER);
                wait.until(x -> !entryIds("search-results").isEmpty());
                browser.driver.findElement(By.cssSelector("#search-results > li .scores summary")).click();
                noHorizontalScroll(width);
                browser.screenshot("search-" + width + "-" + scheme);
                open("#session=sess-ledgerd-0001&from=11&hl=13-14");
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#transcript .msg.hl")));
                noHorizontalScroll(width);
                browser.screenshot("sessions-" + width + "-" + scheme);
            }
            String bg = (String) ((JavascriptExecutor) browser.driver).executeScript(
                    "return getComputedStyle(document.body).backgroundColor");
            assertEquals(scheme.equals("dark") ? "rgb(21, 24, 28)" : "rgb(255, 255, 255)", bg, "follows the system");
        }
        browser.colorScheme("light");
        browser.resize(1440, 1000);
    }

    /** Readable at this width: the page itself never scrolls sideways (wide tables scroll in their own box). */
    private static void noHorizontalScroll(int width) {
        Number scroll = (Number) ((JavascriptExecutor) browser.driver).executeScript(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
        if (scroll.intValue() > 0) {
            Object wide = ((JavascriptExecutor) browser.driver).executeScript("""
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
