package dev.wowcompat.web;

import dev.wowcompat.testing.RunningRegistry;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What every test of the page shares: one registry and one headless Chromium for the class, with a 15 s wait, both
 * stopped after the class (the browser first). A test starts the registry and fills it in its own {@code @BeforeAll},
 * then calls {@link #openBrowser()}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BrowserTest {
    RunningRegistry registry;
    WebDriver browser;
    WebDriverWait wait;

    /** Starts the browser, once the registry holds what the pages are to show. */
    void openBrowser() {
        browser = HeadlessChromium.start();
        wait = new WebDriverWait(browser, Duration.ofSeconds(15));
    }

    @AfterAll
    void stop() {
        if (browser != null) browser.quit();
        if (registry != null) registry.close();
    }
}
