package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The web page in headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs), against the
 * real registry: search an event, open its revisions, open a diff, see the breaking finding highlighted at its
 * pointer, paste a fingerprint, follow a deep link.
 */
class RegistryPageBrowserTest extends BrowserTest {


    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String[] r : new String[][] {{"1.0.0", "1", "true"}, {"1.1.0", "2", "false"}, {"1.2.0", "2", "true"}}) {
            String manifest = BankManifests.bank("bank-service", r[0], Integer.parseInt(r[1]), Boolean.parseBoolean(r[2]));
            assertEquals(201, registry.post("/services/bank-service/releases", manifest).status());
        }
        for (String[] r : new String[][] {{"1.3.0", "false"}, {"1.4.0", "true"}}) {
            RunningRegistry.Answer a = registry.post("/services/bank-service/releases",
                    BankManifests.bankWithFee("bank-service", r[0], Boolean.parseBoolean(r[1])));
            assertEquals(201, a.status(), a.body());
        }
        openBrowser();
    }

    /** Clicks an element once it is scrolled clear of the sticky header (release cards grew with their changelog). */
    private void click(WebElement element) {
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
        element.click();
    }

    private void screenshot(String name) throws Exception {
        HeadlessChromium.screenshot(browser, name);
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
        // Which releases wrote each revision, first to last: @1 until 1.2.0 wrote @2 (staged in 1.1.0), never "since".
        WebElement written1 = rows.get(0).findElement(By.cssSelector("td.revision-written"));
        WebElement written2 = rows.get(1).findElement(By.cssSelector("td.revision-written"));
        assertEquals("no longer written: written by 1.0.0 to 1.1.0 (2 releases)", written1.getText());
        assertEquals("written by 1.2.0 to 1.4.0 (3 releases)", written2.getText());
        screenshot("revisions-written-by");

        rows.get(1).findElement(By.cssSelector("a.diff-link")).click();
        // A new revision is where a type may change: the diff says what the upgrader maps, not "breaking".
        WebElement retyped = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#upgrade-retyped li")));
        assertEquals("amount integer → number", retyped.getText());
        assertTrue(browser.findElement(By.id("upgrade-added")).getText().contains("currency"));
        assertTrue(browser.findElement(By.id("upgrade-added")).getText().contains("fee"));
        assertFalse(browser.findElement(By.id("upgrade-added")).getText().contains("channel"), "a $defs field is mapped with its $ref");
        assertEquals(List.of(), browser.findElements(By.cssSelector("#findings, .finding, .line[class*='hl-']")), "no breaking findings");
        assertTrue(browser.findElements(By.cssSelector("#side-from .line.removed")).stream().anyMatch(l -> l.getText().contains("\"integer\"")));
        assertTrue(browser.findElements(By.cssSelector("#side-to .line.added")).stream().anyMatch(l -> l.getText().contains("\"number\"")));
        assertTrue(browser.getCurrentUrl().endsWith("#/diff/bank.account.Deposited/1/2"), "the diff has its own address");
        screenshot("diff-upgrade");
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
        List<WebElement> releases = wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#timeline .release"), 5));
        assertEquals("1.0.0", releases.get(0).getAttribute("data-version"));
        assertTrue(releases.get(2).getText().contains("compatible"));

        browser.get(registry.base() + "/#/type/bank.account.Withdraw");
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#appearances tr"), 6));
        browser.get(registry.base() + "/#/type/bank.account.Nothing");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("problem"), "wow-compat.type.not-found"));
    }

    @Test
    void theEventPageSaysWhichRevisionIsCurrentAndEverySchemaEachRevisionHad() throws Exception {
        browser.get(registry.base() + "/#/event/bank.account.Deposited");
        WebElement current = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#current a.current-link")));
        assertEquals("@2", current.getText());
        List<WebElement> rows = browser.findElements(By.cssSelector("#revisions tr.revision"));
        assertEquals(List.of(), rows.get(0).findElements(By.cssSelector(".current-pill")));
        assertEquals("current", rows.get(1).findElement(By.cssSelector(".current-pill")).getText());
        // @2 had three schemas: as first registered (1.1.0-1.2.0), with fee staged (1.3.0), with fee written (1.4.0).
        List<WebElement> schemas = rows.get(1).findElements(By.cssSelector("li.revision-schema"));
        assertEquals(3, schemas.size());
        assertTrue(schemas.get(0).getText().contains("1.1.0 – 1.2.0 (2 releases)"), schemas.get(0).getText());
        assertTrue(schemas.get(2).getText().contains("1.4.0 (1 release)"), schemas.get(2).getText());
        assertEquals(2, rows.get(1).findElements(By.cssSelector("a.schema-diff-link")).size());
        assertEquals(1, rows.get(0).findElements(By.cssSelector("li.revision-schema")).size());
        screenshot("revisions");

        schemas.get(1).findElement(By.cssSelector("a.schema-diff-link")).click();
        // Between two releases of one revision the findings stay, and added lines are highlighted.
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("findings")));
        assertEquals(List.of(), browser.findElements(By.id("upgrade")));
        List<WebElement> added = browser.findElements(By.cssSelector("#side-to .line.added"));
        assertTrue(added.stream().anyMatch(l -> l.getText().contains("\"fee\"")), "the new field's lines are marked added");
        assertTrue(added.stream().allMatch(l -> !l.getText().contains("\"amount\"")), "unchanged lines are not");
        assertEquals(List.of(), browser.findElements(By.cssSelector("#side-from .line.removed")));
        // Only the new members' lines are added: a line that only gained a comma because a sibling follows it now is not.
        List<String> addedAt = added.stream().map(l -> l.getAttribute("data-pointer")).toList();
        assertTrue(addedAt.stream().allMatch(p -> p.startsWith("/properties/fee") || p.startsWith("/properties/source") || p.startsWith("/$defs")),
                addedAt.toString());
        // The panes are aligned line by line: each added line faces a blank row, every other row the same line.
        List<WebElement> fromRows = browser.findElements(By.cssSelector("#side-from pre.json > .line"));
        List<WebElement> toRows = browser.findElements(By.cssSelector("#side-to pre.json > .line"));
        assertEquals(fromRows.size(), toRows.size(), "one row each side");
        assertEquals(added.size(), browser.findElements(By.cssSelector("#side-from .line.filler")).size());
        for (int i = 0; i < fromRows.size(); i++) {
            assertEquals(fromRows.get(i).getLocation().getY(), toRows.get(i).getLocation().getY(), "row " + i + " at one height");
            if (!toRows.get(i).getAttribute("class").contains("added")) {
                assertEquals(fromRows.get(i).getText().replaceAll(",$", ""), toRows.get(i).getText().replaceAll(",$", ""), "row " + i);
            }
        }
        // A compatible change (no finding) is highlighted at its pointer and listed in the report's changelog.
        assertEquals(List.of(), browser.findElements(By.cssSelector(".finding")));
        List<WebElement> changed = browser.findElements(By.cssSelector("#side-to .line.hl-change"));
        assertTrue(changed.stream().anyMatch(l -> l.getText().contains("\"fee\"")), "the new field is marked as a compatible change");
        assertTrue(changed.stream().noneMatch(l -> l.getText().contains("\"amount\"")), "unchanged lines are not");
        assertEquals(List.of(), browser.findElements(By.cssSelector("#side-from .line.hl-change")));
        List<String> listed = browser.findElements(By.cssSelector("#findings li.change")).stream()
                .map(li -> li.getAttribute("data-kind") + " " + li.getAttribute("data-pointer")).toList();
        assertTrue(listed.contains("property-added /properties/fee"), listed.toString());
        assertTrue(browser.getCurrentUrl().contains("#/diff/bank.account.Deposited%402/"), browser.getCurrentUrl());
        screenshot("diff-release");
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'center'})", added.get(0));
        screenshot("diff-release-aligned");
    }

    @Test
    void aRevisionReadsAsAFieldTableWithRawJsonOneClickAway() throws Exception {
        browser.get(registry.base() + "/#/event/bank.account.Deposited/2");
        WebElement table = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("fields")));
        WebElement fee = table.findElement(By.cssSelector("tr.field[data-pointer='/properties/fee']"));
        assertEquals(List.of("fee", "number", "no", "0", "EUR", "fee-charged", "What the bank kept.", "bank-service@1.3.0", "written"),
                fee.findElements(By.tagName("td")).stream().map(WebElement::getText).toList());
        WebElement amount = table.findElement(By.cssSelector("tr.field[data-pointer='/properties/amount']"));
        assertTrue(amount.getText().contains("yes"), "amount is required: " + amount.getText());
        assertTrue(amount.getText().contains("bank-service@1.1.0"), "added with the revision: " + amount.getText());

        // $defs are expandable: the definition's own fields show on a click.
        WebElement channel = table.findElement(By.cssSelector("tr.field[data-pointer='/$defs/Source/properties/channel']"));
        assertFalse(channel.isDisplayed());
        table.findElement(By.cssSelector("button.expand[data-pointer='/$defs/Source']")).click();
        assertTrue(channel.isDisplayed());
        assertTrue(channel.getText().contains("Where it came from."));
        assertTrue(table.findElement(By.cssSelector("tr.field[data-pointer='/properties/source']")).getText().contains("#/$defs/Source"));

        WebElement raw = browser.findElement(By.cssSelector("#raw-json pre.json"));
        assertFalse(raw.isDisplayed(), "the raw JSON is folded");
        browser.findElement(By.cssSelector("#raw-json summary")).click();
        assertTrue(raw.isDisplayed());
        assertTrue(raw.getText().contains("\"x-wow-unit\": \"EUR\""));
        screenshot("fields");
    }

    @Test
    void searchByFieldNameBesideSearchByTypeName() throws Exception {
        browser.get(registry.base() + "/");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("services")));
        browser.findElement(By.id("field-search")).sendKeys("channel", Keys.ENTER);
        WebElement results = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("table#field-results")));
        assertTrue(results.getText().contains("bank.account.Deposited@2"), results.getText());
        assertTrue(browser.getCurrentUrl().endsWith("#/fields/channel"));
        screenshot("field-search");
        browser.get(registry.base() + "/#/fields/amount");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("field-results"), "bank.account.Withdraw"));
        browser.get(registry.base() + "/#/fields/nosuchfield");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("field-results"), "No schema has a field"));
    }

    @Test
    void aServiceTimelineShowsEachReleasesVerdictAndChanges() throws Exception {
        browser.get(registry.base() + "/#/service/bank-service/1.3.0");
        WebElement release = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#release-1\\.3\\.0.focused")));
        assertEquals("compatible", release.findElement(By.cssSelector(".pill.compatible")).getText());
        WebElement changes = wait.until(d -> release.findElement(By.cssSelector(".change-list")));
        assertEquals("changed event bank.account.Deposited@2", changes.getText());
        // The release's compatible changes, as the registry's report lists them.
        assertEquals(List.of("property-added bank.account.Deposited@2 /properties/fee", "property-added bank.account.Deposited@2 /properties/source"),
                release.findElements(By.cssSelector("ul.changelog-list li.change")).stream()
                        .map(li -> li.getAttribute("data-kind") + " " + li.findElements(By.tagName("code")).get(1).getText()
                                + " " + li.getAttribute("data-pointer")).toList());
        assertEquals("2 compatible changes", release.findElement(By.cssSelector(".changelog strong")).getText());
        WebElement fifth = browser.findElement(By.id("release-1.4.0"));
        assertTrue(fifth.findElement(By.cssSelector("ul.changelog-list")).getText().contains("property-now-written"),
                fifth.getText());
        screenshot("timeline");

        WebElement second = browser.findElement(By.id("release-1.1.0"));
        click(second.findElement(By.cssSelector("details.changes summary")));
        WebElement added = wait.until(d -> second.findElement(By.cssSelector(".change-list")));
        assertEquals("added event bank.account.Deposited@2", added.getText());
        WebElement fourth = browser.findElement(By.id("release-1.2.0"));
        click(fourth.findElement(By.cssSelector("details.changes summary")));
        assertEquals("now written event bank.account.Deposited@2", wait.until(d -> fourth.findElement(By.cssSelector(".change-list"))).getText());
    }
}
