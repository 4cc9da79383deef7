package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the generator knows about one property (a field with its getter or record component, or a getter of its
 * own): whether Wow's serializer writes it, whether it is required and nullable, its default, and the facts of our
 * annotations.
 *
 * <p>The rule (docs/decisions.md): a property is non-null when it is a primitive, a record component, a Kotlin
 * property of a non-null type, or annotated {@code @NotNull}/{@code @NonNull}/{@code @Nonnull}, unless it is
 * annotated {@code @Nullable}/{@code @CheckForNull} or is an {@code Optional}. A non-null property is required
 * unless it has a default: our {@code @Default}, or, in a Kotlin class, a default of its constructor parameter (a
 * Kotlin property that the primary constructor does not take is never required, as Wow's mapper does not need it).
 * Every other property is optional and may be null. A value only a getter gives (a derived value) is written, never
 * read, so it is never required.
 */
final class PropertyFacts {
    private static final List<String> NULLABLE = List.of("Nullable", "CheckForNull");
    private static final List<String> NON_NULL = List.of("NotNull", "NonNull", "Nonnull");

    private final ObjectMapper mapper;
    private final Map<Class<?>, Written> written = new ConcurrentHashMap<>();
    private final Map<Class<?>, Optional<KotlinProperties.Facts>> kotlin = new ConcurrentHashMap<>();
    private final Map<Class<?>, KotlinDefaults.Defaults> kotlinDefaults = new ConcurrentHashMap<>();
    /**
     * The places of a property, once: victools asks about each property several times (ignored? required?
     * nullable? our four annotations), and each look-up anew would list the record's components and parse the
     * field's type annotations again.
     */
    private final Map<Property, List<AnnotatedElement>> places = new ConcurrentHashMap<>();

    /** Asked twice per property (required? nullable?): decided once. */
    private final Map<Property, Boolean> nonNull = new ConcurrentHashMap<>();

    /** A field (with its getter, if any) or, for a derived value, a getter alone (field null). */
    private record Property(Field field, Method getter) {
        Class<?> owner() {
            return field != null ? field.getDeclaringClass() : getter.getDeclaringClass();
        }

        Class<?> type() {
            return field != null ? field.getType() : getter.getReturnType();
        }
    }

    /** The properties Wow's serializer writes of one class: through their fields, or through a getter alone. */
    private record Written(Set<String> fields, Set<String> derivedGetters) {
    }

    /** @param wowMapper a mapper configured as Wow's serializer (visibility ANY), to ask which properties it writes */
    PropertyFacts(ObjectMapper wowMapper) {
        this.mapper = wowMapper;
    }

    /** True when Wow's serializer writes this field (by its visibility rules and ignores). */
    boolean writtenByJackson(Field field) {
        return written(field.getDeclaringClass()).fields().contains(field.getName());
    }

    /** True when Wow's serializer writes a value through this getter that no field holds (a derived value). */
    boolean derivedValue(Class<?> owner, Method getter) {
        return getter.getParameterCount() == 0 && written(owner).derivedGetters().contains(getter.getName());
    }

    private Written written(Class<?> type) {
        return written.computeIfAbsent(type, this::jacksonProperties);
    }

    private Written jacksonProperties(Class<?> type) {
        // Kotlin names the getter of `val isActive` isActive(); Wow's Kotlin module reads it as that property, which
        // its field already describes, where plain Jackson would see a second property, "active".
        Set<String> kotlinProperties = kotlinFacts(type).map(f -> f.nullable().keySet()).orElse(Set.of());
        Set<String> fields = new HashSet<>();
        // By name: the getter may be declared by an interface (a Kotlin default getter) or bridged in the class.
        Set<String> getters = new HashSet<>();
        for (BeanPropertyDefinition p : mapper.getSerializationConfig().introspect(mapper.constructType(type)).findProperties()) {
            if (!p.couldSerialize()) {
                continue;
            }
            if (p.getField() != null) {
                fields.add(p.getInternalName());
            } else if (p.getGetter() != null) {
                AnnotatedMember getter = p.getGetter();
                if (getter.getMember() instanceof Method m && !kotlinProperties.contains(m.getName())) {
                    getters.add(m.getName());
                }
            }
        }
        return new Written(fields, getters);
    }

    boolean nonNull(Field field, Method getter) {
        Property property = new Property(field, getter);
        return nonNull.computeIfAbsent(property, this::decideNonNull);
    }

    private boolean decideNonNull(Property p) {
        if (p.type().isPrimitive()) {
            return true;
        }
        List<AnnotatedElement> places = places(p);
        if (p.type().getName().startsWith("java.util.Optional") || anyNamed(places, NULLABLE)) {
            return false;
        }
        if (anyNamed(places, NON_NULL) || (p.field() != null && p.owner().isRecord())) {
            return true;
        }
        return kotlinFacts(p.owner()).map(f -> Boolean.FALSE.equals(f.nullable().get(propertyName(p)))).orElse(false);
    }

    private static String propertyName(Property p) {
        if (p.field() != null) {
            return p.field().getName();
        }
        String name = p.getter().getName();
        String bare = name.startsWith("get") ? name.substring(3) : name.startsWith("is") ? name.substring(2) : name;
        return bare.isEmpty() ? name : Character.toLowerCase(bare.charAt(0)) + bare.substring(1);
    }

    private Optional<KotlinProperties.Facts> kotlinFacts(Class<?> owner) {
        if (!KotlinProperties.isKotlin(owner)) {
            return Optional.empty();
        }
        return kotlin.computeIfAbsent(owner, KotlinProperties::of);
    }

    /** Required: non-null and without a default; a Kotlin property only when its constructor needs it. */
    boolean required(Field field, Method getter) {
        if (!nonNull(field, getter) || annotation(field, getter, ByName.DEFAULT).isPresent()) {
            return false;
        }
        Optional<KotlinProperties.Facts> facts = kotlinFacts(field.getDeclaringClass());
        return facts.isEmpty() || facts.get().needed(field.getName());
    }

    boolean nullable(Field field, Method getter) {
        return !nonNull(field, getter);
    }

    /** A derived value: null unless its type or its annotations say otherwise. */
    boolean derivedNullable(Method getter) {
        return !nonNull.computeIfAbsent(new Property(null, getter), this::decideNonNull);
    }

    Optional<Annotation> annotation(Field field, Method getter, String name) {
        for (AnnotatedElement place : places(new Property(field, getter))) {
            Optional<Annotation> a = ByName.find(place, name);
            if (a.isPresent()) {
                return a;
            }
        }
        return Optional.empty();
    }

    /** The {@code default} of a property: the string itself for textual properties, JSON text for the others. */
    JsonNode defaultValue(Field field, Annotation annotation, boolean textual) {
        String owner = field.getDeclaringClass().getName() + "." + field.getName();
        String text = ByName.string(annotation, "value", owner);
        if (textual) {
            return TextNode.valueOf(text);
        }
        try {
            return mapper.readTree(text);
        } catch (Exception e) {
            throw new WrongAnnotationValue(owner + ": @Default(\"" + text + "\") is not a JSON value of the property's type"
                    + " (write numbers, booleans, arrays and objects as JSON).");
        }
    }

    /**
     * The default of a Kotlin property, as Wow's mapper fills it in when a document lacks the property (a
     * constructor parameter's default, or the value the constructor gives a property of the class body): the constant, when the class file shows one; a {@link KotlinDefault#computed()} one when the
     * default is computed at run time; empty when there is none.
     */
    Optional<KotlinDefault> kotlinDefault(Field field) {
        Optional<KotlinProperties.Facts> facts = kotlinFacts(field.getDeclaringClass());
        if (facts.isEmpty() || facts.get().needed(field.getName())) {
            return Optional.empty();
        }
        KotlinDefaults.Default d;
        if (facts.get().hasConstructorDefault(field.getName())) {
            d = kotlinDefaults(field.getDeclaringClass()).parameters().get(field.getName());
        } else {
            // A property of the class body: the value the constructor initialises it with. Kotlin writes no code
            // for an initial 0, false or null: a field the constructor leaves alone holds its type's zero value.
            d = kotlinDefaults(field.getDeclaringClass()).initializers().get(field.getName());
            if (d == null) {
                if (facts.get().lateinit().contains(field.getName()) || field.getType() == char.class) {
                    return Optional.empty();
                }
                d = KotlinDefaults.Default.constant(zero(field.getType()));
            }
        }
        if (d == null || d.computed()) {
            return Optional.of(new KotlinDefault(null));
        }
        return Optional.of(new KotlinDefault(json(d.value())));
    }

    private KotlinDefaults.Defaults kotlinDefaults(Class<?> owner) {
        return kotlinDefaults.computeIfAbsent(owner, KotlinDefaults::read);
    }

    private static Object zero(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == float.class || type == double.class) {
            return 0.0d;
        }
        return type.isPrimitive() ? (Object) 0 : null;
    }

    /** A Kotlin default: its JSON value, or null when it is computed at run time. */
    record KotlinDefault(JsonNode value) {
        boolean computed() {
            return value == null;
        }
    }

    /** A default's value as Jackson writes it (numbers, text, booleans, an empty list or map, null). */
    private JsonNode json(Object value) {
        return value == null ? NullNode.getInstance() : mapper.valueToTree(value);
    }

    private List<AnnotatedElement> places(Property property) {
        return places.computeIfAbsent(property, PropertyFacts::placesOf);
    }

    private static List<AnnotatedElement> placesOf(Property p) {
        List<AnnotatedElement> places = new ArrayList<>();
        Field field = p.field();
        Method getter = p.getter();
        if (field != null) {
            places.add(field);
            places.add(field.getAnnotatedType());
        }
        if (getter != null) {
            places.add(getter);
            places.add(getter.getAnnotatedReturnType());
        }
        if (field != null && field.getDeclaringClass().isRecord()) {
            for (RecordComponent c : field.getDeclaringClass().getRecordComponents()) {
                if (c.getName().equals(field.getName())) {
                    places.add(c);
                    places.add(c.getAccessor());
                }
            }
        }
        return List.copyOf(places);
    }

    private static boolean anyNamed(List<AnnotatedElement> places, List<String> simpleNames) {
        return places.stream().anyMatch(p -> ByName.hasSimpleName(p, simpleNames));
    }
}
