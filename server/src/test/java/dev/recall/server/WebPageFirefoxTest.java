package dev.recall.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The web page's scenarios in Debian's firefox-esr over WebDriver BiDi, and proof that the browser reached nothing
 * beyond 127.0.0.1 while they ran.
 */
class WebPageFirefoxTest extends WebPageScenarios {
    @Override
    String unavailable() {
        return FirefoxBrowser.unavailable();
    }

    @Override
    Browser launch(Path profiles) {
        return new FirefoxBrowser(profiles);
    }

    @Override
    String shots() {
        return "firefox-";
    }

    @Override
    boolean keysActivateButtons() {
        return false;
    }

    @Test
    @Order(100)
    void theBrowserTriedToReachNothingBeyondLoopback() {
        assertEquals(List.of(), ((FirefoxBrowser) browser).offLoopback(),
                "requests the profile's user.js should have prevented");
    }
}
