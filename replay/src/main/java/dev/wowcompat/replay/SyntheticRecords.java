package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Records generated from a Manifest, where no record was given: one state event of one event for an event revision,
 * its body a value its schema accepts (docs/replay.md, "Generated records"). The body holds every property the
 * schema declares, each the smallest value its schema allows (1 for a number that may be 1, {@code "x"} padded to
 * its minimum length for a string, the first of an {@code enum}, an array of its minimum length), so that a class
 * reading it meets each member.
 */
final class SyntheticRecords {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    /** How deep a schema's references are followed; a recursive type stops there with {@code null}. */
    private static final int DEPTH = 24;
    /** Wow's default tenant (TenantId.DEFAULT_TENANT_ID). */
    private static final String TENANT = "(0)";

    private SyntheticRecords() {
    }

    /**
     * One event revision of a Manifest.
     *
     * @param label   Wow's revision label, which the records carry
     * @param written the release writes it (not a revision staged to be read first)
     */
    record EventRevision(Manifest.Aggregate aggregate, String event, int revision, String label, JsonNode schema,
                         Integer upgradesFrom, boolean written) {
        /** {@code context.aggregate.event@label}: how findings name it. */
        String describe() {
            return aggregate.typeName() + "." + event + "@" + label;
        }
    }

    /** Every event revision the Manifest declares with a label, in its order; those without one are counted apart. */
    static List<EventRevision> revisions(Manifest manifest, long[] unlabelled) {
        List<EventRevision> out = new ArrayList<>();
        for (Manifest.Aggregate aggregate : manifest.aggregates().values()) {
            for (Map.Entry<String, Manifest.Event> event : aggregate.events().entrySet()) {
                for (Manifest.Revision revision : event.getValue().revisions().values()) {
                    Optional<String> label = manifest.revisionLabel(aggregate, event.getKey(), revision.revision());
                    if (label.isEmpty()) {
                        unlabelled[0]++;
                        continue;
                    }
                    out.add(new EventRevision(aggregate, event.getKey(), revision.revision(), label.get(),
                            revision.schema().schema(), revision.upgradesFrom(), revision.written() && event.getValue().written()));
                }
            }
        }
        return out;
    }

    /** The bodyType of a generated event the candidate has no class for: no class can have this name. */
    private static final String NO_CLASS = "(no class of the candidate)";

    /** A state event of a new aggregate at version 1 whose one event is this revision, on one line. */
    static String record(EventRevision revision, int number, Optional<String> bodyType) {
        ObjectNode record = NODES.objectNode();
        String id = "synthetic-" + number;
        record.put("id", id);
        record.put("contextName", revision.aggregate().context());
        record.put("aggregateName", revision.aggregate().name());
        record.set("header", NODES.objectNode());
        record.put("aggregateId", id);
        record.put("tenantId", TENANT);
        record.put("ownerId", "");
        record.put("spaceId", "");
        record.put("commandId", id);
        record.put("requestId", id);
        record.put("version", 1);
        record.put("firstOperator", "");
        record.put("firstEventTime", 0);
        record.set("state", NODES.objectNode());
        record.set("tags", NODES.objectNode());
        record.put("deleted", false);
        ObjectNode event = NODES.objectNode();
        event.put("id", id + "-event");
        event.put("name", revision.event());
        event.put("revision", revision.label());
        // Wow reads bodyType whenever its type registry resolves no class, and fails on a record without one: a
        // revision no class of the candidate's is written with a name no class has, which Wow reads, as it reads an
        // old record whose writer's class is gone, into a JsonDomainEvent.
        event.put("bodyType", bodyType.orElse(NO_CLASS));
        event.set("body", example(revision.schema()));
        record.set("body", NODES.arrayNode().add(event));
        record.put("createTime", 0);
        return record.toString();
    }

    /** A value the schema accepts, for the shapes a Manifest's schemas take (draft 2020-12, local references). */
    static JsonNode example(JsonNode schema) {
        return example(schema, schema, 0);
    }

