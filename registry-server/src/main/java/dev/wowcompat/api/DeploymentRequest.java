package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.names.NameForms;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The body of {@code POST /environments/{env}/deployments}: {@code {"service": "bank-service", "version": "1.2.0"}}.
 * Every member is required and no other is taken, as in the Manifest format: a misspelt member must not pass
 * unnoticed. A service or version not of its form ({@link NameForms}) is {@code wow-compat.request.bad-name} at its
 * member, so that no unbounded name reaches the store or the write log.
 */
record DeploymentRequest(String service, String version) {
    private static final Set<String> MEMBERS = Set.of("service", "version");
    private static final String CODE = ProblemCode.INVALID_INPUT.code();
    private static final String BAD_NAME = ProblemCode.BAD_NAME.code();

    /** Every problem of the body at once, each at its pointer. */
    static DeploymentRequest read(JsonNode body, String source) throws InvalidInputException {
        if (!body.isObject()) {
            throw new InvalidInputException(new InputProblem(source, "", CODE,
                    "the body must be a JSON object {\"service\": \"...\", \"version\": \"major.minor.patch\"}"));
        }
        List<InputProblem> problems = new ArrayList<>();
        body.fieldNames().forEachRemaining(name -> {
            if (!MEMBERS.contains(name)) {
                problems.add(new InputProblem(source, JsonPointers.child("", name), CODE,
                        "unknown member '" + name + "'; a deployment names only \"service\" and \"version\""));
            }
        });
        String service = text(body, "service", source, problems);
        String version = text(body, "version", source, problems);
        if (service != null && !NameForms.isService(service)) {
            problems.add(new InputProblem(source, "/service", BAD_NAME, NameForms.shown(service) + " is not a service name: " + NameForms.SERVICE_FORM));
        }
        if (version != null && !Version.isValid(version)) {
            problems.add(new InputProblem(source, "/version", BAD_NAME, NameForms.shown(version) + " is not a version: " + NameForms.VERSION_FORM));
        }
        if (!problems.isEmpty()) throw new InvalidInputException(problems);
        return new DeploymentRequest(service, version);
    }

    /** The member's text, or null with a problem when it is missing, not a string or blank. */
    private static String text(JsonNode body, String member, String source, List<InputProblem> problems) {
        JsonNode value = body.get(member);
        String pointer = "/" + member;
        if (value == null) {
            problems.add(new InputProblem(source, pointer, CODE, "\"" + member + "\" is missing"));
        } else if (!value.isTextual()) {
            problems.add(new InputProblem(source, pointer, CODE, "\"" + member + "\" must be a string, not " + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        } else if (value.asText().isBlank()) {
            problems.add(new InputProblem(source, pointer, CODE, "\"" + member + "\" is blank"));
        } else {
            return value.asText();
        }
        return null;
    }
}
