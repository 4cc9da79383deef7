package dev.wowcompat.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.rules.Severity;
import java.io.UncheckedIOException;

/**
 * The frame of a SARIF 2.1.0 log that the check's report ({@link SarifReport}) and the audit's share, so that both
 * read the same to code scanning: one run, its tool's driver with the rule descriptors, and results with a rule id,
 * a level, a message, a location and, when waived, an external suppression. What a result says beyond that (its
 * properties, fingerprints, a physical location) stays with the report that knows it.
 */
public final class SarifLog {
    /** Thread-safe once configured; configured only here. */
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

    private final ObjectNode root = JsonNodeFactory.instance.objectNode();
    private final ObjectNode run;
    private final ArrayNode rules;
    private final ArrayNode results;

    /** A log of one run of the tool named, with no rules and no results yet. */
    public SarifLog(String toolName) {
        root.put("$schema", SCHEMA);
        root.put("version", "2.1.0");
        run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", toolName);
        rules = driver.putArray("rules");
        results = run.putArray("results");
    }

    /** A rule descriptor, after those added before it (a result's ruleIndex is its place here). */
    public void rule(String id, String description, Severity severity) {
        rule(id, description, null, level(severity));
    }

    /** @param help how to fix what the rule finds, or null */
    void rule(String id, String description, String help, String level) {
        ObjectNode descriptor = rules.addObject();
        descriptor.put("id", id);
        descriptor.putObject("shortDescription").put("text", description);
        if (help != null) descriptor.putObject("help").put("text", help);
        descriptor.putObject("defaultConfiguration").put("level", level);
    }

    /**
     * A rule that did not run in this run, with the reason: disabled in the invocation's rule configuration and
     * said in a notification, so that a viewer shows it as not checked rather than as passed.
     */
    public void notRun(String ruleId, String reason) {
        int index = -1;
        for (int i = 0; i < rules.size(); i++) if (rules.get(i).path("id").asText().equals(ruleId)) index = i;
        ObjectNode invocation = run.has("invocations") ? (ObjectNode) run.get("invocations").get(0)
                : run.putArray("invocations").addObject().put("executionSuccessful", true);
        ArrayNode overrides = invocation.has("ruleConfigurationOverrides") ? (ArrayNode) invocation.get("ruleConfigurationOverrides")
                : invocation.putArray("ruleConfigurationOverrides");
        ObjectNode override = overrides.addObject();
        ObjectNode descriptor = override.putObject("descriptor").put("id", ruleId);
        if (index >= 0) descriptor.put("index", index);
        override.putObject("configuration").put("enabled", false);
        ArrayNode notifications = invocation.has("toolConfigurationNotifications") ? (ArrayNode) invocation.get("toolConfigurationNotifications")
                : invocation.putArray("toolConfigurationNotifications");
        ObjectNode notification = notifications.addObject();
        notification.putObject("associatedRule").put("id", ruleId);
        notification.put("level", "note");
        notification.putObject("message").put("text", ruleId + " was not checked: " + reason);
    }

    /** A result of the rule, at the level of its severity; the caller adds its location and properties. */
    public ObjectNode result(String ruleId, Severity severity, String message) {
        return result(ruleId, null, null, level(severity), message);
    }

    /** A result that names its rule's descriptor by place too, which saves a reader the lookup by id. */
    ObjectNode result(String ruleId, int ruleIndex, Severity severity, String message) {
        return result(ruleId, ruleIndex, null, level(severity), message);
    }

    /** A result that reports no problem (SARIF: kind informational, which requires level none). */
    ObjectNode informational(String ruleId, int ruleIndex, String message) {
        return result(ruleId, ruleIndex, "informational", "none", message);
    }

    private ObjectNode result(String ruleId, Integer ruleIndex, String kind, String level, String message) {
        ObjectNode result = results.addObject();
        result.put("ruleId", ruleId);
        if (ruleIndex != null) result.put("ruleIndex", ruleIndex);
        if (kind != null) result.put("kind", kind);
        result.put("level", level);
        result.putObject("message").put("text", message);
        return result;
    }

    /**
     * The result's one location: its physical location when there is one, then its logical one.
     *
     * @param physical the file and region, or null
     * @param name the logical location's short name, or null when only the fully qualified one means anything
     * @return the location, for the caller's properties
     */
    public static ObjectNode location(ObjectNode result, ObjectNode physical, String name, String fullyQualifiedName, String kind) {
        ObjectNode location = result.putArray("locations").addObject();
        if (physical != null) location.set("physicalLocation", physical);
        ObjectNode logical = location.putArray("logicalLocations").addObject();
        if (name != null) logical.put("name", name);
        logical.put("fullyQualifiedName", fullyQualifiedName);
        logical.put("kind", kind);
        return location;
    }

    /** A waived result: suppressed outside the analysed files (by a waiver), accepted, with the waiver's reason. */
    public static void suppress(ObjectNode result, String justification) {
        ObjectNode suppression = result.putArray("suppressions").addObject();
        suppression.put("kind", "external");
        suppression.put("status", "accepted");
        suppression.put("justification", justification);
    }

    /** The run's own properties, after its results. */
    ObjectNode runProperties() {
        return run.putObject("properties");
    }

    /** The log, indented, with a final newline. */
    public String render() {
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            // A tree of strings and numbers always serialises; reaching this is a bug, not bad input.
            throw new UncheckedIOException(e);
        }
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
