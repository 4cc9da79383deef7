package dev.wowcompat.generator;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
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
import com.github.victools.jsonschema.generator.naming.SchemaDefinitionNamingStrategy;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * JSON Schemas (draft 2020-12) of commands, events and states, by victools' generator with its Jackson module
 * over a mapper configured as Wow's serializer (wow-core's {@code JsonSerializer}: every field and getter visible),
 * so that the schema describes what Wow writes: fields, values only a getter gives, {@code @JsonProperty} renames,
 * ignored properties, enum values. Bean Validation constraints become JSON Schema as victools' Jakarta module (and
 * so Wow's schema module) gives them, and integer widths become bounds. Our annotations become {@code default},
 * {@code x-wow-unit}, {@code x-wow-meaning} and {@code "x-wow-written": false}; a Kotlin default (of a constructor parameter, or a body property's initial value) becomes
 * {@code default}. Object types are {@code $defs} named as wow-schema names them. Keys are sorted and {@code required}
 * arrays too, so the same classes give the same bytes.
 */
final class SchemaFactory {
    static final String UNIT = "x-wow-unit";
    static final String MEANING = "x-wow-meaning";
    static final String WRITTEN = "x-wow-written";

    /** The range of each integer width: a narrower or wider integer is a tighter or looser constraint. */
    private static final Map<Class<?>, long[]> INTEGER_BOUNDS = Map.of(
            byte.class, new long[]{Byte.MIN_VALUE, Byte.MAX_VALUE}, Byte.class, new long[]{Byte.MIN_VALUE, Byte.MAX_VALUE},
            short.class, new long[]{Short.MIN_VALUE, Short.MAX_VALUE}, Short.class, new long[]{Short.MIN_VALUE, Short.MAX_VALUE},
            int.class, new long[]{Integer.MIN_VALUE, Integer.MAX_VALUE}, Integer.class, new long[]{Integer.MIN_VALUE, Integer.MAX_VALUE},
            long.class, new long[]{Long.MIN_VALUE, Long.MAX_VALUE}, Long.class, new long[]{Long.MIN_VALUE, Long.MAX_VALUE});

    private final ObjectMapper mapper;
    private final PropertyFacts facts;
    private final SchemaGenerator generator;
    private final Map<Class<?>, ObjectNode> generated = new HashMap<>();

    SchemaFactory(ObjectMapper mapper, Owners owners) {
        this.mapper = mapper;
        ObjectMapper wow = wowSerializer(mapper);
        this.facts = new PropertyFacts(wow);
        this.generator = generator(wow, new WowDefinitionNames(owners));
    }

    /**
     * Wow's serializer as far as the shape of what it writes goes: every field and getter is visible, whatever its
     * modifier (Wow 8's {@code JsonSerializer}, Jackson 3, sets visibility ANY for every accessor).
     */
    static ObjectMapper wowSerializer(ObjectMapper mapper) {
        ObjectMapper wow = mapper.copy();
        wow.setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.ANY);
        wow.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        return wow;
    }

    /**
     * One generator for the whole run (its configuration, modules and their caches are built once, not once per
     * aggregate); each schema is still generated on its own.
     */
    private SchemaGenerator generator(ObjectMapper wow, SchemaDefinitionNamingStrategy naming) {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(wow, SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
                .with(Option.DEFINITIONS_FOR_ALL_OBJECTS)
                // A getter without a field is a value Wow writes: described, under the property name it implies.
                .with(Option.NONSTATIC_NONVOID_NONGETTER_METHODS, Option.FIELDS_DERIVED_FROM_ARGUMENTFREE_METHODS)
                .without(Option.DEFINITION_FOR_MAIN_SCHEMA)
                .with(new JacksonModule(JacksonOption.RESPECT_JSONPROPERTY_REQUIRED,
                        JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE, JacksonOption.FLATTENED_ENUMS_FROM_JSONPROPERTY));
        config.forTypesInGeneral().withDefinitionNamingStrategy(naming);
        config.forFields()
                .withIgnoreCheck(f -> !f.isFakeContainerItemScope() && !facts.writtenByJackson(f.getRawMember()))
                .withRequiredCheck(f -> facts.required(f.getRawMember(), getter(f)))
                .withNullableCheck(f -> facts.nullable(f.getRawMember(), getter(f)))
                .withInstanceAttributeOverride(this::fieldAttributes);
        config.forMethods()
                .withIgnoreCheck(m -> !m.isFakeContainerItemScope()
                        && !facts.derivedValue(m.getDeclaringType().getErasedType(), m.getRawMember()))
                .withNullableCheck(m -> facts.derivedNullable(m.getRawMember()))
                .withInstanceAttributeOverride(this::derivedValueAttributes);
        // After our checks: the module's own nullable check (@NotNull) must not decide before ours; it adds the
        // constraints, and the patterns of @Pattern, as Wow's schema module configures it.
        config.with(new JakartaValidationModule(JakartaValidationOption.INCLUDE_PATTERN_EXPRESSIONS,
                JakartaValidationOption.PREFER_IDN_EMAIL_FORMAT));
        return new SchemaGenerator(config.build());
    }

    /**
     * The schema of a type, its {@code $defs} named as Wow names them. A type's schema does not depend on the
     * aggregate it appears in (definition names come from the type's own scope), so each is generated once: Wow's
     * default commands and events recur in every aggregate. The node is shared and must not be changed. Not
     * thread-safe (one run, one thread).
     */
    ObjectNode schema(Class<?> type) {
        ObjectNode schema = generated.get(type);
        if (schema == null) {
            schema = (ObjectNode) sorted(generator.generateSchema(type));
            generated.put(type, schema);
        }
        return schema;
    }

    private static Method getter(FieldScope field) {
        MethodScope getter = field.findGetter();
        return getter == null ? null : getter.getRawMember();
    }

    private void fieldAttributes(ObjectNode node, FieldScope field, SchemaGenerationContext context) {
        integerBounds(node, field.getType().getErasedType());
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
        Optional<Annotation> declared = facts.annotation(field.getRawMember(), getter, ByName.DEFAULT);
        if (declared.isPresent()) {
            node.set("default", facts.defaultValue(field.getRawMember(), declared.get(), textual(field)));
        } else {
            facts.kotlinDefault(field.getRawMember()).ifPresent(d -> {
                if (d.computed()) {
                    node.put("$comment", "Optional: its Kotlin default is computed at run time.");
                } else {
                    node.set("default", d.value());
                }
            });
        }
    }

    private void derivedValueAttributes(ObjectNode node, MethodScope method, SchemaGenerationContext context) {
        integerBounds(node, method.getType() == null ? void.class : method.getType().getErasedType());
        if (method.isFakeContainerItemScope()) {
            return;
        }
        String owner = method.getDeclaringType().getErasedType().getName() + "." + method.getName();
        ByName.find(method.getRawMember(), ByName.UNIT).ifPresent(a -> node.set(UNIT, TextNode.valueOf(ByName.string(a, "value", owner))));
        ByName.find(method.getRawMember(), ByName.MEANING).ifPresent(a -> node.set(MEANING, TextNode.valueOf(ByName.string(a, "value", owner))));
    }

    /** An integer's width as bounds, unless a constraint annotation already gave one. */
    private static void integerBounds(ObjectNode node, Class<?> type) {
        long[] bounds = INTEGER_BOUNDS.get(type);
        if (bounds == null) {
            return;
        }
        if (!node.has("minimum") && !node.has("exclusiveMinimum")) {
            node.put("minimum", bounds[0]);
        }
        if (!node.has("maximum") && !node.has("exclusiveMaximum")) {
            node.put("maximum", bounds[1]);
        }
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

    /**
     * {@code $defs} named as wow-schema's {@code WowSchemaNamingStrategy} names them: the prefix of the aggregate or
     * context whose scopes cover the class ({@code example.order.}), then its simple name, with the outer classes of a
     * nested class ({@code CreateOrder.Item}) and a generic type's arguments first ({@code ItemPage}); a non-blank
     * Swagger {@code @Schema(name)} replaces the name. Clashing names get -2, -3 in type-name order.
     */
    private static final class WowDefinitionNames implements SchemaDefinitionNamingStrategy {
        private static final String SWAGGER_SCHEMA = "io.swagger.v3.oas.annotations.media.Schema";

        private final Owners owners;

        WowDefinitionNames(Owners owners) {
            this.owners = owners;
        }

        @Override
        public String getDefinitionNameForKey(DefinitionKey key, SchemaGenerationContext context) {
            List<Class<?>> flat = new ArrayList<>();
            flatten(key.getType(), flat);
            String prefix = flat.stream().map(c -> owners.definitionPrefix(c.getName())).filter(p -> !p.isEmpty())
                    .findFirst().orElse("");
            StringBuilder name = new StringBuilder(prefix);
            flat.forEach(c -> name.append(name(c)));
            return name.toString();
        }

        private static void flatten(ResolvedType type, List<Class<?>> into) {
            if (type.isArray()) {
                flatten(type.getArrayElementType(), into);
                into.add(Object[].class);
                return;
            }
            type.getTypeParameters().forEach(p -> flatten(p, into));
            into.add(type.getErasedType());
        }

        private static String name(Class<?> type) {
            Optional<Annotation> schema = ByName.find(type, SWAGGER_SCHEMA);
            if (schema.isPresent()) {
                String name = ByName.string(schema.get(), "name", type.getName());
                if (!name.isBlank()) {
                    return name;
                }
            }
            if (type.isArray()) {
                return "Array";
            }
            if (!type.isMemberClass()) {
                return type.getSimpleName();
            }
            return name(type.getEnclosingClass()) + "." + type.getSimpleName();
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
