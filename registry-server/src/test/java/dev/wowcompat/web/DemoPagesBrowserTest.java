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
        // A deployment of a release no one registered, refused: the write log counts it.
        registry.deploy("production", "bank-service", "9.9.9").expect(404);
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
    void theEventPageSaysWhichReleasesWroteEachRevision() throws Exception {
        open(firstPage("#/event/"));
        List<WebElement> revisions = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#revisions tr.revision"), 2));
        // bank-service 1.0.0 and 1.1.0 wrote @1 (1.1.0 staged @2); 1.2.0 writes @2, as the producer table says.
        assertEquals("no longer written: written by 1.0.0 to 1.1.0 (2 releases)", revisions.get(0).findElement(By.cssSelector("td.revision-written")).getText());
        assertEquals("written by 1.2.0 (1 release)", revisions.get(1).findElement(By.cssSelector("td.revision-written")).getText());
        List<WebElement> spans = wait.until(ExpectedConditions.presenceOfAllElementsLocatedBy(By.cssSelector("#producers li.span")));
        WebElement newest = spans.get(spans.size() - 1);
        assertTrue(newest.getText().startsWith("1.2.0") && newest.getText().contains("writes @2"), newest.getText());
        HeadlessChromium.screenshot(browser, "demo-event-written-by");
    }

    @Test
    void theDemosDeploymentsSayWhoRecordedThem() throws Exception {
        open(registry.base() + "/#/environment/production");
        List<WebElement> recordedBy = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#running tr.deployment td.recorded-by"), 2));
        assertEquals(List.of("serve --demo", "serve --demo"), recordedBy.stream().map(WebElement::getText).toList());
        HeadlessChromium.screenshot(browser, "demo-recorded-by");
    }

    @Test
    void theWriteLogPageSaysWhoWroteWhatAndFiltersByPrincipalAndService() throws Exception {
        open(registry.base() + "/");
        wait.until(ExpectedConditions.elementToBeClickable(By.id("nav-write-log"))).click();
        List<WebElement> rows = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#write-log-entries tr.write"), 5));
        // Newest first: the refused deployment (counted: no principal sent it), then the demo's four deployments.
        WebElement refused = rows.get(0);
        assertEquals("anonymous (1 write counted)", refused.findElement(By.cssSelector("td.principal")).getText());
        assertTrue(refused.getText().contains("refused 404"), refused.getText());
        assertEquals("tried to deploy", refused.findElement(By.cssSelector("td.write-what")).getText());
        java.time.format.DateTimeFormatter minute = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(java.time.ZoneOffset.UTC);
        for (WebElement row : rows.subList(1, 5)) {
            assertEquals("serve --demo", row.findElement(By.cssSelector("td.principal")).getText());
            assertTrue(row.findElement(By.cssSelector("td.write-what")).getText().matches("deployed (bank-service|standing-orders)@1\\.[0-2]\\.0 in (production|staging)"),
                    row.getText());
            assertTrue(row.getText().contains("accepted 201"), row.getText());
            String when = row.findElement(By.cssSelector("td:first-child")).getText();
            assertTrue(when.matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC"), "a time as the page writes times: " + when);
        }
        HeadlessChromium.screenshot(browser, "write-log");

        browser.findElement(By.id("wl-principal")).sendKeys("serve --demo");
        browser.findElement(By.id("wl-service")).sendKeys("standing-orders");
        browser.findElement(By.cssSelector("#write-log-form button[type=submit]")).click();
        wait.until(ExpectedConditions.urlContains("#/write-log/serve%20--demo/standing-orders/"));
        List<WebElement> filtered = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#write-log-entries tr.write"), 2));
        assertEquals(List.of("deployed standing-orders@1.1.0 in staging", "deployed standing-orders@1.0.0 in production"),
                filtered.stream().map(r -> r.findElement(By.cssSelector("td.write-what")).getText()).sorted().toList().stream()
                        .sorted(java.util.Comparator.reverseOrder()).toList());
        HeadlessChromium.screenshot(browser, "write-log-filtered");

        open(registry.base() + "/#/write-log/nobody/bank-service/");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("write-log-entries"), "No write matches these filters."));
        // A name the API refuses is said in the view, in the API's words.
        open(registry.base() + "/#/write-log/%20bad%20//");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("write-log-problem"), "wow-compat.request.bad-name"));
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
