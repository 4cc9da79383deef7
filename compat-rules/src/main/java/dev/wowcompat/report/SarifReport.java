package dev.wowcompat.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Rule;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * SARIF 2.1.0, for code-scanning tools. The rule catalogue becomes the driver's rules; each result points at its
 * subject as a logical location, at the line of the candidate's file as a physical one when the finding has a
 * location (a check of files; the registry's findings have none), and carries the JSON pointer in its properties.
 * Waived findings are results with an external suppression. The frame is {@link SarifLog}'s, which the audit shares.
 */
final class SarifReport {
    private SarifReport() {}

    static String render(Report report) {
        SarifLog log = new SarifLog("wow-compat");
        for (Rule rule : Rule.values()) {
            log.rule(rule.id(), rule.purpose(), rule.fix(), SarifLog.level(rule.severity()));
        }
        changeDescriptors(log);
        for (List<Finding> group : ReportParts.bySubject(report.findings()).values()) {
            group.forEach(x -> result(log, x));
        }
        for (List<Report.Waived> group : ReportParts.waivedBySubject(report.waived()).values()) {
            for (Report.Waived w : group) SarifLog.suppress(result(log, w.finding()), w.reason());
        }
        changeResults(log, report);
        ObjectNode properties = log.runProperties();
        properties.put("verdict", report.verdict());
        properties.put("level", report.level());
        properties.put("candidate", ReportParts.label(report.candidate()));
        ArrayNode baselines = properties.putArray("baselines");
        report.baselines().forEach(b -> baselines.add(ReportParts.label(b)));
        return log.render();
    }

    private static ObjectNode result(SarifLog log, Finding finding) {
        ObjectNode result = log.result(finding.rule().id(), finding.rule().ordinal(), finding.severity(),
                ReportParts.oneLine(finding.message()) + " (" + ReportParts.breaksShort(finding.breaks()) + ") Fix: "
                        + ReportParts.oneLine(finding.fix()));
        subjectLocation(result, physicalLocation(finding), finding.subject(), finding.pointer());
        result.putObject("partialFingerprints").put("wowCompatFindingId/v1", finding.id());
        ObjectNode properties = result.putObject("properties");
        properties.put("findingId", finding.id());
        properties.put("severity", finding.severity().label());
        properties.put("subject", finding.subject());
        properties.put("pointer", finding.pointer());
        ArrayNode breaks = properties.putArray("breaks");
        finding.breaks().labels().forEach(breaks::add);
        properties.put("fix", finding.fix());
        return result;
    }

    /** The subject (a type) as the logical location, with the JSON pointer into it. */
    private static void subjectLocation(ObjectNode result, ObjectNode physical, String subject, String pointer) {
        SarifLog.location(result, physical, subject, subject, "type").putObject("properties").put("pointer", pointer);
    }

    /** The prefix of the rule ids of change kinds, which keeps them apart from the rule catalogue's ids. */
    static final String CHANGE_RULE_PREFIX = "change/";

    /** One descriptor per change kind, after the rules (so a rule's ruleIndex stays its ordinal). */
    private static void changeDescriptors(SarifLog log) {
        for (ChangeKind kind : ChangeKind.values()) {
            log.rule(CHANGE_RULE_PREFIX + kind.id(), kind.description(), null, "none");
        }
    }

    /** Compatible changes are informational results (SARIF: kind informational, level none), after the findings. */
    private static void changeResults(SarifLog log, Report report) {
        for (Change c : report.changes()) {
            ObjectNode result = log.informational(CHANGE_RULE_PREFIX + c.kind().id(), Rule.values().length + c.kind().ordinal(),
                    ReportParts.oneLine(c.message()));
            subjectLocation(result, null, c.subject(), c.pointer());
            ObjectNode properties = result.putObject("properties");
            properties.put("change", c.kind().id());
            properties.put("subject", c.subject());
            properties.put("pointer", c.pointer());
        }
    }

    /**
     * The file and region of a located finding (SARIF 3.28), or null: the URI is relative to the working directory
     * when the file is under it, as code scanning resolves it against the checked-out repository.
     */
    private static ObjectNode physicalLocation(Finding finding) {
        if (finding.location() == null) return null;
        ObjectNode physical = JsonNodeFactory.instance.objectNode();
        physical.putObject("artifactLocation").put("uri", uri(ReportParts.path(finding.location())));
        ObjectNode region = physical.putObject("region");
        region.put("startLine", finding.location().line());
        region.put("startColumn", finding.location().column());
        return physical;
    }

    /** A path as a URI reference: relative stays relative, absolute becomes a {@code file:} URI. */
    static String uri(String path) {
        Path p = Path.of(path);
        if (p.isAbsolute()) return p.toUri().toString();
        StringBuilder out = new StringBuilder();
        for (String segment : path.split("/", -1)) {
            if (out.length() > 0) out.append('/');
            out.append(URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return out.toString();
    }
}
