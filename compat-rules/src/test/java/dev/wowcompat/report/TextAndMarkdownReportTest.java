package dev.wowcompat.report;

import static dev.wowcompat.report.SampleReports.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextAndMarkdownReportTest {

    @Test
    void textStartsWithTheVerdictAndCounts() {
        String text = ReportFormat.TEXT.render(mixed());
        String first = text.lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("BREAKING: bank-service@1.3.0 against bank-service@1.1.0, bank-service@1.2.0"), first);
        assertTrue(first.contains("level ADDITIVE"), first);
        assertTrue(first.endsWith("2 breaking, 1 warning, 1 info, 1 waived"), first);
    }

    @Test
    void textGroupsFindingsBySubjectWithBreakingSubjectsFirst() {
        List<String> lines = ReportFormat.TEXT.render(mixed()).lines().toList();
        int deposited = lines.indexOf(DEPOSITED);
        int deposit = lines.indexOf(DEPOSIT);
        int state = lines.indexOf(STATE);
        assertTrue(deposited > 0 && deposit > deposited && state > deposit, lines.toString());
        assertEquals(1, lines.stream().filter(DEPOSITED::equals).count(), "one header per subject");
        // both breaking findings of the subject sit under its header, before the next subject
        List<String> block = lines.subList(deposited, deposit);
        assertTrue(block.stream().anyMatch(l -> l.contains("BREAKING field-removed at /properties/amount")), block.toString());
        assertTrue(block.stream().anyMatch(l -> l.contains("BREAKING meaning-changed at /properties/at")), block.toString());
        assertTrue(block.stream().anyMatch(l -> l.contains("[id " + BREAKING.id() + "]")), block.toString());
    }

    @Test
    void textSaysWhichReadersBreakAndHowToFix() {
        String text = ReportFormat.TEXT.render(mixed());
        assertTrue(text.contains("Breaks: old and new readers (the previous release reading new data, and the new release reading old, stored data)"), text);
        assertTrue(text.contains("Breaks: old readers (the previous release reading data the new one writes)"), text);
        assertTrue(text.contains("Fix: " + BREAKING.fix()), text);
        assertTrue(text.contains("INFO state-view-changed at the whole type"), text);
        // a line break in a message must not split the finding
        assertTrue(text.contains("100% gone, next line"), text);
    }

    @Test
    void textListsWaivedFindingsSeparatelyWithTheirReason() {
        String text = ReportFormat.TEXT.render(mixed());
        int waivedHeader = text.indexOf("Waived (not counted in the verdict):");
        assertTrue(waivedHeader > text.indexOf(STATE), text);
        String waived = text.substring(waivedHeader);
        assertTrue(waived.contains(CLOSED), waived);
        assertTrue(waived.contains("field-renamed at /properties/why"), waived);
        assertTrue(waived.contains("Waived because: " + WAIVER_REASON), waived);
        assertFalse(text.substring(0, waivedHeader).contains(CLOSED), "a waived finding is not among the counted ones");
    }

    @Test
    void textOfACleanReport() {
        String text = ReportFormat.TEXT.render(clean());
        assertTrue(text.startsWith("COMPATIBLE: bank-service@1.3.0 against bank-service@1.2.0 (level ADDITIVE): 0 breaking, 0 warning, 0 info\n"), text);
        assertTrue(text.contains("No findings"), text);
        assertFalse(text.contains("Waived"), text);
    }

    @Test
    void markdownHasVerdictHeadingSubjectSectionsAndEscapedText() {
        String md = ReportFormat.MARKDOWN.render(mixed());
        assertTrue(md.startsWith("## wow-compat: breaking\n"), md);
        assertTrue(md.contains("### `" + DEPOSITED + "`"), md);
        assertTrue(md.indexOf("### `" + DEPOSITED + "`") < md.indexOf("### `" + DEPOSIT + "`"), md);
        assertTrue(md.contains("- **breaking** `field-removed` at `/properties/amount`"), md);
        assertTrue(md.contains("\\<b\\>\\&\\</b\\>"), "html in a message is escaped: " + md);
        assertTrue(md.contains("\\`tick\\`"), md);
        assertTrue(md.contains("### Waived (not counted in the verdict)"), md);
        assertTrue(md.contains("**Waived because:** " + MarkdownReport.text(WAIVER_REASON)), md);
        assertTrue(md.contains("**Fix:** " + MarkdownReport.text(WARNING.fix())), md);
    }

    @Test
    void markdownCodeSpansSurviveBackticks() {
        assertEquals("`a`", MarkdownReport.code("a"));
        assertEquals("``a`b``", MarkdownReport.code("a`b"));
        assertEquals("``` ``x ```", MarkdownReport.code("``x"));
    }
}
