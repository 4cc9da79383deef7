package dev.wowcompat.rules;

import java.util.Comparator;
import java.util.Objects;

/**
 * One compatible change of a release: an entry of its changelog, found by the same walk as the findings.
 *
 * @param subject the type name, with {@code @revision} for event revisions, or an error code
 * @param pointer JSON pointer into the subject's schema, or "" for the whole type
 * @param message what changed, in one line
 */
public record Change(ChangeKind kind, String subject, String pointer, String message) {

    /** The order of every changelog: by subject, then place in the schema, then kind. */
    public static final Comparator<Change> ORDER = Comparator.comparing(Change::subject)
            .thenComparing(Change::pointer)
            .thenComparing(c -> c.kind().id())
            .thenComparing(Change::message);

    public Change {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }
}
