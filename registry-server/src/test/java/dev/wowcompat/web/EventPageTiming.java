package dev.wowcompat.web;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.Registration;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.store.GateDecision;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.SqliteTransactions;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A measurement, not a test (docs/performance.md, "The page"): how long headless Chromium takes to render the
 * event page of a service with N releases (default 2,000) until its revisions table is in the document: as a full
 * document load (from navigation start, coming from another address of the registry) and as an in-page
 * navigation (a hash change, as following a link on the page).
 *
 * <p>The releases are stored through the store with the report of an accepted release (the checker's verdict is
 * not what is measured, and 2,000 full checks would take the fixture minutes). Every 100th release adds a staged
 * field to {@code Deposited@2}, so that revision has many schemas across releases.
 */
public final class EventPageTiming {
    private EventPageTiming() {}

    public static void main(String[] args) throws Exception {
        int releases = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        Path dir = Files.createTempDirectory("event-page-timing");
        JdbcRegistryStore store = SqliteTransactions.open(dir.resolve("registry.db"));
        ManifestReader reader = new ManifestReader(InputLimits.defaults());
        long filling = System.nanoTime();
        for (int i = 0; i < releases; i++) {
            String version = "1." + i + ".0";
            ObjectNode m = (ObjectNode) BankManifests.read(BankManifests.bank("bank-service", version, i == 0 ? 1 : 2, i > 1));
            for (int extra = 100; extra <= i; extra += 100) {
                ((ObjectNode) m.at("/contexts/bank/aggregates/account/events/Deposited/revisions/2/schema/properties"))
                        .putObject("extra" + extra).put("type", "string").put("default", "").put("x-wow-written", false);
            }
            String text = m.toPrettyString();
            var release = Registration.toNewRelease(reader.read(text.getBytes(StandardCharsets.UTF_8), version), text);
            String report = ReportFormat.JSON.render(new Report("ADDITIVE", new Report.Release("bank-service", version), List.of(), List.of()));
            store.register(release, store.history(release.service(), release.version()).decided(new GateDecision(true, report)));
        }
        System.out.printf("stored %d releases in %.1f s%n", releases, (System.nanoTime() - filling) / 1e9);

        ChromeDriver browser = HeadlessChromium.start();
        try (RunningRegistry registry = new RunningRegistry(store, RegistryServer.Config.local(0))) {
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
            JavascriptExecutor js = browser;
            String page = registry.base() + "/#/event/bank.account.Deposited";
            List<Double> load = new ArrayList<>();
            List<Double> navigate = new ArrayList<>();
            // The page marks 'view-rendered' (User Timing) once a view is in the document; polling that in the page
            // itself keeps WebDriver's own polling out of the figure.
            String renderedAt = "const done = arguments[arguments.length - 1];"
                    + "(function poll() { const m = performance.getEntriesByName('view-rendered').find(e => e.detail === '#/event/bank.account.Deposited');"
                    + " m ? done(m.startTime) : setTimeout(poll, 2); })();";
            for (int run = 0; run < runs; run++) {
                // A full document load from the page's own origin (a first visit also starts a renderer process).
                browser.get(registry.base() + "/app.css");
                browser.get(page);
                load.add(((Number) js.executeAsyncScript(renderedAt)).doubleValue());
                js.executeScript("location.hash = '#/'");
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("services")));
                double t0 = ((Number) js.executeScript("performance.clearMarks(); const t0 = performance.now(); location.hash = '#/event/bank.account.Deposited'; return t0;")).doubleValue();
                navigate.add(((Number) js.executeAsyncScript(renderedAt)).doubleValue() - t0);
            }
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#revisions tr.revision")));
            // For comparison: the service's timeline, one card per release.
            List<Double> timeline = new ArrayList<>();
            for (int run = 0; run < Math.min(runs, 3); run++) {
                browser.get(registry.base() + "/app.css");
                browser.get(registry.base() + "/#/service/bank-service");
                timeline.add(((Number) js.executeAsyncScript(renderedAt.replace("#/event/bank.account.Deposited", "#/service/bank-service"))).doubleValue());
            }
            System.out.printf("service timeline, %d releases: full load until rendered %s ms%n", releases, summary(timeline));
            browser.get(page);
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#revisions tr.revision")));
            HeadlessChromium.screenshot(browser, "event-page-" + releases + "-releases");
            System.out.printf("event page, %d releases: full load until rendered %s ms; in-page navigation %s ms%n",
                    releases, summary(load), summary(navigate));
        } finally {
            browser.quit();
        }
    }

    private static String summary(List<Double> ms) {
        List<Double> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        return String.format("min %.0f, median %.0f, max %.0f (%d runs)", sorted.get(0), sorted.get(sorted.size() / 2),
                sorted.get(sorted.size() - 1), sorted.size());
    }
}
