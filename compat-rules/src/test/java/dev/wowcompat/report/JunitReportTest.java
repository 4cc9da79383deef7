package dev.wowcompat.report;

import static dev.wowcompat.report.SampleReports.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JunitReportTest {

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static Map<String, Element> testCases(Document doc) {
        Map<String, Element> cases = new LinkedHashMap<>();
        NodeList list = doc.getElementsByTagName("testcase");
        for (int i = 0; i < list.getLength(); i++) {
            Element e = (Element) list.item(i);
            cases.put(e.getAttribute("name"), e);
        }
        return cases;
    }

    @Test
    void oneTestCasePerSubjectAndFailuresForBreakingOnes() throws Exception {
        Document doc = parse(ReportFormat.JUNIT.render(mixed()));
        Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
        assertEquals("wow-compat bank-service@1.3.0", suite.getAttribute("name"));
        Map<String, Element> cases = testCases(doc);
        assertEquals(java.util.List.of(DEPOSITED, DEPOSIT, STATE, CLOSED), java.util.List.copyOf(cases.keySet()));
        assertEquals("4", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));

        NodeList failures = cases.get(DEPOSITED).getElementsByTagName("failure");
        assertEquals(1, failures.getLength());
        Element failure = (Element) failures.item(0);
        assertEquals("2 breaking findings: field-removed, meaning-changed", failure.getAttribute("message"));
        String text = failure.getTextContent();
        assertTrue(text.contains("BREAKING field-removed at /properties/amount"), text);
        assertTrue(text.contains("<b>&</b> was removed: 100% gone, next line ]]> `tick`\uFFFD"), "escaped text survives parsing: " + text);
        assertTrue(text.contains("Fix: " + BREAKING.fix()), text);

        for (String passing : new String[] {DEPOSIT, STATE, CLOSED}) {
            assertEquals(0, cases.get(passing).getElementsByTagName("failure").getLength(), passing);
        }
        String out = cases.get(DEPOSIT).getElementsByTagName("system-out").item(0).getTextContent();
        assertTrue(out.contains("WARNING enum-value-added at /properties/currency/enum"), out);
        String waived = cases.get(CLOSED).getElementsByTagName("system-out").item(0).getTextContent();
        assertTrue(waived.contains("Waived because: " + WAIVER_REASON), waived);
    }

    @Test
    void propertiesNameLevelAndBaselines() throws Exception {
        Document doc = parse(ReportFormat.JUNIT.render(mixed()));
        NodeList props = doc.getElementsByTagName("property");
        Map<String, String> seen = new LinkedHashMap<>();
        for (int i = 0; i < props.getLength(); i++) {
            Element p = (Element) props.item(i);
            seen.merge(p.getAttribute("name"), p.getAttribute("value"), (a, b) -> a + "," + b);
        }
        assertEquals("breaking", seen.get("verdict"));
        assertEquals("ADDITIVE", seen.get("level"));
        assertEquals("bank-service@1.1.0,bank-service@1.2.0", seen.get("baseline"));
    }

    @Test
    void cleanReportStillHasOnePassingTestCase() throws Exception {
        Document doc = parse(ReportFormat.JUNIT.render(clean()));
        Map<String, Element> cases = testCases(doc);
        assertEquals(java.util.Set.of(JunitReport.NO_FINDINGS_CASE), cases.keySet());
        assertEquals(0, doc.getElementsByTagName("failure").getLength());
        assertEquals("0", ((Element) doc.getElementsByTagName("testsuite").item(0)).getAttribute("failures"));
    }

    @Test
    void hostileSubjectNamesStayWellFormed() throws Exception {
        dev.wowcompat.rules.Finding f = dev.wowcompat.rules.Finding.of(dev.wowcompat.rules.Rule.TYPE_REMOVED,
                "a\"b'<c>&\u0000d", "", dev.wowcompat.rules.Readers.BOTH, "gone");
        Report report = new Report("ADDITIVE", new Report.Release("s<&>\"", "1.0.0"), java.util.List.of(), java.util.List.of(f));
        Document doc = parse(ReportFormat.JUNIT.render(report));
        assertTrue(testCases(doc).containsKey("a\"b'<c>&\uFFFDd"), testCases(doc).keySet().toString());
        assertEquals("wow-compat s<&>\"@1.0.0", ((Element) doc.getElementsByTagName("testsuite").item(0)).getAttribute("name"));
    }
}
