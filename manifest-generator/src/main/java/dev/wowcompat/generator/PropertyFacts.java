package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
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
 * What the generator knows about one property (a field, with its getter or record component): whether Jackson
 * writes it, whether it is required and nullable, and the facts of our annotations.
 *
 * <p>The rule (docs/decisions.md): a property is non-null when it is a primitive, a record component, a Kotlin
 * property of a non-null type, or annotated {@code @NotNull}/{@code @NonNull}/{@code @Nonnull}, unless it is
 * annotated {@code @Nullable}/{@code @CheckForNull} or is an {@code Optional}. A non-null property is required,
 * unless it has a {@code @Default}; every other property is optional and may be null.
 */
final class PropertyFacts {
    private static final List<String> NULLABLE = List.of("Nullable", "CheckForNull");
    private static final List<String> NON_NULL = List.of("NotNull", "NonNull", "Nonnull");

    private final ObjectMapper mapper;
    private final Map<Class<?>, Set<String>> written = new ConcurrentHashMap<>();
    private final Map<Class<?>, Optional<Map<String, Boolean>>> kotlin = new ConcurrentHashMap<>();
    /**
     * The places of a property, once: victools asks about each property several times (ignored? required?
     * nullable? our four annotations), and each look-up anew would list the record's components and parse the
     * field's type annotations again.
     */
    private final Map<Property, List<AnnotatedElement>> places = new ConcurrentHashMap<>();

    /** Asked twice per property (required? nullable?): decided once. */
    private final Map<Property, Boolean> nonNull = new ConcurrentHashMap<>();

    private record Property(Field field, Method getter) {
    }

    PropertyFacts(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** True when Jackson's serializer writes this field (by its own visibility rules and ignores). */
    boolean writtenByJackson(Field field) {
        return written.computeIfAbsent(field.getDeclaringClass(), this::jacksonProperties).contains(field.getName());
    }

    private Set<String> jacksonProperties(Class<?> type) {
        Set<String> names = new HashSet<>();
        for (BeanPropertyDefinition p : mapper.getSerializationConfig().introspect(mapper.constructType(type)).findProperties()) {
            if (p.couldSerialize()) {
                names.add(p.getInternalName());
            }
        }
        return names;
    }

    boolean nonNull(Field field, Method getter) {
        return nonNull.computeIfAbsent(new Property(field, getter), p -> decideNonNull(p.field(), p.getter()));
    }

    private boolean decideNonNull(Field field, Method getter) {
        if (field.getType().isPrimitive()) {
            return true;
        }
        List<AnnotatedElement> places = places(field, getter);
        if (field.getType().getName().startsWith("java.util.Optional") || anyNamed(places, NULLABLE)) {
            return false;
        }
        if (anyNamed(places, NON_NULL) || field.getDeclaringClass().isRecord()) {
            return true;
        }
        Class<?> owner = field.getDeclaringClass();
        if (KotlinProperties.isKotlin(owner)) {
            Optional<Map<String, Boolean>> nullable = kotlin.computeIfAbsent(owner, KotlinProperties::nullability);
            return nullable.map(n -> Boolean.FALSE.equals(n.get(field.getName()))).orElse(false);
        }
        return false;
    }

    boolean required(Field field, Method getter) {
        return nonNull(field, getter) && annotation(field, getter, ByName.DEFAULT).isEmpty();
    }

    boolean nullable(Field field, Method getter) {
        return !nonNull(field, getter);
    }

    Optional<Annotation> annotation(Field field, Method getter, String name) {
        for (AnnotatedElement place : places(field, getter)) {
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

    private List<AnnotatedElement> places(Field field, Method getter) {
        return places.computeIfAbsent(new Property(field, getter), p -> placesOf(p.field(), p.getter()));
    }

    private static List<AnnotatedElement> placesOf(Field field, Method getter) {
        List<AnnotatedElement> places = new ArrayList<>();
        places.add(field);
        places.add(field.getAnnotatedType());
        if (getter != null) {
            places.add(getter);
            places.add(getter.getAnnotatedReturnType());
        }
        if (field.getDeclaringClass().isRecord()) {
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
