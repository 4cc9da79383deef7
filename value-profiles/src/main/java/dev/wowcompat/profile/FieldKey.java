package dev.wowcompat.profile;

import java.util.Comparator;
import java.util.Objects;

/** A field's values written by one release ({@code service@version}, as the audit attributes records). */
public record FieldKey(Field field, String release) implements Comparable<FieldKey> {
    private static final Comparator<FieldKey> ORDER = Comparator.comparing(FieldKey::field).thenComparing(FieldKey::release);

    public FieldKey {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(release, "release");
    }

    @Override
    public int compareTo(FieldKey o) {
        return ORDER.compare(this, o);
    }
}
