package dev.recall.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium driven through its chromedriver, both at explicit paths, so Selenium Manager never runs (this
 * machine has no network beyond 127.0.0.1). Without the two packages the browser tests cannot run: they fail
 * when {@code -Drecall.browser=required} (what .ci/run passes once it installed them) and are otherwise skipped
 * with a message saying so on stderr and in the test report, never silently.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getProperty("recall.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("recall.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of(System.getProperty("user.dir"), "target", "screenshots");

    final ChromeDriver driver;
    private final ChromeDriverService service;

    private Browser(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1440,1000");
        service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                .withLogOutput(java.io.OutputStream.nullOutputStream()).build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
    }

    /**
     * Why the browser tests cannot run here (chromium or chromedriver missing), or null when they can. When
     * {@code -Drecall.browser=required} (what .ci/run passes once it installed them), a missing browser fails instead.
     */
    static String unavailable() {
        System.setProperty("SE_OFFLINE", "true");
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return null;
        }
        String message = "the web page's browser tests need Debian's chromium and chromium-driver (" + CHROMIUM + ", "
                + CHROMEDRIVER + "): apt-get install -y chromium chromium-driver";
        if ("required".equals(System.getProperty("recall.browser"))) {
            Assertions.fail(message);
        }
        System.err.println("SKIPPED: " + message);
        return "SKIPPED: " + message;
    }

    /** A browser with a fresh profile. */
    static Browser start(Path profile) {
        return new Browser(profile);
    }

    void resize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /** Follows the system's dark preference as a user's browser would report it. */
    void colorScheme(String scheme) {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    Path screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            File shot = driver.getScreenshotAs(OutputType.FILE);
            Path to = SCREENSHOTS.resolve(name + ".png");
            Files.copy(shot.toPath(), to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return to;
        } catch (IOException e) {
            throw new AssertionError("cannot save the screenshot " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        driver.quit();
        service.stop();
    }
}
