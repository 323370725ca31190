package dev.recall.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assertions;

/**
 * A real browser the web page's scenarios drive: Chromium through its chromedriver ({@link ChromiumBrowser}) or
 * Firefox through its own WebDriver BiDi agent ({@link FirefoxBrowser}). Scripts are function bodies that see their
 * arguments as {@code arguments[i]} (WebDriver's executeScript); elements are named by CSS selector, and clicks and
 * keys are real input events.
 */
interface Browser extends AutoCloseable {
    Path SCREENSHOTS = Path.of(System.getProperty("user.dir"), "target", "screenshots");

    /** Loads the address and waits for the load event. */
    void get(String url);

    /** Runs a function body in the page, awaiting a returned promise; answers strings, longs, doubles, booleans, lists. */
    Object script(String body, Object... args);

    /** A real mouse click at the centre of the first element matching the selector, scrolled into view first. */
    void click(String css);

    /**
     * Focuses the first element matching the selector (the caret at the end of its text) and types: characters, and
     * WebDriver's key code points for special keys ({@code org.openqa.selenium.Keys}).
     */
    void type(String css, CharSequence... keys);

    /** Forgets every cookie, HttpOnly ones included, as a fresh profile would have none. */
    void clearCookies();

    /** The size of the page's viewport, in CSS pixels. */
    void resize(int width, int height);

    /** What the system reports as its colour preference: {@code light} or {@code dark}. */
    void colorScheme(String scheme);

    /** Saves what the viewport shows as target/screenshots/NAME.png. */
    Path screenshot(String name);

    @Override
    void close();

    /**
     * Why a browser's tests cannot run here, or null when they can: its programs are missing. With
     * {@code -Drecall.browser=required} (what .ci/run passes) a missing program fails the tests instead, unless
     * {@code -Drecall.browser.KEY=skip} says this browser could not be installed; skipped tests say why on stderr and
     * in the test report, never silently.
     */
    static String unavailable(String key, String what, List<Path> programs, String install) {
        System.setProperty("SE_OFFLINE", "true");
        if (programs.stream().allMatch(Files::isExecutable)) {
            return null;
        }
        String message = "the web page's " + what + " tests need " + programs + ": " + install;
        if ("required".equals(System.getProperty("recall.browser." + key, System.getProperty("recall.browser")))) {
            Assertions.fail(message);
        }
        System.err.println("SKIPPED: " + message);
        return "SKIPPED: " + message;
    }

    static Path screenshotFile(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return SCREENSHOTS.resolve(name + ".png");
    }
}
