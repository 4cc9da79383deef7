package dev.wowcompat.ccompat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.fingerprint.CanonicalJson;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.StandaloneSchema;
import java.util.List;

/**
 * The schema a client posts to register, look up or check (docs/ccompat.md, "What is served"): {@code schema} (the
 * JSON Schema as a string) and {@code schemaType}, which must be {@code JSON}. {@code metadata} and {@code ruleSet}
 * are accepted and ignored; {@code references} are refused unless empty, since a schema here is one document.
 */
record PostedSchema(JsonNode schema, String fingerprint, String canonical) {

    /** What Confluent assumes when {@code schemaType} is absent. */
    private static final String DEFAULT_TYPE = "AVRO";
    static final String ONLY_JSON = "Only JSON Schema is served here: send \"schemaType\": \"JSON\" with a JSON Schema; Avro and Protobuf schemas are not.";

    static PostedSchema read(byte[] body, JsonInput input) {
        JsonNode request;
        try {
            request = input.parse(body, "request body");
        } catch (InvalidInputException e) {
            throw ConfluentError.invalidSchema("The body is not JSON: " + firstProblem(e));
        }
        if (!request.isObject()) throw ConfluentError.invalidSchema("The body must be an object with a member \"schema\".");
        String type = request.path("schemaType").isTextual() ? request.get("schemaType").asText() : DEFAULT_TYPE;
        if (!type.equals("JSON")) throw ConfluentError.invalidSchema(ONLY_JSON);
        JsonNode references = request.path("references");
        if (!references.isMissingNode() && !references.isNull() && !(references.isArray() && references.isEmpty())) {
            throw ConfluentError.invalidSchema("Schema references are not served: a schema here is one self-contained JSON Schema "
                    + "(use $defs and local $ref inside it).");
        }
        if (!request.path("schema").isTextual()) {
            throw ConfluentError.invalidSchema("The member \"schema\" must be the JSON Schema as a string.");
        }
        JsonNode schema;
        try {
            schema = input.parse(request.get("schema").asText(), "schema");
        } catch (InvalidInputException e) {
            throw ConfluentError.invalidSchema("The schema is not JSON: " + firstProblem(e));
        }
        List<InputProblem> problems = StandaloneSchema.problems(schema, "schema");
        if (!problems.isEmpty()) {
            InputProblem p = problems.get(0);
            throw ConfluentError.invalidSchema("The schema is not a JSON Schema this registry reads: " + p.message()
                    + (p.pointer().isEmpty() ? "" : " (at " + p.pointer() + ")") + (problems.size() > 1 ? " and " + (problems.size() - 1) + " more problems" : ""));
        }
        return new PostedSchema(schema, Fingerprint.of(schema), CanonicalJson.toString(schema));
    }

    private static String firstProblem(InvalidInputException e) {
        return e.problems().isEmpty() ? e.getMessage() : e.problems().get(0).message();
    }
}
