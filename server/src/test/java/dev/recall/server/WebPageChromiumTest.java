package dev.recall.server;

import java.nio.file.Path;

/** The web page's scenarios in Debian's chromium; its screenshots are the ones docs/images shows. */
class WebPageChromiumTest extends WebPageScenarios {
    @Override
    String unavailable() {
        return ChromiumBrowser.unavailable();
    }

    @Override
    Browser launch(Path profiles) {
        return new ChromiumBrowser(profiles.resolve("chromium"));
    }

    @Override
    String shots() {
        return "";
    }
}
