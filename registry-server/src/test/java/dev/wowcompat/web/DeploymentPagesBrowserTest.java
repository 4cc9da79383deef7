package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * The page's environments, an event's readers and the "can I deploy?" form in headless Chromium, against the real
 * registry after releases are registered and deployments recorded through the API: bank-service writes Deposited
 * (@2 from 1.2.0), audit and reporting read it, prod runs 1.2.0 (which replaced 1.0.0) with a reporting that reads
 * only @1, staging runs 1.1.0 (writes @1) and had reporting undeployed.
 */
class DeploymentPagesBrowserTest extends BrowserTest {

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        registry.register("bank-service", BankManifests.bank("bank-service", "1.0.0", 1, true)).expect(201);
        registry.register("bank-service", BankManifests.bank("bank-service", "1.1.0", 2, false)).expect(201);
        registry.register("bank-service", BankManifests.bank("bank-service", "1.2.0", 2, true)).expect(201);
        registry.register("audit", BankManifests.depositReader("audit", "1.0.0", 1)).expect(201);
        registry.register("audit", BankManifests.depositReader("audit", "1.1.0", 1, 2)).expect(201);
        registry.register("reporting", BankManifests.depositReader("reporting", "1.0.0", 1)).expect(201);
        registry.deploy("prod", "bank-service", "1.0.0").expect(201);
        registry.deploy("prod", "bank-service", "1.2.0").expect(201);
        registry.deploy("prod", "audit", "1.1.0").expect(201);
        registry.deploy("prod", "reporting", "1.0.0").expect(201);
        registry.deploy("staging", "bank-service", "1.1.0").expect(201);
        registry.deploy("staging", "audit", "1.0.0").expect(201);
        registry.deploy("staging", "reporting", "1.0.0").expect(201);
        assertEquals(200, registry.delete("/environments/staging/deployments/reporting").status());
        openBrowser();
    }

    private static List<String> texts(List<WebElement> elements) {
        return elements.stream().map(WebElement::getText).toList();
    }

    @Test
    void theEnvironmentsViewShowsWhatRunsWhereSinceWhenWhatItReplacedAndHowDeploymentsEnded() throws Exception {
        browser.get(registry.base() + "/");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("services")));
        browser.findElement(By.id("nav-environments")).click();
        List<WebElement> rows = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#environments tr.environment"), 2));
        assertEquals("prod", rows.get(0).getAttribute("data-environment"));
        assertTrue(rows.get(0).getText().contains("3 releases"), rows.get(0).getText());
        assertTrue(rows.get(1).getText().contains("2 releases"), rows.get(1).getText());
        HeadlessChromium.screenshot(browser, "environments");

        rows.get(0).findElement(By.cssSelector("a.environment-link")).click();
        List<WebElement> running = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#running tr.deployment"), 3));
        assertTrue(browser.getCurrentUrl().endsWith("#/environment/prod"), browser.getCurrentUrl());
        JsonNode prod = registry.get("/environments/prod").json();
        WebElement bank = running.stream().filter(r -> "bank-service".equals(r.getAttribute("data-service"))).findFirst().orElseThrow();
        List<String> cells = texts(bank.findElements(By.tagName("td")));
        assertEquals("bank-service@1.2.0", cells.get(1));
        long since = prod.path("deployments").get(1).path("deployedAt").asLong();
        assertEquals("bank-service", prod.path("deployments").get(1).path("service").asText());
        assertEquals(java.time.Instant.ofEpochMilli(since).toString().replace('T', ' ').substring(0, 16) + " UTC", cells.get(2), "since when");
        // Who recorded it, from the write log (this registry's writes are open: no principal).
        assertEquals("anonymous", cells.get(3), "who recorded it");
        assertTrue(cells.get(4).startsWith("bank-service@1.0.0"), "what it replaced: " + cells.get(4));
        WebElement reporting = running.stream().filter(r -> "reporting".equals(r.getAttribute("data-service"))).findFirst().orElseThrow();
        assertEquals("nothing: first deployment", reporting.findElement(By.cssSelector("td.replaced")).getText());
        List<WebElement> ended = browser.findElements(By.cssSelector("#deployment-history tr.ended"));
        assertEquals(1, ended.size());
        assertTrue(ended.get(0).getText().contains("bank-service@1.0.0"), ended.get(0).getText());
        assertEquals("replaced", ended.get(0).findElement(By.cssSelector(".pill")).getText());
        assertEquals("anonymous", ended.get(0).findElement(By.cssSelector("td.recorded-by")).getText());
        HeadlessChromium.screenshot(browser, "environment-prod");

        browser.get("about:blank"); // a new document: nothing of the previous view is found while the next one loads
        browser.get(registry.base() + "/#/environment/staging");
        WebElement undeployed = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#deployment-history tr.ended")));
        assertTrue(undeployed.getText().contains("reporting@1.0.0"), undeployed.getText());
        assertEquals("undeployed", undeployed.findElement(By.cssSelector(".pill")).getText());
        assertEquals(2, browser.findElements(By.cssSelector("#running tr.deployment")).size());

        browser.get("about:blank");
        browser.get(registry.base() + "/#/service/bank-service");
        List<WebElement> registeredBy = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#timeline .registered-by"), 3));
        assertEquals(List.of("anonymous", "anonymous", "anonymous"), texts(registeredBy), "who registered each release");

        browser.get("about:blank");
        browser.get(registry.base() + "/#/environment/nowhere");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("problem"), "wow-compat.environment.not-found"));
    }

    @Test
    void anEventPageShowsItsProducerItsConsumersWithTheirRevisionsAndTheCurrentRevisionInEachEnvironment() throws Exception {
        browser.get(registry.base() + "/#/event/bank.account.Deposited");
        WebElement producer = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#producers tr.producer")));
        assertEquals("bank-service", producer.getAttribute("data-service"));
        assertEquals(List.of("1.0.0 (1 release): declares @1 · writes @1", "1.1.0 (1 release): declares @1, @2 · writes @1",
                "1.2.0 (1 release): declares @1, @2 · writes @2"), texts(producer.findElements(By.cssSelector("li.span"))));

        List<WebElement> consumers = browser.findElements(By.cssSelector("#consumers tr.consumer"));
        assertEquals(List.of("audit", "reporting"), consumers.stream().map(c -> c.getAttribute("data-service")).toList());
        assertEquals("audit@1.1.0 reads @1, @2", consumers.get(0).findElement(By.cssSelector("td.newest")).getText());
        assertEquals(List.of("prod: 1.1.0 reads @1, @2", "staging: 1.0.0 reads @1"),
                texts(consumers.get(0).findElements(By.cssSelector("ul.running-readers li"))));
        assertEquals("reporting@1.0.0 reads @1", consumers.get(1).findElement(By.cssSelector("td.newest")).getText());
        assertEquals(List.of("prod: 1.0.0 reads @1"), texts(consumers.get(1).findElements(By.cssSelector("ul.running-readers li"))));

        List<WebElement> environments = browser.findElements(By.cssSelector("#event-environments tr.event-environment"));
        assertEquals(List.of("prod", "staging"), environments.stream().map(e -> e.getAttribute("data-environment")).toList());
        WebElement prod = environments.get(0);
        assertEquals("@2", prod.findElement(By.cssSelector("td.environment-current")).getText(), "bank-service 1.2.0 runs there and writes @2");
        assertTrue(prod.getText().contains("bank-service@1.2.0 writes @2"), prod.getText());
        assertEquals(List.of("audit@1.1.0 reads @1, @2", "reporting@1.0.0 reads @1 does not read @2"),
                texts(prod.findElements(By.cssSelector("ul.environment-readers li"))));
        assertEquals(1, prod.findElements(By.cssSelector("li[data-service='reporting'] .lagging")).size());
        WebElement staging = environments.get(1);
        assertEquals("@1", staging.findElement(By.cssSelector("td.environment-current")).getText(), "1.1.0 stages @2: reads it, writes @1");
        assertEquals(List.of("audit@1.0.0 reads @1"), texts(staging.findElements(By.cssSelector("ul.environment-readers li"))));
        assertEquals(List.of(), staging.findElements(By.cssSelector(".lagging")));
        // The revisions stay where they were: the readers are added below them.
        assertEquals("@2", browser.findElement(By.cssSelector("#current a.current-link")).getText());
        HeadlessChromium.screenshot(browser, "event-readers");
    }

    @Test
    void theCanIDeployFormPicksFromTheRegistryAndShowsTheReportAndProblems() throws Exception {
        browser.get(registry.base() + "/");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("services")));
        browser.findElement(By.id("nav-can-deploy")).click();
        Select service = new Select(wait.until(ExpectedConditions.presenceOfElementLocated(By.id("cd-service"))));
        assertEquals(List.of("audit", "bank-service", "reporting"), texts(service.getOptions()));
        List<String> envs = browser.findElements(By.cssSelector("#cd-environments option")).stream().map(o -> o.getAttribute("value")).toList();
        assertEquals(List.of("prod", "staging"), envs);
        service.selectByValue("bank-service");
        wait.until(d -> texts(new Select(d.findElement(By.id("cd-version"))).getOptions()).equals(List.of("1.2.0", "1.1.0", "1.0.0")));
        new Select(browser.findElement(By.id("cd-version"))).selectByValue("1.2.0");
        browser.findElement(By.id("cd-environment")).sendKeys("staging");
        browser.findElement(By.cssSelector("#can-deploy-form button[type=submit]")).click();
        wait.until(ExpectedConditions.urlContains("#/can-deploy/bank-service/1.2.0/staging"));

        // What the page shows is what the registry answers: staging runs audit 1.0.0, which reads revision 1 only.
        RunningRegistry.Answer real = registry.get("/can-deploy?service=bank-service&version=1.2.0&environment=staging");
        assertEquals(200, real.status(), real.body());
        JsonNode report = real.json();
        assertFalse(report.path("deployable").asBoolean(), real.body());
        WebElement shown = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#can-deploy-verdict, #can-deploy-problem")));
        assertEquals("can-deploy-verdict", shown.getAttribute("id"), real.body());
        assertEquals("not deployable", shown.findElement(By.cssSelector(".pill")).getText());
        assertTrue(shown.getText().contains(report.path("verdict").asText()), shown.getText());
        List<String> rules = new ArrayList<>();
        report.path("findings").forEach(f -> rules.add(f.path("rule").asText()));
        assertEquals(List.of("consumer-lags"), rules, real.body());
        assertEquals(rules, browser.findElements(By.cssSelector("#can-deploy-findings .finding")).stream()
                .map(f -> f.getAttribute("data-rule")).toList());
        String text = browser.findElement(By.id("can-deploy-findings")).getText();
        for (JsonNode f : report.path("findings")) {
            assertTrue(text.contains(f.path("message").asText()) && text.contains(f.path("subject").asText()), text);
        }
        assertTrue(text.contains("audit@1.0.0"), "the lagging consumer is named: " + text);
        HeadlessChromium.screenshot(browser, "can-deploy");

        // A problem answer (a version that is not registered) is shown as the registry's code and sentence.
        browser.get("about:blank");
        browser.get(registry.base() + "/#/can-deploy/bank-service/9.9.9/staging");
        RunningRegistry.Answer problem = registry.get("/can-deploy?service=bank-service&version=9.9.9&environment=staging");
        assertTrue(problem.status() >= 400, problem.body());
        WebElement card = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("can-deploy-problem")));
        assertEquals(problem.code(), card.getAttribute("data-code"));
        assertTrue(card.getText().startsWith(problem.code() + ": " + problem.json().path("detail").asText()), card.getText());
        assertFalse(browser.findElements(By.id("can-deploy-verdict")).size() > 0);
        assertEquals("staging", browser.findElement(By.id("cd-environment")).getAttribute("value"), "the form keeps what was asked");
    }

    /**
     * An environment the registry does not know is a typo or a first deployment, never silently the latter: the field
     * says so as it is typed, the registry's refusal offers the near and the known names, and "New environment" checks
     * it as a first deployment.
     */
    @Test
    void anEnvironmentTheRegistryDoesNotKnowIsSaidAndOffersTheKnownOnes() throws Exception {
        browser.get("about:blank");
        browser.get(registry.base() + "/#/can-deploy/bank-service/1.2.0/stagin");
        WebElement card = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("can-deploy-problem")));
        assertEquals("wow-compat.environment.not-found", card.getAttribute("data-code"));
        assertEquals(404, registry.get("/can-deploy?service=bank-service&version=1.2.0&environment=stagin").status());
        assertTrue(card.getText().contains("no deployment was ever recorded in stagin"), card.getText());
        assertEquals("Did you mean staging?", browser.findElement(By.id("cd-did-you-mean")).getText());
        assertEquals("The registry knows prod, staging.", browser.findElement(By.id("cd-known")).getText());
        assertEquals(List.of(), browser.findElements(By.id("can-deploy-verdict")), "no verdict for an unknown environment");
        assertEquals("The registry knows no environment 'stagin': tick \"New environment\" if it is a first deployment there.",
                browser.findElement(By.id("cd-environment-hint")).getText());
        HeadlessChromium.screenshot(browser, "can-deploy-unknown-environment");

        // "Did you mean" is the check of the known name: staging runs audit 1.0.0, which lags.
        browser.findElement(By.cssSelector("#cd-did-you-mean a")).click();
        wait.until(ExpectedConditions.urlContains("#/can-deploy/bank-service/1.2.0/staging"));
        WebElement verdict = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("can-deploy-verdict")));
        assertEquals("not deployable", verdict.findElement(By.cssSelector(".pill")).getText());
        assertEquals("", browser.findElement(By.id("cd-environment-hint")).getText(), "a known name needs no word");

        // A new environment said to be one: checked as a first deployment, nothing runs there.
        WebElement field = browser.findElement(By.id("cd-environment"));
        field.clear();
        field.sendKeys("eu-west");
        assertEquals("The registry knows no environment 'eu-west': tick \"New environment\" if it is a first deployment there.",
                browser.findElement(By.id("cd-environment-hint")).getText());
        browser.findElement(By.id("cd-new")).click();
        assertEquals("The registry knows no environment 'eu-west': checked as a first deployment there.",
                browser.findElement(By.id("cd-environment-hint")).getText());
        browser.findElement(By.cssSelector("#can-deploy-form button[type=submit]")).click();
        wait.until(ExpectedConditions.urlContains("#/can-deploy/bank-service/1.2.0/eu-west/new"));
        // Read inside the wait: the view may draw the verdict again between a lookup and a read.
        String firstPill = wait.until(d -> {
            List<WebElement> v = d.findElements(By.cssSelector("#can-deploy-verdict"));
            return v.isEmpty() || !v.get(0).getText().contains("eu-west") ? null : v.get(0).findElement(By.cssSelector(".pill")).getText();
        });
        assertEquals("deployable", firstPill);
        assertTrue(browser.findElement(By.id("cd-new")).isSelected(), "the form keeps what was asked");
        assertEquals(404, registry.get("/environments/eu-west").status(), "asking recorded nothing");
    }
}
