package dev.wowcompat.report;

import dev.wowcompat.text.Counts;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Location;
import dev.wowcompat.rules.Severity;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML for CI dashboards: one test suite named after the candidate, one test case per subject, failed when
 * the subject has breaking findings. Written with StAX so every piece of user text is escaped.
 */
final class JunitReport {
    private JunitReport() {}

    /** Test case name used when nothing was found, so that dashboards still count one passing check. */
    static final String NO_FINDINGS_CASE = "compatibility";

    static String render(Report report) {
        Map<String, List<Finding>> bySubject = ReportParts.bySubject(report.findings());
        Map<String, List<Report.Waived>> waivedBySubject = ReportParts.waivedBySubject(report.waived());
        // Every subject with a finding, counted or waived, becomes a test case.
        Map<String, List<Finding>> cases = new LinkedHashMap<>(bySubject);
        waivedBySubject.keySet().forEach(s -> cases.putIfAbsent(s, List.of()));
        String suiteName = "wow-compat " + ReportParts.label(report.candidate());
        long failures = bySubject.values().stream().filter(l -> ReportParts.worst(l) == Severity.BREAKING).count();
        int tests = Math.max(1, cases.size()) + (report.changes().isEmpty() ? 0 : 1);

        StringWriter buffer = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(buffer);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            attribute(xml, "name", "wow-compat");
            attribute(xml, "tests", Integer.toString(tests));
            attribute(xml, "failures", Long.toString(failures));
            attribute(xml, "errors", "0");
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testsuite");
            attribute(xml, "name", suiteName);
            attribute(xml, "tests", Integer.toString(tests));
            attribute(xml, "failures", Long.toString(failures));
            attribute(xml, "errors", "0");
            attribute(xml, "skipped", "0");
            xml.writeCharacters("\n    ");
            xml.writeStartElement("properties");
            property(xml, "verdict", report.verdict());
            property(xml, "level", report.level());
            for (Report.Release b : report.baselines()) {
                property(xml, "baseline", ReportParts.label(b));
            }
            xml.writeCharacters("\n    ");
            xml.writeEndElement();
            if (cases.isEmpty()) {
                xml.writeCharacters("\n    ");
                xml.writeEmptyElement("testcase");
                attribute(xml, "classname", suiteName);
                attribute(xml, "name", NO_FINDINGS_CASE);
            }
            for (Map.Entry<String, List<Finding>> c : cases.entrySet()) {
                testCase(xml, suiteName, c.getKey(), c.getValue(), waivedBySubject.getOrDefault(c.getKey(), List.of()), ReportParts.plain(report));
            }
            changesCase(xml, suiteName, report);
            xml.writeCharacters("\n  ");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            // Writing to a StringWriter cannot fail for I/O reasons, and all text is made XML-safe first.
            throw new IllegalStateException("cannot write the JUnit report", e);
        }
        return buffer.toString();
    }

    private static void testCase(XMLStreamWriter xml, String suiteName, String subject, List<Finding> findings,
                                 List<Report.Waived> waived, boolean plain) throws XMLStreamException {
        xml.writeCharacters("\n    ");
        xml.writeStartElement("testcase");
        attribute(xml, "classname", suiteName);
        attribute(xml, "name", subject);
        fileAttributes(xml, findings, waived);
        List<Finding> breaking = findings.stream().filter(f -> f.severity() == Severity.BREAKING).toList();
        if (!breaking.isEmpty()) {
            xml.writeCharacters("\n      ");
            xml.writeStartElement("failure");
            String rules = String.join(", ", breaking.stream().map(f -> f.rule().id()).distinct().toList());
            attribute(xml, "message", Counts.of(breaking.size(), "breaking finding") + ": " + rules);
            attribute(xml, "type", "breaking");
            characters(xml, describe(breaking, List.of(), plain));
            xml.writeEndElement();
        }
        List<Finding> others = findings.stream().filter(f -> f.severity() != Severity.BREAKING).toList();
        if (!others.isEmpty() || !waived.isEmpty()) {
            xml.writeCharacters("\n      ");
            xml.writeStartElement("system-out");
            characters(xml, describe(others, waived, plain));
            xml.writeEndElement();
        }
        xml.writeCharacters("\n    ");
        xml.writeEndElement();
    }

    /** Test case name of the changelog. */
    static final String CHANGES_CASE = "compatible changes";

    /**
     * The changelog as one passing test case whose output lists the changes: CI viewers show a test case's
     * system-out (few show a suite's), and one case keeps the test count from growing with the changelog.
     */
    private static void changesCase(XMLStreamWriter xml, String suiteName, Report report) throws XMLStreamException {
        if (report.changes().isEmpty()) return;
        xml.writeCharacters("\n    ");
        xml.writeStartElement("testcase");
        attribute(xml, "classname", suiteName);
        attribute(xml, "name", CHANGES_CASE);
        StringBuilder out = new StringBuilder("\n").append(ReportParts.changesHeading(report)).append(":\n");
        for (Change c : report.changes()) {
            out.append(ReportParts.oneLine(c.subject())).append(": ").append(ReportParts.changeLine(c)).append('\n');
        }
        xml.writeCharacters("\n      ");
        xml.writeStartElement("system-out");
        characters(xml, out.toString());
        xml.writeEndElement();
        xml.writeCharacters("\n    ");
        xml.writeEndElement();
    }

    /**
     * {@code file} and {@code line} of the subject's first located finding (its worst), which GitLab and the common
     * JUnit annotation actions show as the test case's place; every finding's own place is in the text.
     */
    private static void fileAttributes(XMLStreamWriter xml, List<Finding> findings, List<Report.Waived> waived)
            throws XMLStreamException {
        Location at = Stream.concat(findings.stream(), waived.stream().map(Report.Waived::finding))
                .map(Finding::location).filter(Objects::nonNull).findFirst().orElse(null);
        if (at == null) return;
        attribute(xml, "file", ReportParts.path(at));
        attribute(xml, "line", Integer.toString(at.line()));
    }

    private static String describe(List<Finding> findings, List<Report.Waived> waived, boolean plain) {
        StringBuilder out = new StringBuilder("\n");
        for (Finding f : findings) {
            line(out, f, plain);
        }
        for (Report.Waived w : waived) {
            line(out, w.finding(), plain);
            out.append("  Waived because: ").append(ReportParts.oneLine(w.reason())).append('\n');
        }
        return out.toString();
    }

    private static void line(StringBuilder out, Finding f, boolean plain) {
        out.append(f.severity().label().toUpperCase(Locale.ROOT)).append(' ').append(f.rule().id()).append(" at ")
                .append(ReportParts.where(f.pointer())).append(" [id ").append(f.id()).append(']');
        if (f.location() != null) out.append(' ').append(ReportParts.oneLine(ReportParts.position(f)));
        out.append('\n');
        out.append("  ").append(ReportParts.oneLine(f.message())).append('\n');
        out.append("  Breaks: ").append(ReportParts.breaks(f, plain)).append('\n');
        out.append("  Fix: ").append(ReportParts.oneLine(f.fix())).append('\n');
    }

    private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeCharacters("\n      ");
        xml.writeEmptyElement("property");
        attribute(xml, "name", name);
        attribute(xml, "value", value);
    }

    private static void attribute(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeAttribute(name, xmlSafe(value));
    }

    private static void characters(XMLStreamWriter xml, String text) throws XMLStreamException {
        xml.writeCharacters(xmlSafe(text));
    }

    /**
     * StAX escapes markup characters but passes through code points XML 1.0 forbids (most control characters,
     * lone surrogates), which would make the file unreadable; they are replaced with U+FFFD.
     */
    static String xmlSafe(String text) {
        if (text == null) return "";
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int width = Character.charCount(cp);
            boolean allowed = cp == 0x9 || cp == 0xA || cp == 0xD
                    || (cp >= 0x20 && cp <= 0xD7FF)
                    || (cp >= 0xE000 && cp <= 0xFFFD)
                    || (cp >= 0x10000 && cp <= 0x10FFFF);
            if (allowed) out.appendCodePoint(cp);
            else out.append('\uFFFD');
            i += width;
        }
        return out.toString();
    }
}
