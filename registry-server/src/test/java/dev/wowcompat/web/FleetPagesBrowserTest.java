package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The page with more services than one page holds, in headless Chromium against the real registry: 120 services
 * registered and running in prod through the API. The service list and the environment's running releases show 50
 * rows at a time, the pager moves through them, and the filter box narrows them by name; so does an environment's
 * history of ended deployments (60 in stage).
 */
class FleetPagesBrowserTest extends BrowserTest {
    private static final int SERVICES = 120;
    private static final int ENDED = 60;

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (int s = 0; s < SERVICES; s++) {
            String service = String.format("svc-%03d", s);
            registry.register(service, BankManifests.depositReader(service, "1.0.0", 1)).expect(201);
            registry.deploy("prod", service, "1.0.0").expect(201);
        }
        // Stage ran 60 of them and runs none now: its history of ended deployments is longer than a page.
        for (int s = 0; s < ENDED; s++) {
            String service = String.format("svc-%03d", s);
            registry.deploy("stage", service, "1.0.0").expect(201);
            registry.delete("/environments/stage/deployments/" + service).expect(200);
        }
        openBrowser();
    }

    private List<String> names(String rows) {
        return browser.findElements(By.cssSelector(rows)).stream().map(e -> e.findElement(By.cssSelector("a.service-link")).getText()).toList();
    }

    /** Pages through the list, then filters it; {@code rows} selects the list's rows. */
    private void pagesAndFilters(String table, String rows) {
        WebElement paging = wait.until(ExpectedConditions.presenceOfElementLocated(By.id(table + "-paging")));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 50));
        assertEquals("svc-000", names(rows).get(0));
        assertEquals("1–50 of 120", paging.findElement(By.className("page-info")).getText());
        assertFalse(paging.findElement(By.className("page-prev")).isEnabled());
        paging.findElement(By.className("page-next")).click();
        paging.findElement(By.className("page-next")).click();
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 20));
        assertEquals("svc-100", names(rows).get(0));
        assertEquals("101–120 of 120", paging.findElement(By.className("page-info")).getText());
        assertFalse(paging.findElement(By.className("page-next")).isEnabled());

        paging.findElement(By.className("list-filter")).sendKeys("svc-01");
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 10));
        assertEquals(List.of("svc-010", "svc-011", "svc-012", "svc-013", "svc-014", "svc-015", "svc-016", "svc-017", "svc-018", "svc-019"),
                names(rows));
        assertEquals("1–10 of 10", paging.findElement(By.className("page-info")).getText());
        paging.findElement(By.className("list-filter")).sendKeys("x");
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 0));
        assertEquals("no name matches", paging.findElement(By.className("page-info")).getText());
    }

    @Test
    void theServiceListAndTheRunningReleasesArePagedAndFilteredByName() throws Exception {
        browser.get(registry.base() + "/");
        pagesAndFilters("services", "#services tr:not(:first-child)");
        HeadlessChromium.screenshot(browser, "services-filtered");

        browser.get(registry.base() + "/#/environment/prod");
        pagesAndFilters("running", "#running tr.deployment");
        assertTrue(browser.findElement(By.id("deployment-history")).getText().contains("No deployment has ended here yet"));
    }

    @Test
    void theHistoryOfEndedDeploymentsIsPagedAndFilteredByService() throws Exception {
        browser.get(registry.base() + "/#/environment/stage");
        WebElement paging = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("deployment-history-paging")));
        String rows = "#deployment-history tr.ended";
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 50));
        assertEquals("1–50 of 60", paging.findElement(By.className("page-info")).getText());
        // Newest end first: the last service undeployed heads the list.
        assertEquals("svc-059", browser.findElements(By.cssSelector(rows)).get(0).getAttribute("data-service"));
        assertFalse(paging.findElement(By.className("page-prev")).isEnabled());
        paging.findElement(By.className("page-next")).click();
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 10));
        assertEquals("svc-009", browser.findElements(By.cssSelector(rows)).get(0).getAttribute("data-service"));
        paging.findElement(By.className("list-filter")).sendKeys("svc-04");
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(rows), 10));
        assertEquals("1–10 of 10", paging.findElement(By.className("page-info")).getText());
        assertTrue(browser.findElement(By.id("running")).getText().contains("Nothing runs here now"));
        HeadlessChromium.screenshot(browser, "history-filtered");
    }
}
