package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.fingerprint.NotCanonicalizableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checks a JSON Schema given on its own (not inside a Manifest) must pass before it is compared: the same
 * ones {@link ManifestReader} applies to every embedded schema, so {@code check-schema} and the registry's plain
 * schema subjects refuse exactly what a Manifest would.
 */
public final class StandaloneSchema {
    private StandaloneSchema() {}

    /**
     * Every problem of {@code schema}: not an object or boolean, an unsupported {@code $schema}, invalid against
     * its draft's meta-schema, a pattern that does not compile, a misspelt keyword, a remote or unresolved
     * {@code $ref}, no canonical form (so no fingerprint). Empty when the schema can be used.
     *
     * @param source the name shown in problems (file name, request part)
     */
    public static List<InputProblem> problems(JsonNode schema, String source) {
        List<InputProblem> problems = new ArrayList<>();
        if (!schema.isObject() && !schema.isBoolean()) {
            problems.add(new InputProblem(source, "", ProblemCodes.SCHEMA_INVALID,
                    "a JSON Schema is an object or a boolean, not " + schema.getNodeType().name().toLowerCase(Locale.ROOT)));
            return problems;
        }
        EmbeddedSchemaCheck.check(schema, "", source, problems);
        try {
            Fingerprint.of(schema);
        } catch (NotCanonicalizableException e) {
            problems.add(new InputProblem(source, e.pointer(), ProblemCodes.SCHEMA_NOT_CANONICALIZABLE,
                    "this schema has no canonical JSON form (RFC 8785), so it cannot be fingerprinted: " + e.reason()));
        }
        return problems;
    }
}
