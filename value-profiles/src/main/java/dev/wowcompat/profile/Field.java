package dev.wowcompat.profile;

import java.util.Comparator;
import java.util.Objects;

/**
 * One field of one type: the type's name, its event revision (0 for states and commands, as in the Manifest's
 * flattened types) and the JSON pointer of the value in the payload, with {@code *} for every array index.
 */
public record Field(String type, int revision, String pointer) implements Comparable<Field> {
    private static final Comparator<Field> ORDER = Comparator.comparing(Field::type)
            .thenComparingInt(Field::revision).thenComparing(Field::pointer);

    public Field {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(pointer, "pointer");
        if (revision < 0) throw new IllegalArgumentException("a revision is 0 or more");
    }

    /** As reports write it: {@code Deposited@2/amount}, {@code Account/balance}. */
    public String subject() {
        return (revision > 0 ? type + "@" + revision : type) + pointer;
    }

    @Override
    public int compareTo(Field o) {
        return ORDER.compare(this, o);
    }
}
