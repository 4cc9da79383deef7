package dev.wowcompat.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Location;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * JSON report format 1 (docs/api.md, "POST /services/{service}/releases"), the same object the HTTP API returns. Keys are written in a fixed order so
 * that two runs over the same input give byte-identical files; {@link #read} is the inverse, for clients that get
 * a report back from the registry.
 */
public final class ReportJson {
    /** Thread-safe once configured; configured only here. */
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String CODE = "wow-compat.report.invalid";

    private ReportJson() {}

    /** The report as a tree, for callers that embed it (e.g. under {@code report} in a problem document). */
    public static ObjectNode toNode(Report report) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("format", Report.FORMAT);
        root.put("verdict", report.verdict());
        root.put("level", report.level());
        root.set("candidate", release(report.candidate()));
        ArrayNode baselines = root.putArray("baselines");
        report.baselines().forEach(b -> baselines.add(release(b)));
        ArrayNode findings = root.putArray("findings");
        report.findings().forEach(x -> findings.add(finding(x)));
        ArrayNode waived = root.putArray("waived");
        report.waived().forEach(w -> waived.add(finding(w.finding()).put("reason", w.reason())));
        ArrayNode changes = root.putArray("changes");
        report.changes().forEach(c -> changes.add(change(c)));
        ObjectNode summary = root.putObject("summary");
        summary.put("breaking", report.count(Severity.BREAKING));
        summary.put("warning", report.count(Severity.WARNING));
        summary.put("info", report.count(Severity.INFO));
        return root;
    }

    /** Indented JSON with a final line break. */
    public static String write(Report report) {
        return write(toNode(report));
    }

    /**
     * The report with at most {@code listed} entries in each list ({@link Report#listing}), as an answer that must
     * stay bounded gives it: {@code summary} still counts every finding, and {@code "more": {"findings": N, ...}}
     * counts the entries of each list left out (absent when none is).
     */
    public static ObjectNode toNode(Report report, int listed) {
        ObjectNode root = toNode(report.listing(listed));
        ObjectNode summary = (ObjectNode) root.get("summary");
        summary.put("breaking", report.count(Severity.BREAKING));
        summary.put("warning", report.count(Severity.WARNING));
        summary.put("info", report.count(Severity.INFO));
        ObjectNode more = JsonNodeFactory.instance.objectNode();
        left(more, "baselines", report.baselines().size(), listed);
        left(more, "findings", report.findings().size(), listed);
        left(more, "waived", report.waived().size(), listed);
        left(more, "changes", report.changes().size(), listed);
        if (!more.isEmpty()) root.set("more", more);
        return root;
    }

    private static void left(ObjectNode more, String list, int size, int listed) {
        if (size > listed) more.put(list, size - listed);
    }

    /** {@link #toNode(Report, int)}, indented with a final line break. */
    public static String write(Report report, int listed) {
        return write(toNode(report, listed));
    }

    /** {@link #toDeploymentNode(Report, String)} with at most {@code listed} entries in each list. */
    public static ObjectNode toDeploymentNode(Report report, String environment, int listed) {
        return toNode(report, listed).put("environment", environment).put("deployable", report.compatible());
    }

    /**
     * How many findings of each severity a report read back from an answer left out of its lists: its
     * {@code summary} less the listed findings. All zero for a report that lists everything.
     */
    public static java.util.Map<Severity, Long> unlisted(JsonNode node, Report listed) {
        java.util.Map<Severity, Long> out = new java.util.EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            long counted = node.path("summary").path(s.label()).asLong(0);
            out.put(s, node.path("more").path("findings").asLong(0) == 0 ? 0 : Math.max(0, counted - listed.count(s)));
        }
        return out;
    }

    /**
     * The report of a deployment check ("can I deploy?", docs/api.md, "GET /can-deploy"): format 1 with {@code environment} and
     * {@code deployable} (no breaking finding counts), as the registry's {@code GET /can-deploy} answers it and the
     * command line and the plugin write it.
     */
    public static ObjectNode toDeploymentNode(Report report, String environment) {
        return toNode(report).put("environment", environment).put("deployable", report.compatible());
    }

    /** {@link #toDeploymentNode}, indented with a final line break. */
    public static String writeDeployment(Report report, String environment) {
        return write(toDeploymentNode(report, environment));
    }

    private static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            // A tree of strings and numbers always serialises; reaching this is a bug, not bad input.
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode release(Report.Release release) {
        if (release == null) return JsonNodeFactory.instance.nullNode();
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("service", release.service());
        node.put("version", release.version());
        return node;
    }

    private static ObjectNode change(Change change) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("kind", change.kind().id());
        node.put("subject", change.subject());
        node.put("pointer", change.pointer());
        node.put("message", change.message());
        return node;
    }

    private static ObjectNode finding(Finding finding) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("id", finding.id());
        node.put("rule", finding.rule().id());
        node.put("severity", finding.severity().label());
        node.put("subject", finding.subject());
        node.put("pointer", finding.pointer());
        ArrayNode breaks = node.putArray("breaks");
        finding.breaks().labels().forEach(breaks::add);
        node.put("message", finding.message());
        node.put("fix", finding.fix());
        location(node, finding.location());
        return node;
    }

    /** {@code "location": {"file", "line", "column"}} for a located finding; absent otherwise. */
    private static void location(ObjectNode node, Location location) {
        if (location == null) return;
        ObjectNode at = node.putObject("location");
        at.put("file", location.file());
        at.put("line", location.line());
        at.put("column", location.column());
    }

    /** Reads a format 1 report; problems name the source {@code report}. */
    public static Report read(JsonNode node) throws InvalidInputException {
        return read(node, "report");
    }

    /**
     * Reads a format 1 report. The verdict, summary and finding ids are derived from the findings, so they are
     * not read back. Every problem found is reported, not just the first.
     *
     * @throws InvalidInputException when the document is not a format 1 report or names an unknown rule
     */
    public static Report read(JsonNode node, String source) throws InvalidInputException {
        Reader r = new Reader(source);
        if (node == null || !node.isObject()) {
            throw new InvalidInputException(new InputProblem(source, "", CODE, "a report must be a JSON object"));
        }
        JsonNode format = node.get("format");
        if (format == null || !format.canConvertToInt() || format.asInt() != Report.FORMAT) {
            throw new InvalidInputException(new InputProblem(source, "/format", CODE,
                    "unsupported report format " + format + "; this version reads format " + Report.FORMAT));
        }
        String level = r.text(node, "/level");
        Report.Release candidate = r.release(node.get("candidate"), "/candidate", true);
        List<Report.Release> baselines = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        List<Report.Waived> waived = new ArrayList<>();
        JsonNode list = r.array(node, "/baselines");
        for (int i = 0; i < list.size(); i++) {
            Report.Release b = r.release(list.get(i), "/baselines/" + i, false);
            if (b != null) baselines.add(b);
        }
        list = r.array(node, "/findings");
        for (int i = 0; i < list.size(); i++) {
            r.finding(list.get(i), "/findings/" + i).ifPresent(findings::add);
        }
        // Older writers may leave "waived" out when there is nothing waived.
        list = node.has("waived") ? r.array(node, "/waived") : JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < list.size(); i++) {
            String at = "/waived/" + i;
            Optional<Finding> f = r.finding(list.get(i), at);
            String reason = r.text(list.get(i), at + "/reason");
            if (f.isPresent() && reason != null) waived.add(new Report.Waived(f.get(), reason));
        }
        // "changes" is an addition to format 1: writers before it leave it out.
        List<Change> changes = new ArrayList<>();
        list = node.has("changes") ? r.array(node, "/changes") : JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < list.size(); i++) {
            r.change(list.get(i), "/changes/" + i).ifPresent(changes::add);
        }
        if (!r.problems.isEmpty()) throw new InvalidInputException(r.problems);
        return new Report(level, candidate, baselines, findings, waived, changes);
    }

    /** Collects every problem while reading, so one bad answer shows all that is wrong with it. */
    private static final class Reader {
        private final String source;
        private final List<InputProblem> problems = new ArrayList<>();

        Reader(String source) {
            this.source = source;
        }

        private void problem(String pointer, String message) {
            problems.add(new InputProblem(source, pointer, CODE, message));
        }

        /** The text at {@code pointer}, whose last segment is a key of {@code parent}; null (and a problem) if absent. */
        String text(JsonNode node, String pointer) {
            String key = pointer.substring(pointer.lastIndexOf('/') + 1);
            JsonNode value = node == null ? null : node.get(key);
            if (value == null || !value.isTextual()) {
                problem(pointer, "expected a string");
                return null;
            }
            return value.asText();
        }

        JsonNode array(JsonNode node, String pointer) {
            JsonNode value = node.get(pointer.substring(1));
            if (value == null || !value.isArray()) {
                problem(pointer, "expected an array");
                return JsonNodeFactory.instance.arrayNode();
            }
            return value;
        }

        Report.Release release(JsonNode node, String pointer, boolean nullable) {
            if (node == null || node.isNull()) {
                if (!nullable) problem(pointer, "expected an object with service and version");
                return null;
            }
            if (!node.isObject()) {
                problem(pointer, "expected an object with service and version");
                return null;
            }
            String service = text(node, pointer + "/service");
            String version = text(node, pointer + "/version");
            return service == null || version == null ? null : new Report.Release(service, version);
        }

        Optional<Change> change(JsonNode node, String pointer) {
            if (node == null || !node.isObject()) {
                problem(pointer, "expected a change object");
                return Optional.empty();
            }
            int before = problems.size();
            String kindId = text(node, pointer + "/kind");
            String subject = text(node, pointer + "/subject");
            String changePointer = text(node, pointer + "/pointer");
            String message = text(node, pointer + "/message");
            ChangeKind kind = kindId == null ? null : ChangeKind.byId(kindId).orElse(null);
            if (kindId != null && kind == null) problem(pointer + "/kind", "unknown change kind '" + kindId + "'");
            if (problems.size() > before) return Optional.empty();
            return Optional.of(new Change(kind, subject, changePointer, message));
        }

        Optional<Finding> finding(JsonNode node, String pointer) {
            if (node == null || !node.isObject()) {
                problem(pointer, "expected a finding object");
                return Optional.empty();
            }
            int before = problems.size();
            String ruleId = text(node, pointer + "/rule");
            String severityLabel = text(node, pointer + "/severity");
            String subject = text(node, pointer + "/subject");
            String findingPointer = text(node, pointer + "/pointer");
            String message = text(node, pointer + "/message");
            String fix = text(node, pointer + "/fix");
            Rule rule = null;
            if (ruleId != null) {
                rule = Rule.byId(ruleId).orElse(null);
                if (rule == null) problem(pointer + "/rule", "unknown rule '" + ruleId + "'");
            }
            Severity severity = null;
            if (severityLabel != null) {
                severity = switch (severityLabel) {
                    case "breaking" -> Severity.BREAKING;
                    case "warning" -> Severity.WARNING;
                    case "info" -> Severity.INFO;
                    default -> null;
                };
                if (severity == null) problem(pointer + "/severity", "expected breaking, warning or info, not '" + severityLabel + "'");
            }
            Readers breaks = readers(node.get("breaks"), pointer + "/breaks");
            Location location = location(node.get("location"), pointer + "/location");
            if (problems.size() > before) return Optional.empty();
            return Optional.of(new Finding(rule, severity, subject, findingPointer, breaks, message, fix, location));
        }

        /** The optional location of a finding read from a file; null when absent. */
        private Location location(JsonNode node, String pointer) {
            if (node == null) return null;
            String file = text(node, pointer + "/file");
            JsonNode line = node.get("line");
            JsonNode column = node.get("column");
            if (line == null || !line.canConvertToInt() || line.asInt() < 1 || column == null || !column.canConvertToInt()
                    || column.asInt() < 1) {
                problem(pointer, "expected a line and a column, each 1 or more");
                return null;
            }
            return file == null ? null : new Location(file, line.asInt(), column.asInt());
        }

        private Readers readers(JsonNode node, String pointer) {
            if (node == null || !node.isArray()) {
                problem(pointer, "expected an array of old-readers / new-readers");
                return Readers.NONE;
            }
            boolean old = false;
            boolean young = false;
            for (int i = 0; i < node.size(); i++) {
                String label = node.get(i).isTextual() ? node.get(i).asText() : String.valueOf(node.get(i));
                switch (label) {
                    case "old-readers" -> old = true;
                    case "new-readers" -> young = true;
                    default -> problem(pointer + "/" + i, "expected old-readers or new-readers, not " + label);
                }
            }
            return Readers.of(old, young);
        }
    }
}
