package dev.wowcompat.wire;

import dev.wowcompat.json.JsonPointers;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Validates a wire structure in three steps, as a reader would meet it: refuse an unknown format or envelope
 * kind; validate the structure against its schema in schemas/wire/; validate what it carries against the
 * registered schemas (each event payload against its type at its revision, a state against the schema its
 * {@code schemaFingerprint} names, a command body against its command type). Thread-safe.
 */
public final class WireValidator {
    private final JsonSchemas schemas;

    public WireValidator(JsonSchemas schemas) {
        this.schemas = schemas;
    }

    /**
     * @param declared the structure the caller says it is, or null to recognise it by its members
     */
    public WireValidation validate(JsonNode document, WireStructure declared, RegisteredSchemas registered) throws WireRefusal {
        Judged judged = judge(document, declared, registered);
        return new WireValidation(judged.found().isEmpty(), judged.structure(), judged.kind(), judged.format(),
                judged.found().stream().map(Found::violation).toList());
    }

    /** What a violation is about: the structure itself, or what it carries measured against the registered schemas. */
    public enum Problem { STRUCTURE, EVENT_REVISION_UNREGISTERED, COMMAND_UNREGISTERED, FINGERPRINT_UNKNOWN, PAYLOAD_INVALID }

    /**
     * One violation with what it is about.
     *
     * @param subject the type it concerns ({@code bank.account.Deposited@2}, a command type, a fingerprint), or
     *        {@code ""} for the structure's own schema
     */
    public record Found(Problem problem, String subject, Violation violation) {}

    /** The result of {@link #judge}: {@link WireValidation} with each violation's {@link Problem}. */
    public record Judged(String structure, String kind, Integer format, List<Found> found) {
        public Judged {
            found = List.copyOf(found);
        }
    }

    /**
     * The same checks as {@link #validate}, each violation kept with what it is about, for callers that count the
     * kinds apart (the audit of a topic).
     */
    public Judged judge(JsonNode document, WireStructure declared, RegisteredSchemas registered) throws WireRefusal {
        if (document.isArray() && (declared == null || declared == WireStructure.WAIT_SIGNAL)) {
            // A node may send several wait signals as one JSON array.
            List<Found> found = new ArrayList<>();
            for (int i = 0; i < document.size(); i++) {
                found.addAll(validateOne(document.get(i), WireStructure.WAIT_SIGNAL, JsonPointers.child("", i), registered).found());
            }
            return new Judged(WireStructure.WAIT_SIGNAL.label(), WireStructure.WAIT_SIGNAL.label(), WireStructure.KNOWN_FORMAT, found);
        }
        WireStructure structure = declared != null ? declared : recognise(document);
        return validateOne(document, structure, "", registered);
    }

    private Judged validateOne(JsonNode document, WireStructure structure, String at, RegisteredSchemas registered) throws WireRefusal {
        Integer format = checkFormat(document, structure, at);
        String kind = structure.label();
        if (structure == WireStructure.ENVELOPE) {
            JsonNode k = document.path("kind");
            if (k.isTextual() && !WireStructure.ENVELOPE_KINDS.contains(k.asText())) {
                throw new WireRefusal(WireRefusal.Reason.UNKNOWN_KIND, JsonPointers.child(at, "kind"),
                        "envelope kind '" + k.asText() + "' is unknown; a reader refuses it (known: " + String.join(", ", WireStructure.ENVELOPE_KINDS) + ")");
            }
            if (k.isTextual()) kind = k.asText();
        }
        List<Found> found = new ArrayList<>();
        schemas.violations(schemas.wire(structure.schemaFile()), document, at).forEach(v -> found.add(new Found(Problem.STRUCTURE, "", v)));
        found.addAll(carried(document, structure, at, registered));
        return new Judged(structure.label(), kind, format, found);
    }

    /** Recognises a structure by the members only it has. */
    static WireStructure recognise(JsonNode d) throws WireRefusal {
        if (!d.isObject()) {
            throw new WireRefusal(WireRefusal.Reason.UNKNOWN_STRUCTURE, "", "a wire structure is a JSON object (or an array of wait signals)");
        }
        if (d.has("kind")) return WireStructure.ENVELOPE;
        if (d.has("v")) return d.has("command") ? WireStructure.CLUSTER_FORWARD : WireStructure.CLUSTER_REPLY;
        if (d.has("waitId")) return WireStructure.WAIT_SIGNAL;
        if (d.has("hop") && d.has("status")) return WireStructure.COMMAND_RESULT;
        if (d.has("executionId")) return WireStructure.COMMAND_RECEIPT;
        if (d.has("events") && d.has("ref")) {
            return d.has("state") || d.has("deleted") ? WireStructure.STATE_EVENT : WireStructure.EVENT_STREAM;
        }
        if (d.has("schemaFingerprint") && d.has("ref")) return WireStructure.SNAPSHOT;
        if (d.has("body") && d.has("type")) return WireStructure.COMMAND;
        throw new WireRefusal(WireRefusal.Reason.UNKNOWN_STRUCTURE, "",
                "the document is none of the wire structures (envelope, state event, event stream, snapshot, command, "
                        + "command receipt, command result, wait signal, cluster forward or reply); name one with ?structure=");
    }

