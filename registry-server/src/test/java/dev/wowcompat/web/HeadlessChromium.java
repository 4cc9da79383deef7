package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Debian's Chromium driven headless through Debian's ChromeDriver, the one way every browser test starts it. */
final class HeadlessChromium {
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    /** Where screenshots go, for a reader to look at after the run. */
    static final Path SCREENSHOTS = Path.of("target", "browser-screenshots");

    private HeadlessChromium() {}

    static ChromeDriver start() {
        assertTrue(new File(CHROMEDRIVER).canExecute() && new File(CHROMIUM).canExecute(),
                "browser tests need Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver (.ci/run does it)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1440,900");
        // The driver is given by path, so Selenium Manager never tries to download one.
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    static void screenshot(WebDriver browser, String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
