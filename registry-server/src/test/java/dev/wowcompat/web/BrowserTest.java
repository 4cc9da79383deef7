package dev.wowcompat.web;

import dev.wowcompat.testing.RunningRegistry;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What every test of the page shares: one registry for the class, stopped after it, and the test JVM's headless
 * Chromium ({@link SharedChromium}), with a 15 s wait. A test starts the registry and fills it in its own
 * {@code @BeforeAll}, then calls {@link #openBrowser()}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SharedChromium.class)
abstract class BrowserTest {
    RunningRegistry registry;
    WebDriver browser;
    WebDriverWait wait;
    private SharedChromium chromium;

    /** Runs before the subclass's own {@code @BeforeAll}, as JUnit runs a superclass's first. */
    @BeforeAll
    void takeTheSharedBrowser(SharedChromium shared) {
        chromium = shared;
    }

    /** Opens the browser on an empty page, once the registry holds what the pages are to show. */
    void openBrowser() {
        browser = chromium.browser();
        // A view drawn again while a condition reads it is read again, not a failure of the page.
        wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        wait.ignoring(StaleElementReferenceException.class);
    }

    @AfterAll
    void stop() {
        if (registry != null) registry.close();
    }
}
