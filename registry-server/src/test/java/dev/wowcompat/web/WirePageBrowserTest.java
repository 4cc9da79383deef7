package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The wire on the page, in headless Chromium against the real registry: bank-service 1.0.0, 1.1.0 and 1.2.0 (which
 * writes {@code at} in milliseconds) deployed in prod; a watcher posted two windows with findings of 1.2.0's records,
 * among them a {@code declared-meaning-contradicted} of {@code /at}. The environment's "On the wire" panel, the
 * event page's mark, the finding's records and the contradiction drawn on the field's chart.
 */
class WirePageBrowserTest extends BrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TYPE = "bank.account.Deposited";
    private static final String HOSTILE = "<img src=x id=injected>";
    private String qaReset;
    private String uatReset;

    /** An instant of the API as the page shows it: to the minute, in UTC. */
    private static String shown(String instant) {
        return instant.replace('T', ' ').substring(0, 16) + " UTC";
    }

    private static String profiles(String release, long unit, long seed) {
        ProfileSet set = new ProfileSet();
        Random r = new Random(seed);
        for (int i = 0; i < 300; i++) {
            set.observe(TYPE, 2, release, JSON.createObjectNode().put("at", (1_764_000_000L + r.nextInt(600_000)) * unit)
                    .put("amount", 50 * Math.exp(1.5 * r.nextGaussian())));
        }
        return ProfileJson.write(set).toString();
    }

    private static ObjectNode window(String member, long from, long to, String start, String end) {
        ObjectNode w = JSON.createObjectNode().put("group", "wow-compat-watch.prod").put("member", member).put("start", start).put("end", end);
        w.putArray("ranges").addObject().put("topic", "wow.bank.event").put("partition", 0).put("from", from).put("to", to);
        w.putObject("records").put("bank-service@1.2.0", to - from - 1).put("", 1);
        ObjectNode carried = w.putArray("carried").addObject().put("kind", "event").put("type", TYPE).put("revision", 2)
                .put("release", "bank-service@1.2.0").put("count", to - from).put("firstSeen", start).put("lastSeen", end);
        carried.putObject("first").put("topic", "wow.bank.event").put("partition", 0).put("offset", from);
        ArrayNode findings = w.putArray("findings");
        ObjectNode written = findings.addObject().put("id", "written-not-declared").put("severity", "breaking").put("release", "bank-service@1.2.0")
                .put("type", TYPE).put("count", 3).put("firstSeen", start).put("lastSeen", end);
        written.putArray("examples").addObject().put("topic", "wow.bank.event").put("partition", 0).put("offset", from + 1)
                .put("key", "account-7").put("pointer", "/fee").put("message", HOSTILE + " fee is staged, not written");
        ObjectNode contradicted = findings.addObject().put("id", "declared-meaning-contradicted").put("severity", "warning")
                .put("release", "bank-service@1.2.0").put("type", TYPE).put("count", 40).put("firstSeen", start).put("lastSeen", end);
        contradicted.putArray("examples").addObject().put("topic", "wow.bank.event").put("partition", 0).put("offset", from + 2)
                .put("key", "account-8").put("pointer", "/at").put("message", "values of /at are epoch milliseconds; the Manifest declares seconds"
                        + " (first at " + start + ")");
        return w;
    }

    /** The end of the newest window posted. */
    private java.time.Instant lastWindow;

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            registry.register("bank-service", BankManifests.profiled("bank-service", version, "at")).expect(201);
            registry.deploy("prod", "bank-service", version).expect(201);
        }
        registry.deploy("staging", "bank-service", "1.1.0").expect(201);
        registry.post("/environments/prod/profiles", profiles("bank-service@1.0.0", 1, 1)).expect(200);
        registry.post("/environments/prod/profiles", profiles("bank-service@1.1.0", 1, 2)).expect(200);
        registry.post("/environments/prod/profiles", profiles("bank-service@1.2.0", 1000, 3)).expect(200);
        // Windows of what the watchers just read: after 1.2.0 was deployed, which their records are attributed to.
        lastWindow = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        registry.post("/environments/prod/wire", window("host-1/4f2c", 100, 150, lastWindow.minusSeconds(20).toString(),
                lastWindow.minusSeconds(10).toString()).toString()).expect(200);
        registry.post("/environments/prod/wire", window("host-2/9a1b", 150, 190, lastWindow.minusSeconds(10).toString(),
                lastWindow.toString()).toString()).expect(200);
        // qa's wire was reset whole; uat's watchers' group only.
        for (String env : List.of("qa", "uat")) {
            registry.deploy(env, "bank-service", "1.2.0").expect(201);
            java.time.Instant now = java.time.Instant.now();
            registry.post("/environments/" + env + "/wire", window("host-3/77c0", 0, 50, now.minusSeconds(10).toString(),
                    now.toString()).toString()).expect(200);
        }
        qaReset = registry.delete("/environments/qa/wire").expect(200).json().path("resetAt").asText();
        uatReset = registry.delete("/environments/uat/wire?group=wow-compat-watch.prod").expect(200).json().path("resetAt").asText();
        openBrowser();
    }

    @Test
    void theEnvironmentShowsItsWireAndTheEventPageMarksItsFindingsAndDrift() throws Exception {
        browser.get(registry.base() + "/#/environment/prod");
        WebElement panel = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#wire-panel #wire-records")))
                .findElement(By.xpath("ancestor::div[@id='wire-panel']"));
        assertEquals("90 records", panel.findElement(By.id("wire-records")).getText());
        assertEquals("6 breaking", panel.findElement(By.id("wire-breaking")).getText(), "records with a breaking finding, both windows");
        assertEquals("80 warning", panel.findElement(By.id("wire-warning")).getText());
        assertEquals("last window " + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(java.time.ZoneOffset.UTC)
                .format(lastWindow) + " UTC", panel.findElement(By.id("wire-last-window")).getText());
        assertEquals(List.of("host-2/9a1b", "host-1/4f2c"), panel.findElements(By.cssSelector("#wire-watchers tr.wire-watcher td:first-child"))
                .stream().map(WebElement::getText).toList(), "newest window first");
        assertEquals(List.of("written-not-declared", "declared-meaning-contradicted"),
                panel.findElements(By.cssSelector("#wire-findings tr.wire-finding")).stream().map(e -> e.getAttribute("data-id")).toList());
        Path shot = Path.of("target", "screenshots", "wire-panel.png");
        Files.createDirectories(shot.getParent());
        Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));

        // An environment without windows says how to get some.
        browser.get(registry.base() + "/#/environment/staging");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("wire-none")));

        // An environment whose wire was reset says when and by whom, whether windows came since or not.
        browser.get(registry.base() + "/#/environment/qa");
        WebElement qa = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#wire-panel #wire-reset")));
        assertEquals(1, browser.findElements(By.id("wire-none")).size(), "nothing counted since the reset");
        assertEquals("The wire was reset " + shown(qaReset) + " by anonymous: counted from then on.", qa.getText());
        browser.get(registry.base() + "/#/environment/uat");
        WebElement uat = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#wire-panel #wire-records")))
                .findElement(By.xpath("ancestor::div[@id='wire-panel']"));
        assertEquals("50 records", uat.findElement(By.id("wire-records")).getText(), "a group's reset keeps what it counted");
        assertEquals("The positions of group wow-compat-watch.prod were reset " + shown(uatReset)
                + " by anonymous; what it counted stays counted.", uat.findElement(By.id("wire-reset")).getText());
        browser.get(registry.base() + "/#/wire/qa");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.xpath("//h1[starts-with(., 'On the wire of')]")));
        assertEquals(qaReset, browser.findElement(By.id("wire-reset")).getAttribute("data-at"));
        HeadlessChromium.screenshot(browser, "wire-reset");

        browser.get(registry.base() + "/#/event/" + TYPE);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#wire-marks li.wire-mark")));
        List<WebElement> marks = browser.findElements(By.cssSelector("#wire-marks li.wire-mark"));
        assertEquals(List.of("prod", "uat"), marks.stream().map(e -> e.getAttribute("data-environment")).sorted().toList(),
                "staging has nothing to mark, qa was reset whole, uat's group reset keeps what it counted");
        WebElement mark = marks.stream().filter(e -> "prod".equals(e.getAttribute("data-environment"))).findFirst().orElseThrow();
        assertTrue(mark.getAttribute("class").contains("mark-breaking"), mark.getAttribute("class"));
        WebElement findingLink = mark.findElement(By.cssSelector("a.wire-finding-link"));
        assertTrue(findingLink.getText().startsWith("6 breaking, 80 warning on the wire"), findingLink.getText());
        assertTrue(findingLink.getAttribute("href").endsWith("#/wire/prod/" + TYPE), findingLink.getAttribute("href"));
        WebElement driftLink = mark.findElement(By.cssSelector("a.drift-link"));
        assertTrue(driftLink.getText().startsWith("meaning-drift"), driftLink.getText());
        assertTrue(driftLink.getAttribute("href").endsWith("#/values/prod/" + TYPE), driftLink.getAttribute("href"));
        HeadlessChromium.screenshot(browser, "wire-event-mark");

        findingLink.click();
        WebElement example = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#wire-findings li.wire-example")));
        assertTrue(example.getText().contains(HOSTILE + " fee is staged, not written"), "the message as text: " + example.getText());
        assertEquals(0, browser.findElements(By.id("injected")).size(), "nothing of a record's message runs as markup");
        assertTrue(example.getText().contains("partition 0 offset 101"), example.getText());
        // A page about one type names it once, in its title: no row repeats it.
        assertEquals(List.of("Finding", "Release", "Records", "Seen", ""), browser.findElements(By.cssSelector("#wire-findings tr:first-child th"))
                .stream().map(WebElement::getText).toList());
        assertEquals(List.of("Kind", "Revision", "Records", "Seen", "First record"), browser.findElements(By.cssSelector("#wire-carried tr:first-child th"))
                .stream().map(WebElement::getText).toList());
        assertEquals(List.of(), browser.findElements(By.cssSelector("#wire-findings a.type-link, #wire-carried a.type-link")));
        assertEquals("@2", browser.findElement(By.cssSelector("#wire-carried tr.wire-carried td:nth-child(2)")).getText());
        // One time range, written once, on one line; every time of the page written the same way (the example's
        // message carries an RFC 3339 instant, shown as the page shows times).
        java.time.format.DateTimeFormatter minute = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(java.time.ZoneOffset.UTC);
        String from = minute.format(lastWindow.minusSeconds(20)), to = minute.format(lastWindow);
        String range = from.equals(to) ? from + " UTC" : from.substring(0, 10).equals(to.substring(0, 10))
                ? from + "–" + to.substring(11) + " UTC" : from + " – " + to + " UTC";
        for (WebElement seen : browser.findElements(By.cssSelector("#wire-findings tr.wire-finding td .seen, #wire-carried tr.wire-carried td .seen"))) {
            assertEquals(range, seen.getText());
            assertEquals(1L, ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("return arguments[0].getClientRects().length", seen),
                    "the range is on one line");
        }
        String page = browser.findElement(By.id("view")).getText();
        assertTrue(java.util.regex.Pattern.compile("\\(first at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)").matcher(page).find(), page);
        assertFalse(java.util.regex.Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d").matcher(page).find(), "no RFC 3339 instant on the page: " + page);
        HeadlessChromium.screenshot(browser, "wire-type-findings");

        browser.get(registry.base() + "/#/event/" + TYPE);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#wire-marks a.drift-link"))).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#value-fields .value-field")));
        WebElement at = browser.findElements(By.cssSelector("#value-fields .value-field")).stream()
                .filter(e -> "/at".equals(e.getAttribute("data-pointer"))).findFirst().orElseThrow();
        assertEquals(List.of("bank-service@1.2.0"), at.findElements(By.cssSelector("svg.value-chart rect.contradicted")).stream()
                .map(e -> e.getAttribute("data-release")).toList(), "the contradiction is drawn on 1.2.0's slot of /at");
        assertTrue(at.findElement(By.cssSelector(".wire-contradiction")).getText().startsWith("declared-meaning-contradicted 80 records of bank-service@1.2.0"),
                at.findElement(By.cssSelector(".wire-contradiction")).getText());
        HeadlessChromium.screenshot(browser, "wire-values-contradicted");
    }
}
