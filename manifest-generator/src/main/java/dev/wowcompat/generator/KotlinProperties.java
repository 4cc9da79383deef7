package dev.wowcompat.generator;

import kotlin.Metadata;
import kotlin.metadata.Attributes;
import kotlin.metadata.KmConstructor;
import kotlin.metadata.KmProperty;
import kotlin.metadata.KmValueParameter;
import kotlin.metadata.jvm.KotlinClassMetadata;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a Kotlin class's {@code @kotlin.Metadata} says of its properties. Kotlin's own {@code @NotNull}/{@code @Nullable}
 * are CLASS retention and invisible to reflection, and which constructor parameters have defaults is nowhere else
 * (jackson-module-kotlin, in Wow's mapper, reads the same facts through kotlin-reflect); kotlin-metadata-jvm decodes
 * them. This class is only touched for classes that carry that annotation, so Java-only services never load
 * Kotlin's classes.
 */
final class KotlinProperties {
    /**
     * @param nullable    property name to "its type is nullable"
     * @param constructor the primary constructor's parameters, by name, to "declares a default value"
     * @param lateinit    the {@code lateinit} properties: they have no value until code gives them one
     */
    record Facts(Map<String, Boolean> nullable, Map<String, Boolean> constructor, Set<String> lateinit) {
        /** Wow's mapper needs the property in a document when the primary constructor takes it without a default. */
        boolean needed(String property) {
            return Boolean.FALSE.equals(constructor.get(property));
        }

        boolean hasConstructorDefault(String property) {
            return Boolean.TRUE.equals(constructor.get(property));
        }
    }

    private KotlinProperties() {
    }

    static boolean isKotlin(Class<?> type) {
        return ByName.has(type, "kotlin.Metadata");
    }

    /** The facts of a Kotlin class, or empty when the metadata is not a class's (or is unreadable). */
    static Optional<Facts> of(Class<?> type) {
        Metadata metadata = type.getAnnotation(Metadata.class);
        if (metadata == null) {
            return Optional.empty();
        }
        try {
            if (KotlinClassMetadata.readLenient(metadata) instanceof KotlinClassMetadata.Class kotlinClass) {
                Map<String, Boolean> nullable = new HashMap<>();
                Set<String> lateinit = new HashSet<>();
                for (KmProperty property : kotlinClass.getKmClass().getProperties()) {
                    nullable.put(property.getName(), Attributes.isNullable(property.getReturnType()));
                    if (Attributes.isLateinit(property)) {
                        lateinit.add(property.getName());
                    }
                }
                Map<String, Boolean> constructor = new HashMap<>();
                for (KmConstructor c : kotlinClass.getKmClass().getConstructors()) {
                    if (!Attributes.isSecondary(c)) {
                        for (KmValueParameter p : c.getValueParameters()) {
                            constructor.put(p.getName(), Attributes.getDeclaresDefaultValue(p));
                        }
                    }
                }
                return Optional.of(new Facts(Map.copyOf(nullable), Map.copyOf(constructor), Set.copyOf(lateinit)));
            }
        } catch (RuntimeException e) {
            // Metadata written by a newer Kotlin than this reader knows: fall back to Java's rules for the class.
            return Optional.empty();
        }
        return Optional.empty();
    }
}
