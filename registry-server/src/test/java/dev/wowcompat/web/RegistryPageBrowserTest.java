package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web page in headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs), against the
 * real registry: search an event, open its revisions, open a diff, see the breaking finding highlighted at its
 * pointer, paste a fingerprint, follow a deep link.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RegistryPageBrowserTest {
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    private RunningRegistry registry;
    private WebDriver browser;
    private WebDriverWait wait;
    private Path screenshots;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        assertTrue(new File(CHROMEDRIVER).canExecute() && new File(CHROMIUM).canExecute(),
                "browser tests need Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver (.ci/run does it)");
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String[] r : new String[][] {{"1.0.0", "1", "true"}, {"1.1.0", "2", "false"}, {"1.2.0", "2", "true"}}) {
            String manifest = BankManifests.bank("bank-service", r[0], Integer.parseInt(r[1]), Boolean.parseBoolean(r[2]));
            assertEquals(201, registry.post("/services/bank-service/releases", manifest).status());
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1440,900");
        // The driver is given by path, so Selenium Manager never tries to download one.
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        screenshots = Path.of("target", "browser-screenshots");
        Files.createDirectories(screenshots);
    }

    @AfterAll
    void stop() {
        if (browser != null) browser.quit();
        if (registry != null) registry.close();
    }

    private void screenshot(String name) throws Exception {
        Files.write(screenshots.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void searchAnEventOpenItsRevisionsAndSeeTheBreakingFindingInTheDiff() throws Exception {
        browser.get(registry.base() + "/");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("services")));
        browser.findElement(By.id("search")).sendKeys("Deposited");
        WebElement revisionsLink = wait.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#results a.revisions-link[href='#/event/bank.account.Deposited']")));
        revisionsLink.click();

        List<WebElement> rows = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#revisions tr.revision"), 2));
        assertTrue(rows.get(1).getText().contains("@1"), "revision 2 upgrades from 1: " + rows.get(1).getText());
        assertTrue(rows.get(1).getText().contains("since 1.2.0"), "written since 1.2.0, staged in 1.1.0: " + rows.get(1).getText());
        screenshot("revisions");

        rows.get(1).findElement(By.cssSelector("a.diff-link")).click();
        WebElement finding = wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#findings .finding.breaking[data-rule='field-type-changed']")));
        assertTrue(finding.getAttribute("data-pointer").contains("amount"), finding.getAttribute("data-pointer"));
        List<WebElement> highlighted = browser.findElements(By.cssSelector("#side-to .line.hl-breaking"));
        assertFalse(highlighted.isEmpty(), "the breaking finding is highlighted in the new schema");
        assertTrue(highlighted.stream().allMatch(l -> l.getAttribute("data-pointer").startsWith("/properties/amount")),
                "only the lines at the finding's pointer are highlighted");
        assertTrue(highlighted.stream().anyMatch(l -> l.getText().contains("\"number\"")));
        assertTrue(browser.findElements(By.cssSelector("#side-from .line.hl-breaking")).stream()
                .anyMatch(l -> l.getText().contains("\"integer\"")), "and the old type on the other side");
        assertTrue(browser.getCurrentUrl().endsWith("#/diff/bank.account.Deposited/1/2"), "the diff has its own address");
        screenshot("diff");
    }

    @Test
    void pasteAFingerprint() throws Exception {
        String fp = Fingerprint.of(BankManifests.read(BankManifests.bank("1.0.0"))
                .at("/contexts/bank/aggregates/account/events/Deposited/revisions/1/schema"));
        browser.get(registry.base() + "/");
        WebElement box = wait.until(ExpectedConditions.elementToBeClickable(By.id("fingerprint-input")));
        box.sendKeys(fp, Keys.ENTER);
        WebElement result = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("fingerprint-result")));
        assertTrue(result.getText().startsWith("Known"), result.getText());
        assertTrue(browser.findElement(By.id("usages")).getText().contains("bank.account.Deposited@1"));
        screenshot("fingerprint");

        box = browser.findElement(By.id("fingerprint-input"));
        box.clear();
        box.sendKeys("0".repeat(64), Keys.ENTER);
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("fingerprint-result"), "Unknown fingerprint"));
    }

    @Test
    void deepLinksOpenTheirView() {
        browser.get(registry.base() + "/#/service/bank-service");
        List<WebElement> releases = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#timeline .release"), 3));
        assertEquals("1.0.0", releases.get(0).getAttribute("data-version"));
        assertTrue(releases.get(2).getText().contains("compatible"));

        browser.get(registry.base() + "/#/type/bank.account.Withdraw");
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#appearances tr"), 4));
        browser.get(registry.base() + "/#/type/bank.account.Nothing");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("problem"), "wow-compat.type.not-found"));
    }
}
