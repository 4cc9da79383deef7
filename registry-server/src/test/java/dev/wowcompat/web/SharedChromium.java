package dev.wowcompat.web;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * One headless Chromium for every browser test of the test JVM, started when the first asks for it and quit when
 * JUnit closes the launcher session's store (not its root store: Surefire runs each class of a forked JVM as a run
 * of its own, and the root store would start one per class): starting Chromium and its driver costs seconds, and each class's registry is a server
 * of its own on its own port, so nothing one class leaves in the browser (cookies, storage) is seen by the next.
 * Resolves a {@code SharedChromium} parameter.
 */
final class SharedChromium implements ParameterResolver {

    /** The running browser, closed with the launcher session's store. */
    private record Session(ChromeDriver driver) implements AutoCloseable {
        @Override
        public void close() {
            driver.quit();
        }
    }

    private final WebDriver browser;

    /** JUnit's instance, only resolving. */
    SharedChromium() {
        this.browser = null;
    }

    private SharedChromium(WebDriver browser) {
        this.browser = browser;
    }

    /** The run's browser, on an empty page. */
    WebDriver browser() {
        browser.get("about:blank");
        return browser;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SharedChromium.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Session session = context.getStore(ExtensionContext.StoreScope.LAUNCHER_SESSION, ExtensionContext.Namespace.create(SharedChromium.class))
                .getOrComputeIfAbsent(Session.class, k -> new Session(HeadlessChromium.start()), Session.class);
        return new SharedChromium(session.driver());
    }
}
