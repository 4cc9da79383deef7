package dev.wowcompat.generator;

import kotlin.Metadata;
import kotlin.metadata.Attributes;
import kotlin.metadata.KmProperty;
import kotlin.metadata.jvm.KotlinClassMetadata;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Kotlin's nullability of a class's properties. Kotlin's own {@code @NotNull}/{@code @Nullable} are CLASS
 * retention and invisible to reflection, but every Kotlin class carries a runtime {@code @kotlin.Metadata} whose
 * property types say whether they are nullable; kotlin-metadata-jvm decodes it. This class is only touched for
 * classes that carry that annotation, so Java-only services never load Kotlin's classes.
 */
final class KotlinProperties {
    private KotlinProperties() {
    }

    static boolean isKotlin(Class<?> type) {
        return ByName.has(type, "kotlin.Metadata");
    }

    /** Property name to "is nullable", or empty when the metadata is not a class's (or is unreadable). */
    static Optional<Map<String, Boolean>> nullability(Class<?> type) {
        Metadata metadata = type.getAnnotation(Metadata.class);
        if (metadata == null) {
            return Optional.empty();
        }
        try {
            if (KotlinClassMetadata.readLenient(metadata) instanceof KotlinClassMetadata.Class kotlinClass) {
                Map<String, Boolean> nullable = new HashMap<>();
                for (KmProperty property : kotlinClass.getKmClass().getProperties()) {
                    nullable.put(property.getName(), Attributes.isNullable(property.getReturnType()));
                }
                return Optional.of(nullable);
            }
        } catch (RuntimeException e) {
            // Metadata written by a newer Kotlin than this reader knows: fall back to Java's rules for the class.
            return Optional.empty();
        }
        return Optional.empty();
    }
}
