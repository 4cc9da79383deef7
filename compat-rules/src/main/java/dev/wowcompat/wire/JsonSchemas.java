package dev.wowcompat.wire;

import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.SchemaDialect;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import dev.wowcompat.manifest.ValidatorSentences;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Validates documents against JSON Schemas (draft 2020-12 by default; 2019-09, 07, 06 or 04 when {@code $schema} says so,
 * or 07 and 2019-09 when the keywords of a schema without one tell: {@code SchemaDialect.of})
 * with networknt's validator. Remote references are never fetched: the wire schemas' ids map to the classpath,
 * and schemas from Manifests may only have local ones (the Manifest reader refuses the others).
 * Compiled schemas are kept by fingerprint: a fingerprint names immutable content.
 */
public final class JsonSchemas {
    /** The {@code $id} prefix of the files in schemas/wire/. */
    public static final String WIRE_ID_PREFIX = "https://wow-compat.dev/schemas/wire/";
    private static final int MAX_COMPILED = 4096;

    private final SchemaRegistry registry;
    /** Registered schemas by fingerprint. */
    private final Map<String, Schema> compiled = new ConcurrentHashMap<>();
    /** The wire schemas by file name, apart: asked for at every record, and never let go. */
    private final Map<String, Schema> wireSchemas = new ConcurrentHashMap<>();
    /** The quick proof of validity in front of each compiled schema that has one ({@link #violations}). */
    private final Map<Schema, ProvenValid> proofs = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> wireDocuments = new ConcurrentHashMap<>();
    /** Whether the validator fails a string that does not match its format: asked once, of the validator itself. */
    private final boolean formatAsserted;

    public JsonSchemas() {
        this.registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, builder -> builder
                .schemaRegistryConfig(SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build())
                .schemaLoader(loader -> loader
                        .fetchRemoteResources(false)
                        .schemaIdResolvers(ids -> ids.mapPrefix(WIRE_ID_PREFIX, "classpath:wow-compat/schemas/wire/"))));
        ObjectNode probe = JsonNodeFactory.instance.objectNode().put("$schema", SchemaDialect.DRAFT_2020_12.metaSchemaId()).put("format", "date-time");
        this.formatAsserted = !registry.getSchema(probe).validate(JsonNodeFactory.instance.textNode("not a date")).isEmpty();
    }

    /** One of the wire schemas, by file name (e.g. {@code envelope.schema.json}). */
    public Schema wire(String fileName) {
        return wireSchemas.computeIfAbsent(fileName, k -> {
            Schema schema = registry.getSchema(SchemaLocation.of(WIRE_ID_PREFIX + fileName));
            JsonNode document = wireDocument(fileName);
            if (document != null && SchemaDialect.of(document).orElse(null) == SchemaDialect.DRAFT_2020_12) {
                proofs.put(schema, new ProvenValid(document, fileName, this::wireDocument, formatAsserted));
            }
            return schema;
        });
    }

    /** The JSON of a file in schemas/wire/, as the validator loads it, or null when there is none. */
    private JsonNode wireDocument(String fileName) {
        JsonNode document = wireDocuments.computeIfAbsent(fileName, f -> {
            try (InputStream in = JsonSchemas.class.getClassLoader().getResourceAsStream("wow-compat/schemas/wire/" + f)) {
                return in == null ? MissingNode.getInstance() : new ObjectMapper().readTree(in);
            } catch (IOException e) {
                return MissingNode.getInstance();
            }
        });
        return document.isMissingNode() ? null : document;
    }

    /** A registered schema, compiled once per fingerprint. */
    public Schema registered(String fingerprint, Supplier<JsonNode> schema) {
        Schema known = compiled.get(fingerprint);
        if (known != null) return known;
        if (compiled.size() >= MAX_COMPILED) {
            // rare; recompiling is only slower, never wrong
            compiled.clear();
            proofs.keySet().retainAll(wireSchemas.values());
        }
        JsonNode node = schema.get();
        // The validator knows one default dialect; a schema without $schema is validated as the dialect its keywords
        // tell, as it was read on input (a tuple-form items means an older draft, not an invalid 2020-12 schema).
        JsonNode declared = SchemaDialect.declared(node, SchemaDialect.of(node).orElse(SchemaDialect.DRAFT_2020_12));
        Schema fresh = registry.getSchema(declared);
        if (SchemaDialect.of(declared).orElse(null) == SchemaDialect.DRAFT_2020_12) proofs.put(fresh, new ProvenValid(declared, null, null, formatAsserted));
        compiled.put(fingerprint, fresh);
        return fresh;
    }

    /**
     * Every violation, as {@link #validate}; a document the quick proof shows valid is not walked by the validator
     * (the common case of a topic's records; docs/performance.md, "The audit"). The same list either way.
     */
    public List<Violation> violations(Schema schema, JsonNode instance, String pointerPrefix) {
        return violations(schema, instance, () -> pointerPrefix);
    }

    /** The same, with the prefix written only when there is a violation (most documents of a topic have none). */
    public List<Violation> violations(Schema schema, JsonNode instance, Supplier<String> pointerPrefix) {
        if (provenValid(schema, instance)) return List.of();
        return validate(schema, instance, pointerPrefix.get());
    }

    /** Whether the quick proof alone shows the instance valid (the validator not asked). */
    boolean provenValid(Schema schema, JsonNode instance) {
        ProvenValid proof = proofs.get(schema);
        return proof != null && proof.proves(instance);
    }

    /** Every violation, with its pointer prefixed by where {@code instance} sits in the document sent. */
    public static List<Violation> validate(Schema schema, JsonNode instance, String pointerPrefix) {
        List<Violation> out = new ArrayList<>();
        for (Error e : schema.validate(instance)) {
            String pointer = pointerPrefix + pointer(e.getInstanceLocation());
            // "required" reports the object; pointing at the missing member tells the reader where to add it.
            if ("required".equals(e.getKeyword()) && e.getProperty() != null) pointer = JsonPointers.child(pointer, e.getProperty());
            out.add(new Violation(pointer, ValidatorSentences.of(e)));
        }
        // The validator walks a schema's members in the order they are written, and a registered schema is stored
        // canonical (members sorted): ordered by place, the same state gets the same list from a Manifest file and
        // from the registry.
        out.sort(Comparator.comparing(Violation::pointer).thenComparing(Violation::message));
        return out;
    }

    private static String pointer(NodePath path) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            sb.append('/').append(String.valueOf(element).replace("~", "~0").replace("/", "~1"));
        }
        return sb.toString();
    }
}
