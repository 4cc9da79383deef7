package dev.wowcompat.manifest;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.SchemaDialect;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Manifest format's own JSON Schema ({@code schemas/manifest.schema.json}, shipped on the classpath), compiled
 * once, and the rendering of its violations as readable problems. Thread-safe.
 *
 * <p>Messages for names come from the schema itself: a failing pattern of a {@code $defs} entry with a {@code title}
 * is reported as "'Bank.Account' is not a valid context name: " plus the entry's {@code description}, so the schema
 * is the one place that says what a valid name is.
 */
final class ManifestSchema {
    /** Where the library jar carries the schema (compat-rules/pom.xml maps ../schemas there). */
    static final String RESOURCE = "/wow-compat/schemas/manifest.schema.json";

    private final JsonNode schemaNode;
    private final String schemaId;
    private final Schema schema;

    ManifestSchema(SchemaRegistry registry) {
        this.schemaNode = load();
        this.schemaId = schemaNode.path("$id").asText();
        // Given the node, the registry never loads our schema from its $id: nothing here is fetched.
        this.schema = registry.getSchema(SchemaLocation.of(schemaId), schemaNode);
        // Resolve every $ref now, so that concurrent first validations do not race to do it.
        this.schema.initializeValidators();
    }

    /**
     * A registry that can load nothing but the JSON Schema meta-schemas bundled in the validator's jar:
     * remote fetching stays off (the library default) and every other IRI, classpath ones included, is refused.
     */
    static SchemaRegistry offlineRegistry() {
        // Messages are part of our output: fixed to English rather than following the machine's default locale.
        // Formats are annotations: the meta-schemas of drafts 04 to 07 would otherwise assert "format": "regex" on
        // patterns with the library's own engine, beside the pattern check of EmbeddedSchemaCheck.
        SchemaRegistryConfig config = SchemaRegistryConfig.builder()
                .pathType(PathType.JSON_POINTER)
                .locale(Locale.ENGLISH)
                .formatAssertionsEnabled(false)
                .build();
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, b -> b
                .schemaRegistryConfig(config)
                .schemaLoader(loader -> loader
                        .fetchRemoteResources(false)
                        .allow(iri -> isBundledMetaSchema(iri.toString()))));
    }

    /** A meta-schema (or one of its vocabularies) of a dialect we read: each sits in its dialect's directory. */
    private static boolean isBundledMetaSchema(String iri) {
        for (SchemaDialect d : SchemaDialect.values()) {
            String id = d.metaSchemaId();
            if (iri.startsWith(id.substring(0, id.lastIndexOf('/') + 1))) return true;
        }
        return false;
    }

    private static JsonNode load() {
        try (InputStream in = ManifestSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the Manifest schema " + RESOURCE + " is missing from the classpath: the compat-rules jar is incomplete");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("the Manifest schema " + RESOURCE + " cannot be read", e);
        }
    }

    /** The schema as a JSON tree (read-only by convention), for documentation and tests. */
    JsonNode node() {
        return schemaNode;
    }

    /** Every violation, in the validator's order, as one problem each. */
    List<InputProblem> validate(JsonNode document, String source) {
        CappedErrors errors = CappedErrors.validate(schema, document);
        List<InputProblem> problems = new ArrayList<>(errors.size() + 1);
        for (Error e : errors) problems.add(render(e, source));
        if (errors.stopped()) {
            problems.add(new InputProblem(source, "", null, "the validation stopped after " + errors.size()
                    + " violations of the Manifest format; there are more"));
        }
        return problems;
    }

    private InputProblem render(Error e, String source) {
        String pointer = pointer(e.getInstanceLocation());
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        JsonNode at = schemaNodeAt(e.getSchemaLocation());
        String message;
        switch (keyword) {
            case "propertyNames" -> {
                String name = e.getProperty() == null ? "" : e.getProperty();
                pointer = JsonPointers.child(pointer, name);
                JsonNode named = titled(at);
                message = named != null ? invalidName(name, named) : ValidatorSentences.of(e);
            }
            case "pattern" -> {
                JsonNode named = titled(parentOf(e.getSchemaLocation()));
                String value = e.getInstanceNode() == null ? "" : e.getInstanceNode().asText();
                message = named != null ? invalidName(value, named) : ValidatorSentences.of(e);
            }
            case "additionalProperties" -> {
                String name = e.getProperty() == null ? "" : e.getProperty();
                pointer = JsonPointers.child(pointer, name);
                message = "unknown property " + MessageText.quote(name) + allowedHere(parentOf(e.getSchemaLocation()));
            }
            case "type" -> {
                Object[] args = e.getArguments();
                message = args != null && args.length >= 2
                        ? "expected " + typeList(String.valueOf(args[1])) + ", found " + args[0]
                        : ValidatorSentences.of(e);
            }
            case "required" -> {
                Object[] args = e.getArguments();
                String missing = args != null && args.length >= 1 ? String.valueOf(args[0]) : e.getProperty();
                message = "missing required property " + MessageText.quote(String.valueOf(missing));
            }
            case "minProperties" -> {
                Object[] args = e.getArguments();
                String min = args != null && args.length >= 1 ? String.valueOf(args[0]) : "1";
                message = "1".equals(min) ? "must not be empty" : "must have at least " + min + " entries";
            }
            default -> message = ValidatorSentences.of(e);
        }
        return new InputProblem(source, pointer, ProblemCodes.MANIFEST_INVALID, message);
    }

    private static String invalidName(String value, JsonNode definition) {
        String title = definition.path("title").asText();
        // A version says too large when it is only that, as every command says it.
        if ("version".equals(title) && Version.isTooLarge(value)) return Version.problem(value).orElseThrow();
        String description = definition.path("description").asText("");
        return MessageText.quote(value) + " is not a valid " + title + (description.isEmpty() ? "" : ": " + description);
    }

    private static String allowedHere(JsonNode objectSchema) {
        if (objectSchema == null || !objectSchema.path("properties").isObject()) return ": this object does not allow it";
        List<String> names = new ArrayList<>();
        objectSchema.path("properties").fieldNames().forEachRemaining(names::add);
        return ": allowed here are " + String.join(", ", names);
    }

    /** {@code [object, boolean]} as {@code object or boolean}. */
    private static String typeList(String expected) {
        String s = expected.trim();
        if (s.startsWith("[") && s.endsWith("]")) s = s.substring(1, s.length() - 1);
        String[] parts = s.split("\\s*,\\s*");
        if (parts.length == 1) return parts[0];
        return String.join(", ", java.util.Arrays.copyOf(parts, parts.length - 1)) + " or " + parts[parts.length - 1];
    }

    /** The schema definition a name is checked against: the node itself if it has a title, else its local $ref. */
    private JsonNode titled(JsonNode node) {
        for (int hops = 0; node != null && hops < 4; hops++) {
            if (node.hasNonNull("title")) return node;
            JsonNode ref = node.get("$ref");
            if (ref == null || !ref.isTextual() || !ref.asText().startsWith("#")) return null;
            node = resolveLocal(ref.asText().substring(1));
        }
        return null;
    }

    private JsonNode schemaNodeAt(SchemaLocation location) {
        if (location == null || !schemaId.equals(String.valueOf(location.getAbsoluteIri()))) return null;
        return resolveLocal(pointer(location.getFragment()));
    }

    private JsonNode parentOf(SchemaLocation location) {
        if (location == null || !schemaId.equals(String.valueOf(location.getAbsoluteIri()))) return null;
        NodePath fragment = location.getFragment();
        if (fragment == null || fragment.getNameCount() == 0) return null;
        return resolveLocal(pointer(fragment.getParent()));
    }

    private JsonNode resolveLocal(String pointer) {
        try {
            JsonNode n = schemaNode.at(JsonPointer.compile(pointer));
            return n.isMissingNode() ? null : n;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A validator path as an RFC 6901 pointer, built from its elements so that every token is escaped. */
    static String pointer(NodePath path) {
        if (path == null) return "";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            sb.append('/').append(element instanceof Integer n ? n.toString() : JsonPointers.escape(String.valueOf(element)));
        }
        return sb.toString();
    }
}
