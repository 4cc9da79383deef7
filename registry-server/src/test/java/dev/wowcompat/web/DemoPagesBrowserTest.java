package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.DemoReleases;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.RunningRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The pages {@code serve --demo} prints on first start, in headless Chromium against the demo as that start leaves it:
 * each answers something at once (the event's readers in each environment, what runs where, a can-deploy "no").
 */
class DemoPagesBrowserTest extends BrowserTest {

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("demo.db"), RegistryServer.Config.local(0));
        StringWriter log = new StringWriter();
        DemoReleases.Outcome loaded = DemoReleases.load(registry.server().registration(), registry.store(), new PrintWriter(log));
        assertEquals(List.of("production", "staging"), loaded.deployed().keySet().stream().sorted().toList(), log.toString());
        openBrowser();
    }

    /** The address serve prints for the page whose path starts with {@code prefix}. */
    private String firstPage(String prefix) {
        return registry.base() + "/" + DemoReleases.FIRST_PAGES.stream().map(DemoReleases.FirstPage::path)
                .filter(p -> p.startsWith(prefix)).findFirst().orElseThrow();
    }

    private void open(String url) {
        browser.get("about:blank"); // a new document: nothing of the previous view is found while the next one loads
        browser.get(url);
    }

    @Test
    void theEventPageShowsTheConsumerAndWhatEachEnvironmentWritesAndReads() throws Exception {
        open(firstPage("#/event/"));
        WebElement consumer = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#consumers tr.consumer")));
        assertEquals("standing-orders", consumer.getAttribute("data-service"));
        List<WebElement> environments = wait.until(ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("#event-environments tr.event-environment"), 2));
        assertEquals(List.of("production", "staging"), environments.stream().map(e -> e.getAttribute("data-environment")).toList());
        assertEquals("@1", environments.get(0).findElement(By.cssSelector("td.environment-current")).getText());
        assertTrue(environments.get(0).getText().contains("standing-orders@1.0.0 reads @1"), environments.get(0).getText());
        assertEquals("@2", environments.get(1).findElement(By.cssSelector("td.environment-current")).getText());
        assertTrue(environments.get(1).getText().contains("standing-orders@1.1.0 reads @1, @2"), environments.get(1).getText());
        HeadlessChromium.screenshot(browser, "demo-event-readers");
    }

    @Test
    void theEnvironmentsPageShowsBothEnvironments() throws Exception {
        open(firstPage("#/environments"));
        List<WebElement> rows = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#environments tr.environment"), 2));
        for (WebElement row : rows) assertTrue(row.getText().contains("2 releases"), row.getText());
        HeadlessChromium.screenshot(browser, "demo-environments");
    }

    @Test
    void canIDeployAnswersNoForProductionAndNamesTheLaggingConsumer() throws Exception {
        open(firstPage("#/can-deploy/"));
        WebElement verdict = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("can-deploy-verdict")));
        assertEquals("not deployable", verdict.findElement(By.cssSelector(".pill")).getText());
        assertEquals(List.of("consumer-lags"), browser.findElements(By.cssSelector("#can-deploy-findings .finding")).stream()
                .map(f -> f.getAttribute("data-rule")).toList());
        String findings = browser.findElement(By.id("can-deploy-findings")).getText();
        assertTrue(findings.contains("standing-orders@1.0.0"), findings);
        // whom it breaks, in words: not the report's raw label
        assertTrue(findings.matches("(?s).*breaks (old|new|old and new) readers.*"), findings);
        assertFalse(findings.contains("old-readers") || findings.contains("new-readers"), findings);
        HeadlessChromium.screenshot(browser, "demo-can-deploy");
    }
}
