package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The values a type's releases wrote, on the page in headless Chromium, against the real registry: bank-service
 * 1.0.0, 1.1.0 (which changes nothing) and 1.2.0 (which writes {@code at} in milliseconds and {@code occurredAt} as
 * epoch digits) deployed in prod one after the other, their profiles posted through the API.
 */
class ValuesPageBrowserTest extends BrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TYPE = "bank.account.Deposited";
    /** A code list the releases write, and the same codes in capitals, as 1.2.0 writes them (a code-list-drift). */
    private static final String[] STATUSES = {"packed", "shipped", "delivered"};
    private static final String[] STATUSES_UPPER = {"PACKED", "SHIPPED", "DELIVERED"};

    private static String profiles(String release, long unit, boolean digits, long seed) {
        ProfileSet set = new ProfileSet();
        Random r = new Random(seed);
        for (int i = 0; i < 400; i++) {
            long second = 1_764_000_000L + r.nextInt(600_000);
            set.observe(TYPE, 2, release, JSON.createObjectNode().put("at", second * unit)
                    .put("amount", 50 * Math.exp(1.5 * r.nextGaussian()))
                    .put("occurredAt", digits ? Long.toString(second * 1000) : Instant.ofEpochSecond(second).toString())
                    .put("status", (digits ? STATUSES_UPPER : STATUSES)[i % 3]));
        }
        return ProfileJson.write(set).toString();
    }

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            registry.register("bank-service", BankManifests.profiled("bank-service", version, "at", "occurredAt", "status")).expect(201);
            registry.deploy("prod", "bank-service", version).expect(201);
        }
        registry.post("/environments/prod/profiles", profiles("bank-service@1.0.0", 1, false, 1)).expect(200);
        registry.post("/environments/prod/profiles", profiles("bank-service@1.1.0", 1, false, 2)).expect(200);
        registry.post("/environments/prod/profiles", profiles("bank-service@1.2.0", 1000, true, 3)).expect(200);
        openBrowser();
    }

    @Test
    void eachNumericFieldIsAChartPerReleaseInDeploymentOrderWithTheDriftInRed() throws Exception {
        browser.get(registry.base() + "/#/environment/prod");
        WebElement link = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#profiled-types a.values-link")));
        assertEquals(TYPE + "@2", link.getText());
        link.click();
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#value-fields .value-field"), 4));
        assertTrue(browser.getCurrentUrl().endsWith("#/values/prod/" + TYPE), browser.getCurrentUrl());

        WebElement at = field("/at");
        assertTrue(at.getAttribute("class").contains("drifted"));
        List<WebElement> bands = at.findElements(By.cssSelector("svg.value-chart rect.band"));
        assertEquals(List.of("bank-service@1.0.0", "bank-service@1.1.0", "bank-service@1.2.0"),
                bands.stream().map(b -> b.getAttribute("data-release")).toList(), "releases in deployment order");
        List<WebElement> deployments = at.findElements(By.cssSelector("svg.value-chart line.deployment"));
        assertEquals(2, deployments.size(), "a mark at each deployment after the first");
        assertEquals(List.of("bank-service@1.2.0"), at.findElements(By.cssSelector("line.deployment.drift")).stream()
                .map(l -> l.getAttribute("data-release")).toList(), "only the deployment that changed the unit is red");
        assertEquals("×1000", at.findElement(By.cssSelector("text.factor")).getText());
        assertTrue(at.findElement(By.cssSelector(".drift-finding")).getText().contains("×1000: seconds → milliseconds?"));
        double medianBefore = Double.parseDouble(bands.get(1).findElement(By.xpath("following-sibling::*[1]")).getAttribute("cy"));
        double medianAfter = Double.parseDouble(bands.get(2).findElement(By.xpath("following-sibling::*[1]")).getAttribute("cy"));
        assertTrue(medianAfter < medianBefore, "the median of 1.2.0 is drawn higher");

        WebElement amount = field("/amount");
        assertEquals(0, amount.findElements(By.cssSelector(".drift, .drift-finding")).size(), "natural variance: nothing red");
        assertEquals(3, amount.findElements(By.cssSelector("rect.band")).size());

        WebElement occurred = field("/occurredAt");
        List<WebElement> formats = occurred.findElements(By.cssSelector("tr.format-row"));
        assertEquals(3, formats.size());
        assertEquals("date-time 100%", formats.get(0).findElement(By.cssSelector("td.shares")).getText());
        assertEquals("epoch-millis 100%", formats.get(2).findElement(By.cssSelector("td.shares")).getText());
        assertTrue(occurred.findElement(By.cssSelector(".drift-finding")).getText().startsWith("format-drift"));
        HeadlessChromium.screenshot(browser, "values-prod");

        // A code list's drift is the codes each release wrote, not "Formats of the strings: other 100%" twice.
        WebElement status = field("/status");
        assertTrue(status.findElement(By.cssSelector(".drift-finding")).getText().startsWith("code-list-drift"), status.getText());
        assertFalse(status.getText().contains("Formats of the strings"), status.getText());
        assertFalse(status.getText().contains("other 100%"), status.getText());
        List<WebElement> codeRows = status.findElements(By.cssSelector("table.code-lists tr.code-row"));
        assertEquals(List.of("bank-service@1.1.0", "bank-service@1.2.0"), codeRows.stream().map(r -> r.getAttribute("data-release")).toList());
        assertEquals(List.of("delivered", "packed", "shipped"), codes(codeRows.get(0), ".pill.code-gone"), "the codes 1.2.0 no longer writes");
        assertEquals(List.of("DELIVERED", "PACKED", "SHIPPED"), codes(codeRows.get(1), ".pill.code-new"), "the codes 1.2.0 writes new");
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'center'})", status);
        HeadlessChromium.screenshot(browser, "values-code-list-drift");

        browser.get("about:blank");
        browser.get(registry.base() + "/#/values/prod/bank.account.Nothing");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("problem"), "wow-compat.profile.not-found"));
    }

    /** The codes of a release's row with the given mark, in alphabetical order. */
    private static List<String> codes(WebElement row, String css) {
        return row.findElements(By.cssSelector(css)).stream().map(c -> c.getAttribute("data-code")).sorted().toList();
    }

    private WebElement field(String pointer) {
        return browser.findElements(By.cssSelector("#value-fields .value-field")).stream()
                .filter(e -> pointer.equals(e.getAttribute("data-pointer"))).findFirst().orElseThrow(() -> new AssertionError(pointer));
    }
}
