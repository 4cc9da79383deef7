package dev.wowcompat.drift;

import dev.wowcompat.profile.Field;

/** What the Manifest of a release declares for each field; the audit answers from the registry's schemas. */
@FunctionalInterface
public interface Declarations {
    /** A Manifest that declares nothing: the value-only findings still apply. */
    Declarations NONE = field -> DeclaredMeaning.NONE;

    DeclaredMeaning of(Field field);
}