    private static JsonNode example(JsonNode schema, JsonNode root, int depth) {
        if (schema == null || !schema.isObject() || depth > DEPTH) {
            return NODES.nullNode();
        }
        if (schema.has("$ref")) {
            JsonNode target = root.at(schema.get("$ref").asText().replaceFirst("^#", ""));
            return example(target.isMissingNode() ? null : target, root, depth + 1);
        }
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.path("enum").isArray() && schema.get("enum").size() > 0) {
            return schema.get("enum").get(0);
        }
        for (String choice : List.of("oneOf", "anyOf")) {
            if (schema.path(choice).isArray() && schema.get(choice).size() > 0) {
                return example(firstNotNull(schema.get(choice)), root, depth + 1);
            }
        }
        if (schema.path("allOf").isArray() && schema.get("allOf").size() > 0) {
            ObjectNode merged = NODES.objectNode();
            JsonNode last = NODES.nullNode();
            for (JsonNode part : schema.get("allOf")) {
                last = example(part, root, depth + 1);
                if (last.isObject()) {
                    merged.setAll((ObjectNode) last);
                }
            }
            if (!merged.isEmpty() || !schema.has("properties")) {
                return merged.isEmpty() ? last : merged;
            }
        }
        String type = type(schema);
        switch (type) {
            case "object" -> {
                ObjectNode object = NODES.objectNode();
                for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> property = it.next();
                    object.set(property.getKey(), example(property.getValue(), root, depth + 1));
                }
                return object;
            }
            case "array" -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = 0; i < schema.path("minItems").asInt(0); i++) {
                    array.add(example(schema.get("items"), root, depth + 1));
                }
                return array;
            }
            case "string" -> {
                return NODES.textNode(string(schema));
            }
            case "integer", "number" -> {
                return NODES.numberNode(number(schema, type.equals("integer")));
            }
            case "boolean" -> {
                return NODES.booleanNode(false);
            }
            default -> {
                return NODES.nullNode();
            }
        }
    }

    private static JsonNode firstNotNull(JsonNode choices) {
        for (JsonNode choice : choices) {
            if (!"null".equals(choice.path("type").asText())) {
                return choice;
            }
        }
        return choices.get(0);
    }

    /** The schema's type, the first that is not {@code null} of a list; inferred from its keywords when absent. */
    private static String type(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type != null && type.isTextual()) {
            return type.asText();
        }
        if (type != null && type.isArray()) {
            for (JsonNode t : type) {
                if (!t.asText().equals("null")) {
                    return t.asText();
                }
            }
            return "null";
        }
        if (schema.has("properties")) {
            return "object";
        }
        if (schema.has("items")) {
            return "array";
        }
        return "null";
    }

    private static String string(JsonNode schema) {
        String format = schema.path("format").asText("");
        String value = switch (format) {
            case "date-time" -> "2026-01-01T00:00:00Z";
            case "date" -> "2026-01-01";
            case "time" -> "00:00:00Z";
            case "uuid" -> "00000000-0000-0000-0000-000000000001";
            case "email" -> "x@example.com";
            case "uri" -> "https://example.com";
            case "duration" -> "PT1S";
            default -> "x";
        };
        int min = schema.path("minLength").asInt(0);
        StringBuilder padded = new StringBuilder(value);
        while (padded.length() < min) {
            padded.append('x');
        }
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        return padded.length() > max ? padded.substring(0, max) : padded.toString();
    }

    /** 1, or the nearest value the bounds allow. */
    private static BigDecimal number(JsonNode schema, boolean integer) {
        BigDecimal value = BigDecimal.ONE;
        if (schema.path("minimum").isNumber() && value.compareTo(schema.get("minimum").decimalValue()) < 0) {
            value = schema.get("minimum").decimalValue();
        }
        if (schema.path("exclusiveMinimum").isNumber() && value.compareTo(schema.get("exclusiveMinimum").decimalValue()) <= 0) {
            value = schema.get("exclusiveMinimum").decimalValue().add(BigDecimal.ONE);
        }
        if (schema.path("maximum").isNumber() && value.compareTo(schema.get("maximum").decimalValue()) > 0) {
            value = schema.get("maximum").decimalValue();
        }
        if (schema.path("exclusiveMaximum").isNumber() && value.compareTo(schema.get("exclusiveMaximum").decimalValue()) >= 0) {
            value = schema.get("exclusiveMaximum").decimalValue().subtract(BigDecimal.ONE);
        }
        if (schema.path("multipleOf").isNumber() && schema.get("multipleOf").decimalValue().signum() > 0) {
            value = schema.get("multipleOf").decimalValue();
        }
        return integer ? value.setScale(0, java.math.RoundingMode.CEILING) : value;
    }
}
