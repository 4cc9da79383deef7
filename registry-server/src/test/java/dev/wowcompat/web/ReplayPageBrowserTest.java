package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The release view in headless Chromium says whether each release was replayed (docs/replay.md), on how many
 * aggregates and events, and what the replay found: a release never replayed reads "Not replayed", not a failure;
 * one whose replay found a break shows it as a break.
 */
class ReplayPageBrowserTest extends BrowserTest {

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            registry.register("bank-service", BankManifests.bank("bank-service", version, 1, true)).expect(201);
        }
        putReplay("1.1.0", "{\"replay\": {\"replayedAt\": \"2026-12-01T09:30:00Z\", \"toolVersion\": \"0.9.0\", \"aggregates\": 1500, "
                + "\"events\": 120000}, \"findings\": [{\"id\": \"replay-event-unsourced\", \"severity\": \"info\", \"count\": 4, \"examples\": []}]}");
        putReplay("1.2.0", "{\"replay\": {\"replayedAt\": \"2026-12-02T09:30:00Z\", \"toolVersion\": \"0.9.0\", \"aggregates\": 40, "
                + "\"events\": 1200}, \"findings\": [{\"id\": \"replay-state-changed\", \"severity\": \"breaking\", \"count\": 3, \"examples\": []}]}");
        openBrowser();
    }

    private void putReplay(String version, String report) {
        registry.send(HttpRequest.newBuilder(URI.create(registry.base() + "/services/bank-service/releases/" + version + "/replay"))
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(report))).expect(201);
    }

    private WebElement replayOf(String version) {
        return wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#release-" + version.replace(".", "\\.") + " p.replay")));
    }

    @Test
    void eachReleaseSaysWhetherItWasReplayedAndWhatItFound() throws Exception {
        browser.get(registry.base() + "/#/service/bank-service/1.2.0");
        WebElement broken = replayOf("1.2.0");
        assertEquals("replay found a break on 40 aggregates and 1,200 events (2026-12-02 09:30 UTC, wow-compat 0.9.0): "
                + "found replay-state-changed in 3 records.", broken.getText().replaceAll("\\s+", " "));
        assertTrue(broken.getAttribute("class").contains("replay-breaking"), broken.getAttribute("class"));
        assertEquals(1, broken.findElements(By.cssSelector(".pill.breaking")).size() - 1, "the break and its finding are marked breaking");

        WebElement clean = replayOf("1.1.0");
        assertEquals("replayed on 1,500 aggregates and 120,000 events (2026-12-01 09:30 UTC, wow-compat 0.9.0): "
                + "found replay-event-unsourced in 4 records.", clean.getText().replaceAll("\\s+", " "));
        assertTrue(clean.getAttribute("class").contains("replay-clean"), clean.getAttribute("class"));
        assertEquals(0, clean.findElements(By.cssSelector(".pill.breaking")).size(), "an info finding is no break");

        WebElement never = replayOf("1.0.0");
        assertEquals("Not replayed.", never.getText());
        assertTrue(never.getAttribute("class").contains("not-replayed"), never.getAttribute("class"));
        assertEquals(0, never.findElements(By.cssSelector(".pill")).size(), "not replayed is said plainly, never as a failure");
        HeadlessChromium.screenshot(browser, "release-replay");
    }
}
