package dev.wowcompat.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * SARIF 2.1.0, for code-scanning tools. The rule catalogue becomes the driver's rules; each result points at its
 * subject as a logical location, at the line of the candidate's file as a physical one when the finding has a
 * location (a check of files; the registry's findings have none), and carries the JSON pointer in its properties.
 * Waived findings are results with an external suppression.
 */
final class SarifReport {
    /** Thread-safe once configured; configured only here. */
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

    private SarifReport() {}

    static String render(Report report) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("$schema", SCHEMA);
        root.put("version", "2.1.0");
        ObjectNode run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "wow-compat");
        ArrayNode rules = driver.putArray("rules");
        for (Rule rule : Rule.values()) {
            ObjectNode descriptor = rules.addObject();
            descriptor.put("id", rule.id());
            descriptor.putObject("shortDescription").put("text", rule.purpose());
            descriptor.putObject("help").put("text", rule.fix());
            descriptor.putObject("defaultConfiguration").put("level", level(rule.severity()));
        }
        changeDescriptors(rules);
        ArrayNode results = run.putArray("results");
        for (List<Finding> group : ReportParts.bySubject(report.findings()).values()) {
            group.forEach(x -> results.add(result(x)));
        }
        for (List<Report.Waived> group : ReportParts.waivedBySubject(report.waived()).values()) {
            for (Report.Waived w : group) {
                ObjectNode result = result(w.finding());
                ObjectNode suppression = result.putArray("suppressions").addObject();
                suppression.put("kind", "external");
                suppression.put("status", "accepted");
                suppression.put("justification", w.reason());
                results.add(result);
            }
        }
        changeResults(results, report);
        ObjectNode properties = run.putObject("properties");
        properties.put("verdict", report.verdict());
        properties.put("level", report.level());
        properties.put("candidate", ReportParts.label(report.candidate()));
        ArrayNode baselines = properties.putArray("baselines");
        report.baselines().forEach(b -> baselines.add(ReportParts.label(b)));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            // A tree of strings and numbers always serialises; reaching this is a bug, not bad input.
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode result(Finding finding) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("ruleId", finding.rule().id());
        result.put("ruleIndex", finding.rule().ordinal());
        result.put("level", level(finding.severity()));
        result.putObject("message").put("text", ReportParts.oneLine(finding.message()) + " ("
                + ReportParts.breaksShort(finding.breaks()) + ") Fix: " + ReportParts.oneLine(finding.fix()));
        ObjectNode location = result.putArray("locations").addObject();
        physicalLocation(location, finding);
        ObjectNode logical = location.putArray("logicalLocations").addObject();
        logical.put("name", finding.subject());
        logical.put("fullyQualifiedName", finding.subject());
        logical.put("kind", "type");
        location.putObject("properties").put("pointer", finding.pointer());
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

    /** The prefix of the rule ids of change kinds, which keeps them apart from the rule catalogue's ids. */
    static final String CHANGE_RULE_PREFIX = "change/";

    /** One descriptor per change kind, after the rules (so a rule's ruleIndex stays its ordinal). */
    private static void changeDescriptors(ArrayNode rules) {
        for (ChangeKind kind : ChangeKind.values()) {
            ObjectNode descriptor = rules.addObject();
            descriptor.put("id", CHANGE_RULE_PREFIX + kind.id());
            descriptor.putObject("shortDescription").put("text", kind.description());
            descriptor.putObject("defaultConfiguration").put("level", "none");
        }
    }

    /** Compatible changes are informational results (SARIF: kind informational, level none), after the findings. */
    private static void changeResults(ArrayNode results, Report report) {
        for (Change c : report.changes()) {
            ObjectNode result = results.addObject();
            result.put("ruleId", CHANGE_RULE_PREFIX + c.kind().id());
            result.put("ruleIndex", Rule.values().length + c.kind().ordinal());
            result.put("kind", "informational");
            result.put("level", "none");
            result.putObject("message").put("text", ReportParts.oneLine(c.message()));
            ObjectNode location = result.putArray("locations").addObject();
            ObjectNode logical = location.putArray("logicalLocations").addObject();
            logical.put("name", c.subject());
            logical.put("fullyQualifiedName", c.subject());
            logical.put("kind", "type");
            location.putObject("properties").put("pointer", c.pointer());
            ObjectNode properties = result.putObject("properties");
            properties.put("change", c.kind().id());
            properties.put("subject", c.subject());
            properties.put("pointer", c.pointer());
        }
    }

    /**
     * The file and region of a located finding (SARIF 3.28): the URI is relative to the working directory when the
     * file is under it, as code scanning resolves it against the checked-out repository.
     */
    private static void physicalLocation(ObjectNode location, Finding finding) {
        if (finding.location() == null) return;
        ObjectNode physical = location.putObject("physicalLocation");
        physical.putObject("artifactLocation").put("uri", uri(ReportParts.path(finding.location())));
        ObjectNode region = physical.putObject("region");
        region.put("startLine", finding.location().line());
        region.put("startColumn", finding.location().column());
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

    /** SARIF levels: breaking findings fail the build (error), warnings warn, info is a note. */
    static String level(Severity severity) {
        return switch (severity) {
            case BREAKING -> "error";
            case WARNING -> "warning";
            case INFO -> "note";
        };
    }
}
