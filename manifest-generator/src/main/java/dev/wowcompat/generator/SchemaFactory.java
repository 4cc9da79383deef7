package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.MethodScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.impl.DefinitionKey;
import com.github.victools.jsonschema.generator.naming.DefaultSchemaDefinitionNamingStrategy;
import com.github.victools.jsonschema.generator.naming.SchemaDefinitionNamingStrategy;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON Schemas (draft 2020-12) of commands, events and states, by victools' generator with its Jackson module,
 * so that the schema describes what Jackson writes: {@code @JsonProperty} renames, ignored properties, enum
 * values. Our annotations become {@code default}, {@code x-wow-unit}, {@code x-wow-meaning} and
 * {@code "x-wow-written": false}. Nested object types are {@code $defs} named {@code <alias>.<aggregate>.<Simple>}.
 * Keys are sorted and {@code required} arrays too, so the same classes give the same bytes.
 */
final class SchemaFactory {
    static final String UNIT = "x-wow-unit";
    static final String MEANING = "x-wow-meaning";
    static final String WRITTEN = "x-wow-written";

    private final ObjectMapper mapper;
    private final PropertyFacts facts;
    private final Prefixed naming = new Prefixed();
    private final SchemaGenerator generator;

    SchemaFactory(ObjectMapper mapper) {
        this.mapper = mapper;
        this.facts = new PropertyFacts(mapper);
        this.generator = generator();
    }

    /**
     * One generator for the whole run (its configuration, Jackson module and their caches are built once, not once
     * per aggregate): each schema is still generated on its own, and only the {@code $defs} prefix changes.
     */
    private SchemaGenerator generator() {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(mapper, SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
                .with(Option.DEFINITIONS_FOR_ALL_OBJECTS)
                .without(Option.DEFINITION_FOR_MAIN_SCHEMA)
                .with(new JacksonModule(JacksonOption.RESPECT_JSONPROPERTY_REQUIRED,
                        JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE, JacksonOption.FLATTENED_ENUMS_FROM_JSONPROPERTY));
        config.forTypesInGeneral().withDefinitionNamingStrategy(naming);
        config.forFields()
                .withIgnoreCheck(f -> !f.isFakeContainerItemScope() && !facts.writtenByJackson(f.getRawMember()))
                .withRequiredCheck(f -> facts.required(f.getRawMember(), getter(f)))
                .withNullableCheck(f -> facts.nullable(f.getRawMember(), getter(f)))
                .withInstanceAttributeOverride(this::ourAnnotations);
        // Jackson writes getters through their fields here; a getter-only (derived) property is not described.
        config.forMethods().withIgnoreCheck(m -> true);
        return new SchemaGenerator(config.build());
    }

    /** The schema of a type, its {@code $defs} named {@code <prefix>.<Simple>}. Not thread-safe (one run, one thread). */
    ObjectNode schema(String prefix, Class<?> type) {
        naming.prefix = prefix;
        return (ObjectNode) sorted(generator.generateSchema(type));
    }

    private static Method getter(FieldScope field) {
        MethodScope getter = field.findGetter();
        return getter == null ? null : getter.getRawMember();
    }

    private void ourAnnotations(ObjectNode node, FieldScope field, SchemaGenerationContext context) {
        if (field.isFakeContainerItemScope()) {
            return;
        }
        Method getter = getter(field);
        facts.annotation(field.getRawMember(), getter, ByName.UNIT)
                .ifPresent(a -> node.set(UNIT, TextNode.valueOf(value(a, field))));
        facts.annotation(field.getRawMember(), getter, ByName.MEANING)
                .ifPresent(a -> node.set(MEANING, TextNode.valueOf(value(a, field))));
        if (facts.annotation(field.getRawMember(), getter, ByName.STAGED).isPresent()) {
            node.set(WRITTEN, BooleanNode.FALSE);
        }
        facts.annotation(field.getRawMember(), getter, ByName.DEFAULT)
                .ifPresent(a -> node.set("default", facts.defaultValue(field.getRawMember(), a, textual(field))));
    }

    private static boolean textual(FieldScope field) {
        Class<?> type = field.getType().getErasedType();
        return CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class
                || type.isEnum() || type.getName().equals("java.util.UUID");
    }

    private static String value(Annotation a, FieldScope field) {
        return ByName.string(a, "value", field.getDeclaringType().getErasedType().getName() + "." + field.getName());
    }

    /** A copy with object keys in order and every {@code required} array sorted. */
    JsonNode sorted(JsonNode node) {
        if (node instanceof ObjectNode object) {
            ObjectNode copy = mapper.createObjectNode();
            TreeMap<String, JsonNode> fields = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = object.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                fields.put(e.getKey(), e.getKey().equals("required") && e.getValue().isArray()
                        ? sortedStrings((ArrayNode) e.getValue()) : sorted(e.getValue()));
            }
            fields.forEach(copy::set);
            return copy;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode copy = mapper.createArrayNode();
            array.forEach(item -> copy.add(sorted(item)));
            return copy;
        }
        return node;
    }

    private ArrayNode sortedStrings(ArrayNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        values.sort(Comparator.naturalOrder());
        ArrayNode copy = mapper.createArrayNode();
        values.forEach(copy::add);
        return copy;
    }

    /** {@code $defs} named {@code <alias>.<aggregate>.<Simple>}; clashing names get -2, -3 in type-name order. */
    private static final class Prefixed implements SchemaDefinitionNamingStrategy {
        private static final DefaultSchemaDefinitionNamingStrategy SIMPLE = new DefaultSchemaDefinitionNamingStrategy();

        private String prefix;

        @Override
        public String getDefinitionNameForKey(DefinitionKey key, SchemaGenerationContext context) {
            return prefix + "." + SIMPLE.getDefinitionNameForKey(key, context);
        }

        @Override
        public void adjustDuplicateNames(Map<DefinitionKey, String> names, SchemaGenerationContext context) {
            List<DefinitionKey> keys = new ArrayList<>(names.keySet());
            keys.sort(Comparator.comparing(k -> k.getType().toString()));
            String name = names.get(keys.get(0));
            for (int i = 1; i < keys.size(); i++) {
                names.put(keys.get(i), name + "-" + (i + 1));
            }
        }
    }
}
