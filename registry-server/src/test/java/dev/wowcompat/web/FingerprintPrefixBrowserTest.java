package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PrefixTwins;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * Fingerprint prefixes pasted into the page's fingerprint box, in headless Chromium against the real registry: the
 * 12 digits a report shows open the fingerprint's view, an ambiguous prefix lists its matches as links, and a
 * prefix too short (or not hex) is said to be one.
 */
class FingerprintPrefixBrowserTest extends BrowserTest {

    private PrefixTwins twins;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank("1.0.0")).status());
        twins = PrefixTwins.find("prefixes");
        RunningRegistry.Answer a = registry.post("/services/prefixes/releases", twins.manifest());
        assertEquals(201, a.status(), a.body());
        openBrowser();
    }

    private void screenshot(String name) throws Exception {
        HeadlessChromium.screenshot(browser, name);
    }

    private void paste(String text) {
        browser.get(registry.base() + "/");
        WebElement box = wait.until(ExpectedConditions.elementToBeClickable(By.id("fingerprint-input")));
        box.sendKeys(text, Keys.ENTER);
    }

    @Test
    void theTwelveDigitsAReportShowsOpenTheFingerprint() throws Exception {
        String fp = Fingerprint.of(BankManifests.read(BankManifests.bank("1.0.0"))
                .at("/contexts/bank/aggregates/account/events/Deposited/revisions/1/schema"));
        paste(fp.substring(0, 12).toUpperCase(java.util.Locale.ROOT));
        wait.until(ExpectedConditions.urlToBe(registry.base() + "/#/fingerprint/" + fp));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("fingerprint-result"), "Known"));
        assertTrue(browser.findElement(By.id("usages")).getText().contains("bank.account.Deposited@1"));
        assertEquals(fp, browser.findElement(By.cssSelector("h1.fp")).getText());
        screenshot("fingerprint-prefix");
    }

    @Test
    void anAmbiguousPrefixListsItsMatchesAsLinks() throws Exception {
        paste(twins.sharedPrefix());
        List<WebElement> links = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#fingerprint-candidates a.candidate-link"), 2));
        assertTrue(browser.findElement(By.id("fingerprint-result")).getText().startsWith("Ambiguous prefix"));
        Set<String> shown = new TreeSet<>();
        links.forEach(l -> shown.add(l.getText()));
        assertEquals(new TreeSet<>(List.of(twins.first(), twins.second())), shown);
        screenshot("fingerprint-prefix-ambiguous");

        browser.findElements(By.cssSelector("#fingerprint-candidates a.candidate-link")).stream()
                .filter(l -> l.getText().equals(twins.second())).findFirst().orElseThrow().click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("fingerprint-result"), "Known"));
        assertTrue(browser.getCurrentUrl().endsWith("#/fingerprint/" + twins.second()));
        assertTrue(browser.findElement(By.id("usages")).getText().contains("prefixes"));
    }

    @Test
    void tooShortNotHexOrUnknownIsSaid() {
        paste("abc1234");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("fingerprint-result"), "only 7 hex digits; a prefix needs at least 8"));
        paste("xyz12345abc");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("fingerprint-result"), "hex digits (0-9, a-f) only"));
        String none = unusedPrefix();
        paste(none);
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("fingerprint-result"), "Unknown fingerprint"));
        assertTrue(browser.findElement(By.id("fingerprint-result")).getText().contains(none));
    }

    /** Eight digits no stored fingerprint starts with (the registry holds a handful, so the first free one is near). */
    private String unusedPrefix() {
        for (int i = 0; ; i++) {
            String p = String.format("%08x", i);
            if (registry.get("/fingerprints/" + p).status() == 404) return p;
        }
    }
}
