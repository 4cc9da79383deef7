package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFilesTest {
    @TempDir
    Path dir;

    @Test
    void jsonMarkdownAndJunitAreAlwaysWrittenAndFormatsAddToThem() throws Exception {
        assertEquals(EnumSet.of(ReportFormat.JSON, ReportFormat.MARKDOWN, ReportFormat.JUNIT), ReportFiles.formats(null));
        assertEquals(EnumSet.of(ReportFormat.JSON, ReportFormat.MARKDOWN, ReportFormat.JUNIT, ReportFormat.SARIF, ReportFormat.GITHUB),
                ReportFiles.formats(List.of("sarif, GitHub", "json")));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> ReportFiles.formats(List.of("html")));
        assertTrue(e.getMessage().startsWith("Unknown report format 'html' in <formats>; use any of text, json, markdown"), e.getMessage());
    }

    @Test
    void everyFormatGoesToItsOwnFile() throws Exception {
        Report report = new Report("ADDITIVE", new Report.Release("bank-service", "1.1.0"), List.of(new Report.Release("bank-service", "1.0.0")),
                List.of(Finding.of(Rule.FIELD_REMOVED, "bank.account.Deposited@1", "/properties/amount", Readers.OLD_READERS, "amount is gone")));
        assertEquals("report.txt", ReportFiles.fileName(ReportFormat.TEXT));
        assertEquals("report-github.txt", ReportFiles.fileName(ReportFormat.GITHUB), "a second txt format is named after itself");
        assertEquals("can-deploy.sarif", ReportFiles.fileName("can-deploy", ReportFormat.SARIF));
        List<Path> written = ReportFiles.write(report, dir.resolve("out"), EnumSet.allOf(ReportFormat.class));
        assertEquals(ReportFormat.values().length, written.size());
        for (ReportFormat f : ReportFormat.values()) {
            String text = Files.readString(dir.resolve("out").resolve(ReportFiles.fileName(f)));
            assertTrue(text.contains("field-removed"), f + " names the rule");
        }
    }
}
