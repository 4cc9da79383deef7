package dev.wowcompat.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * docs/openapi.json read for tests: its operations, and whether a real answer is one the document declares (status,
 * content type, body against the declared schema, required headers). Schemas are validated with networknt's
 * validator as JSON Schema 2020-12 (the document's {@code jsonSchemaDialect}); every {@code $ref} resolves inside
 * the document, which the registry holds under an IRI of its own: nothing is fetched.
 */
public final class OpenApiDocument {
    /** Only a name for the document's text in the validator; never fetched. */
    private static final String IRI = "https://wow-compat.dev/api/openapi.json";
    private static final String META_SCHEMA = "https://json-schema.org/draft/2020-12/schema";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode root;
    private final SchemaRegistry schemas;

    public OpenApiDocument(String text) {
        this.root = read(text);
        this.schemas = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, b -> b
                .schemaRegistryConfig(SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).locale(Locale.ENGLISH).build())
                .schemas(Map.of(IRI, text))
                .schemaLoader(loader -> loader.fetchRemoteResources(false)
                        .allow(iri -> iri.toString().startsWith(IRI) || iri.toString().startsWith("https://json-schema.org/draft/2020-12/"))));
    }

    /** An operation of the document: its method (upper case) and path template, e.g. {@code GET /types/{name}}. */
    public record Operation(String method, String template, JsonNode node) {
        @Override
        public String toString() {
            return method + " " + template;
        }
    }

    public JsonNode root() {
        return root;
    }

    public List<Operation> operations() {
        List<Operation> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = root.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (String method : List.of("get", "put", "post", "delete", "options", "head", "patch", "trace")) {
                if (path.getValue().has(method)) out.add(new Operation(method.toUpperCase(Locale.ROOT), path.getKey(), path.getValue().get(method)));
            }
        }
        return out;
    }

    public Optional<Operation> operation(String method, String template) {
        return operations().stream().filter(o -> o.method().equals(method) && o.template().equals(template)).findFirst();
    }

    /**
     * What the document says against this answer of {@code operation}: the status must be declared, the content
     * type too (or no body when the response declares no content), the body must validate against its schema, and
     * every required header must be there with a valid value. Empty when the answer is one the document declares.
     */
    public List<String> mismatches(Operation operation, int status, HttpHeaders headers, String body) {
        List<String> out = new ArrayList<>();
        String at = "/paths/" + token(operation.template()) + "/" + operation.method().toLowerCase(Locale.ROOT) + "/responses/";
        JsonNode response = operation.node().path("responses").get(Integer.toString(status));
        if (response == null) {
            out.add("status " + status + " is not declared");
            return out;
        }
        at += status;
        if (response.has("$ref")) {
            at = pointerOf(response.get("$ref").asText());
            response = root.at(at);
        }
        JsonNode content = response.path("content");
        String contentType = headers.firstValue("Content-Type").orElse(null);
        if (content.isMissingNode() || content.isEmpty()) {
            if (!body.isEmpty()) out.add("the response declares no content, but a body of " + contentType + " came");
        } else if (contentType == null) {
            out.add("no Content-Type; declared: " + names(content));
        } else {
            String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
            if (!content.has(mediaType)) {
                out.add("content type " + mediaType + " is not declared for " + status + "; declared: " + names(content));
            } else {
                JsonNode instance = isJson(mediaType) ? parse(body, out) : new TextNode(body);
                if (instance != null) {
                    schemaErrors(at + "/content/" + token(mediaType) + "/schema", instance).forEach(e -> out.add("body: " + e));
                }
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = response.path("headers").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> header = it.next();
            String headerAt = at + "/headers/" + token(header.getKey());
            JsonNode declared = header.getValue();
            if (declared.has("$ref")) {
                headerAt = pointerOf(declared.get("$ref").asText());
                declared = root.at(headerAt);
            }
            boolean required = header.getValue().path("required").asBoolean(declared.path("required").asBoolean(false));
            Optional<String> value = headers.firstValue(header.getKey());
            if (value.isEmpty()) {
                if (required) out.add("required header " + header.getKey() + " is missing");
                continue;
            }
            schemaErrors(headerAt + "/schema", new TextNode(value.get())).forEach(e -> out.add("header " + header.getKey() + ": " + e));
        }
        return out;
    }

    /** Validation errors of {@code instance} against the schema at {@code pointer} in the document. */
    public List<String> schemaErrors(String pointer, JsonNode instance) {
        Schema schema = schemas.getSchema(SchemaLocation.of(IRI + "#" + fragment(pointer)));
        return schema.validate(instance).stream().map(OpenApiDocument::describe).toList();
    }

    /**
     * Every Schema Object of the document (each component schema, each {@code schema} of a parameter, header or
     * media type) checked against the JSON Schema 2020-12 meta-schema: pointer and error, empty when all are valid.
     */
    public List<String> invalidSchemas() {
        Schema meta = schemas.getSchema(SchemaLocation.of(META_SCHEMA));
        List<String> out = new ArrayList<>();
        root.path("components").path("schemas").fields().forEachRemaining(e ->
                meta.validate(e.getValue()).forEach(x -> out.add("/components/schemas/" + e.getKey() + ": " + describe(x))));
        collectSchemaMembers(root.path("paths"), "/paths", meta, out);
        collectSchemaMembers(root.path("components").path("responses"), "/components/responses", meta, out);
        collectSchemaMembers(root.path("components").path("headers"), "/components/headers", meta, out);
        return out;
    }

    /** The {@code schema} members of parameters, headers and media types below {@code node} (schemas are not entered). */
    private static void collectSchemaMembers(JsonNode node, String at, Schema meta, List<String> out) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) collectSchemaMembers(node.get(i), at + "/" + i, meta, out);
        }
        if (!node.isObject()) return;
        node.fields().forEachRemaining(e -> {
            String child = at + "/" + token(e.getKey());
            if (e.getKey().equals("schema")) {
                meta.validate(e.getValue()).forEach(x -> out.add(child + ": " + describe(x)));
            } else {
                collectSchemaMembers(e.getValue(), child, meta, out);
            }
        });
    }

    private static String describe(Error e) {
        return e.getInstanceLocation() + " " + e.getMessage() + " (" + e.getSchemaLocation() + ")";
    }

    private static String names(JsonNode content) {
        List<String> names = new ArrayList<>();
        content.fieldNames().forEachRemaining(names::add);
        return String.join(", ", names);
    }

    private static boolean isJson(String mediaType) {
        return mediaType.equals("application/json") || mediaType.endsWith("+json");
    }

    private static JsonNode parse(String body, List<String> out) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            out.add("the body is not JSON: " + e.getMessage());
            return null;
        }
    }

    private static String pointerOf(String localRef) {
        if (!localRef.startsWith("#")) throw new IllegalArgumentException("only references inside the document are followed: " + localRef);
        return localRef.substring(1);
    }

    /** A JSON pointer token (RFC 6901). */
    private static String token(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    /** A JSON pointer as a URI fragment: the characters a fragment may not hold, percent-encoded (RFC 6901, section 6). */
    private static String fragment(String pointer) {
        StringBuilder sb = new StringBuilder();
        for (char c : pointer.toCharArray()) {
            if (Character.isLetterOrDigit(c) || "/-._~!$&'()*+,;=:@".indexOf(c) >= 0) sb.append(c);
            else sb.append('%').append(String.format("%02X", (int) c));
        }
        return sb.toString();
    }

    private static JsonNode read(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