    /** The format version, refused when it is one this reader does not know. */
    private static Integer checkFormat(JsonNode d, WireStructure structure, String at) throws WireRefusal {
        String member = switch (structure) {
            case CLUSTER_FORWARD, CLUSTER_REPLY -> "v";
            case ENVELOPE, COMMAND_RESULT, WAIT_SIGNAL -> "format";
            default -> null; // stored structures record their format per table, not per document
        };
        if (member == null || !d.has(member)) return null;
        JsonNode f = d.get(member);
        if (!f.isIntegralNumber() || f.asLong() != WireStructure.KNOWN_FORMAT) {
            throw new WireRefusal(WireRefusal.Reason.UNKNOWN_FORMAT, JsonPointers.child(at, member),
                    structure.label() + " format " + f + " is unknown; a reader of format " + WireStructure.KNOWN_FORMAT + " refuses it");
        }
        return f.asInt();
    }

    private List<Found> carried(JsonNode d, WireStructure structure, String at, RegisteredSchemas registered) {
        List<Found> out = new ArrayList<>();
        switch (structure) {
            case ENVELOPE -> {
                String kind = d.path("kind").asText();
                Supplier<String> payloadAt = () -> JsonPointers.child(at, "payload");
                if (kind.equals("state-event")) commit(d.path("payload"), payloadAt, registered, out);
                else if (kind.equals("command")) commandBody(d.path("payload"), payloadAt, registered, out);
            }
            case STATE_EVENT, EVENT_STREAM -> commit(d, () -> at, registered, out);
            case SNAPSHOT -> state(d, () -> at, registered, out);
            case COMMAND -> commandBody(d, () -> at, registered, out);
            case CLUSTER_FORWARD -> commandBody(d.path("command"), () -> JsonPointers.child(at, "command"), registered, out);
            default -> { }
        }
        return out;
    }

    /**
     * Each event against its type at its revision, and the state, if any, against its fingerprint's schema. Where
     * a member is ({@code at}) is written out only for a violation: most documents have none, and the audit judges
     * every record of a topic (docs/performance.md, "The audit").
     */
    private void commit(JsonNode commit, Supplier<String> at, RegisteredSchemas registered, List<Found> out) {
        JsonNode events = commit.path("events");
        // Not an array: the structure's own schema says so; an object's members are no events to look up.
        for (int i = 0; events.isArray() && i < events.size(); i++) {
            JsonNode e = events.get(i);
            int index = i;
            Supplier<String> eventAt = () -> JsonPointers.child(JsonPointers.child(at.get(), "events"), index);
            if (!e.path("name").isTextual() || !e.path("revision").canConvertToInt() || !e.path("payload").isObject()) continue;
            String name = e.get("name").asText();
            int revision = e.get("revision").asInt();
            Optional<String> fingerprint = registered.eventRevision(name, revision);
            if (fingerprint.isEmpty()) {
                out.add(new Found(Problem.EVENT_REVISION_UNREGISTERED, name + "@" + revision,
                        new Violation(JsonPointers.child(eventAt.get(), "name"), name + "@" + revision + " is not a registered event revision")));
                continue;
            }
            payload(name + "@" + revision, fingerprint.get(), e.get("payload"), () -> JsonPointers.child(eventAt.get(), "payload"), registered, out);
        }
        JsonNode state = commit.path("state");
        if (state.isObject()) state(state, () -> JsonPointers.child(at.get(), "state"), registered, out);
    }

    /** {@code {schemaFingerprint, state}}: the state against the schema the fingerprint names. */
    private void state(JsonNode view, Supplier<String> at, RegisteredSchemas registered, List<Found> out) {
        JsonNode fp = view.path("schemaFingerprint");
        if (!fp.isTextual() || !view.has("state")) return;
        String fingerprint = fp.asText();
        if (registered.schema(fingerprint).isEmpty()) {
            out.add(new Found(Problem.FINGERPRINT_UNKNOWN, fingerprint,
                    new Violation(JsonPointers.child(at.get(), "schemaFingerprint"), "no registered schema has fingerprint " + fingerprint)));
            return;
        }
        payload(fingerprint, fingerprint, view.get("state"), () -> JsonPointers.child(at.get(), "state"), registered, out);
    }

    private void commandBody(JsonNode command, Supplier<String> at, RegisteredSchemas registered, List<Found> out) {
        if (!command.path("type").isTextual() || !command.path("body").isObject()) return;
        String type = command.get("type").asText();
        Optional<String> fingerprint = registered.command(type);
        if (fingerprint.isEmpty()) {
            out.add(new Found(Problem.COMMAND_UNREGISTERED, type,
                    new Violation(JsonPointers.child(at.get(), "type"), type + " is not a registered command type")));
            return;
        }
        payload(type, fingerprint.get(), command.get("body"), () -> JsonPointers.child(at.get(), "body"), registered, out);
    }

    private void payload(String subject, String fingerprint, JsonNode value, Supplier<String> at, RegisteredSchemas registered, List<Found> out) {
        var schema = schemas.registered(fingerprint, () -> registered.schema(fingerprint)
                .orElseThrow(() -> new IllegalStateException("fingerprint " + fingerprint + " is named but its schema is not stored")));
        schemas.violations(schema, value, at).forEach(v -> out.add(new Found(Problem.PAYLOAD_INVALID, subject, v)));
    }
}
