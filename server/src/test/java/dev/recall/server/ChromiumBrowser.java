package dev.recall.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium driven through its chromedriver, both at explicit paths, so Selenium Manager never runs (this
 * machine has no network beyond 127.0.0.1).
 */
final class ChromiumBrowser implements Browser {
    static final Path CHROMIUM = Path.of(System.getProperty("recall.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("recall.chromedriver", "/usr/bin/chromedriver"));

    private final ChromeDriver driver;
    private final ChromeDriverService service;

    ChromiumBrowser(Path profile) {
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

    static String unavailable() {
        return Browser.unavailable("chromium", "Chromium", List.of(CHROMIUM, CHROMEDRIVER),
                "apt-get install -y chromium chromium-driver");
    }

    @Override
    public void get(String url) {
        driver.get(url);
    }

    @Override
    public Object script(String body, Object... args) {
        // executeAsyncScript so that a returned promise is awaited as BiDi's script.callFunction does
        Object result = ((JavascriptExecutor) driver).executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " const args = Array.prototype.slice.call(arguments, 0, -1);"
                + " Promise.resolve().then(() => (function() {" + body + "}).apply(null, args))"
                + ".then(done, e => done({__error: String(e && e.stack || e)}));", args);
        if (result instanceof Map<?, ?> m && m.containsKey("__error")) {
            throw new IllegalStateException("the script failed: " + m.get("__error"));
        }
        return result;
    }

    private WebElement element(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    @Override
    public void click(String css) {
        WebElement e = element(css);
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", e);
        e.click();
    }

    @Override
    public void type(String css, CharSequence... keys) {
        element(css).sendKeys(keys);
    }

    @Override
    public void clearCookies() {
        driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
    }

    @Override
    public void resize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    @Override
    public void colorScheme(String scheme) {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    @Override
    public Path screenshot(String name) {
        Path to = Browser.screenshotFile(name);
        try {
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new AssertionError("cannot save the screenshot " + name + ": " + e.getMessage(), e);
        }
        return to;
    }

    @Override
    public void close() {
        driver.quit();
        service.stop();
    }
}
