package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.wire.RegisteredSchemas;
import dev.wowcompat.wire.StateVerification;
import dev.wowcompat.wire.StateVerifier;
import dev.wowcompat.wire.Violation;
import dev.wowcompat.wire.WireRefusal;
import dev.wowcompat.wire.WireStructure;
import dev.wowcompat.wire.WireValidation;
import dev.wowcompat.wire.WireValidator;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/** {@code POST /validate} and {@code POST /verify/state}: documents checked against the registered schemas. */
final class WireEndpoints {
    private final RequestBodies bodies;
    private final JsonInput input;
    private final WireValidator validator;
    private final StateVerifier verifier;
    private final RegisteredSchemas registered;
    private final JsonResponses json;
    private final int listedViolations;

    WireEndpoints(RequestBodies bodies, InputLimits limits, WireValidator validator, StateVerifier verifier,
                  RegisteredSchemas registered, JsonResponses json, int listedViolations) {
        this.listedViolations = listedViolations;
        this.bodies = bodies;
        this.input = new JsonInput(limits);
        this.validator = validator;
        this.verifier = verifier;
        this.registered = registered;
        this.json = json;
    }

    void validate(Context ctx) throws InvalidInputException {
        String named = ctx.queryParam("structure");
        WireStructure declared = null;
        if (named != null) {
            declared = WireStructure.byLabel(named).orElseThrow(() -> new ApiException(ProblemCode.BAD_PARAMETER,
                    "structure '" + named + "' is none of: " + String.join(", ", java.util.Arrays.stream(WireStructure.values()).map(WireStructure::label).toList())));
        }
        JsonNode document = input.parse(bodies.json(ctx), ctx.method() + " " + ctx.path());
        WireValidation result;
        try {
            result = validator.validate(document, declared, registered);
        } catch (WireRefusal r) {
            throw refusal(r);
        }
        ObjectNode out = json.object().put("valid", result.valid()).put("structure", result.structure()).put("kind", result.kind());
        if (result.format() == null) out.putNull("format");
        else out.put("format", result.format());
        putViolations(out, result.violations());
        json.send(ctx, 200, out);
    }

    void verifyState(Context ctx) throws InvalidInputException {
        JsonNode document = input.parse(bodies.json(ctx), ctx.method() + " " + ctx.path());
        StateVerification v;
        try {
            v = verifier.verify(document, registered);
        } catch (WireRefusal r) {
            throw refusal(r);
        }
        json.send(ctx, 200, toJson(v));
    }

    ObjectNode toJson(StateVerification v) {
        ObjectNode out = json.object().put("known", v.known()).put("current", v.current()).put("valid", v.valid())
                .put("rebuild", v.rebuild()).put("aggregate", v.aggregate()).put("fingerprint", v.fingerprint())
                .put("currentFingerprint", v.currentFingerprint());
        ArrayNode releases = out.putArray("releases");
        v.releases().forEach(r -> releases.addObject().put("service", r.service()).put("version", r.version()));
        putViolations(out, v.violations());
        return out;
    }

    /** The first {@code listedViolations} violations, and how many there are in all. */
    private void putViolations(ObjectNode out, List<Violation> violations) {
        ArrayNode listed = out.putArray("violations");
        violations.stream().limit(listedViolations)
                .forEach(x -> listed.addObject().put("pointer", x.pointer()).put("message", x.message()));
        out.put("violationCount", violations.size());
        out.put("violationsTruncated", violations.size() > listedViolations);
    }

    private static ApiException refusal(WireRefusal r) {
        ProblemCode code = switch (r.reason()) {
            case UNKNOWN_FORMAT -> ProblemCode.WIRE_UNKNOWN_FORMAT;
            case UNKNOWN_KIND -> ProblemCode.WIRE_UNKNOWN_KIND;
            case UNKNOWN_STRUCTURE -> ProblemCode.WIRE_UNKNOWN_STRUCTURE;
            case NOT_A_STATE -> ProblemCode.STATE_VIEW_UNRECOGNISED;
            case MALFORMED_FINGERPRINT -> ProblemCode.FINGERPRINT_MALFORMED;
        };
        return new ApiException(code, r.getMessage(), Map.of("pointer", r.pointer()));
    }
}
