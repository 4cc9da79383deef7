package dev.wowcompat.wire;

import dev.wowcompat.json.JsonPointers;
import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.fingerprint.Fingerprint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fingerprint verification of a state: a state view ({@code {aggregate?, version?, schemaFingerprint, state}}),
 * a whole state event (bare or in its envelope) or a snapshot. Says whether the fingerprint is known, which
 * aggregate and releases use it, whether it is current, and whether the state validates against it.
 */
public final class StateVerifier {
    private final JsonSchemas schemas;

    public StateVerifier(JsonSchemas schemas) {
        this.schemas = schemas;
    }

    public StateVerification verify(JsonNode document, RegisteredSchemas registered) throws WireRefusal {
        Located view = locate(document);
        JsonNode fpNode = view.view().path("schemaFingerprint");
        String fpAt = JsonPointers.child(view.at(), "schemaFingerprint");
        if (!fpNode.isTextual() || !Fingerprint.isFingerprint(fpNode.asText())) {
            throw new WireRefusal(WireRefusal.Reason.MALFORMED_FINGERPRINT, fpAt,
                    "schemaFingerprint must be 64 lowercase hex digits, found " + fpNode);
        }
        String fingerprint = fpNode.asText();
        List<Violation> violations = new ArrayList<>();
        List<RegisteredSchemas.StateUse> uses = registered.stateUses(fingerprint);

        String aggregate = view.aggregate();
        if (aggregate == null) {
            List<String> aggregates = uses.stream().map(RegisteredSchemas.StateUse::aggregate).distinct().toList();
            if (aggregates.size() == 1) aggregate = aggregates.get(0);
        }
        String forAggregate = aggregate;
        List<RegisteredSchemas.StateUse> ours = uses.stream().filter(u -> u.aggregate().equals(forAggregate)).toList();
        boolean known = !ours.isEmpty();
        if (uses.isEmpty()) {
            violations.add(new Violation(fpAt, "no release registers a state schema with fingerprint " + fingerprint));
        } else if (!known) {
            violations.add(new Violation(fpAt, "fingerprint " + fingerprint + " is the state schema of "
                    + String.join(", ", uses.stream().map(RegisteredSchemas.StateUse::aggregate).distinct().toList())
                    + (aggregate == null ? "; name the aggregate" : ", not of " + aggregate)));
        }

        Optional<RegisteredSchemas.StateUse> current = aggregate == null ? Optional.empty() : registered.currentState(aggregate);
        String currentFingerprint = current.map(RegisteredSchemas.StateUse::fingerprint).orElse(null);
        boolean isCurrent = known && fingerprint.equals(currentFingerprint);

        boolean valid = false;
        if (known) {
            var schema = schemas.registered(fingerprint, () -> registered.schema(fingerprint)
                    .orElseThrow(() -> new IllegalStateException("fingerprint " + fingerprint + " is used but its schema is not stored")));
            List<Violation> stateViolations = JsonSchemas.validate(schema, view.view().path("state"), JsonPointers.child(view.at(), "state"));
            violations.addAll(stateViolations);
            valid = stateViolations.isEmpty();
        }
        List<StateVerification.Release> releases = ours.stream().map(u -> new StateVerification.Release(u.service(), u.version())).toList();
        return new StateVerification(known, isCurrent, valid, aggregate, fingerprint, currentFingerprint, releases, violations);
    }

    private record Located(JsonNode view, String at, String aggregate) {}

    private static Located locate(JsonNode d) throws WireRefusal {
        String at = "";
        if (d.isObject() && d.has("kind") && d.has("payload")) {
            if (!"state-event".equals(d.path("kind").asText())) {
                throw new WireRefusal(WireRefusal.Reason.NOT_A_STATE, "/kind", "an envelope of kind " + d.path("kind") + " carries no state");
            }
            d = d.get("payload");
            at = "/payload";
        }
        if (!d.isObject()) {
            throw new WireRefusal(WireRefusal.Reason.NOT_A_STATE, at, "expected a JSON object: a state view, a state event or a snapshot");
        }
        if (d.has("events")) {
            JsonNode state = d.path("state");
            if (!state.isObject()) {
                throw new WireRefusal(WireRefusal.Reason.NOT_A_STATE, JsonPointers.child(at, "state"),
                        "this state event carries no state (its aggregate publishes without state)");
            }
            return new Located(state, JsonPointers.child(at, "state"), aggregateOf(d.path("ref")));
        }
        if (d.has("schemaFingerprint") && d.has("state")) {
            String aggregate = d.path("aggregate").isTextual() ? d.get("aggregate").asText() : aggregateOf(d.path("ref"));
            return new Located(d, at, aggregate);
        }
        throw new WireRefusal(WireRefusal.Reason.NOT_A_STATE, at,
                "expected a state view {aggregate, schemaFingerprint, state}, a state event or a snapshot");
    }

    /** {@code context.aggregate} from an aggregate reference, or null. */
    private static String aggregateOf(JsonNode ref) {
        JsonNode type = ref.path("type");
        if (type.path("context").isTextual() && type.path("name").isTextual()) {
            return type.get("context").asText() + "." + type.get("name").asText();
        }
        return null;
    }
}
