package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.OLD_READERS;
import static dev.wowcompat.rules.Rule.WRITTEN_BEFORE_READ;

import dev.wowcompat.rules.Finding;

/**
 * The detector of {@code written-before-read} (docs/rules.md): something new is written by the candidate while the
 * previous release does not read it yet, so that during a rolling upgrade the previous release's nodes meet what
 * they cannot read. A new property is found here, in the schema's walk; a new event or revision by the check,
 * which knows the Manifests and asks here for the finding.
 */
public final class Staging {
    private Staging() {
    }

    /** A new event, or a new revision of one, written before the previous release reads it. */
    public static Finding writtenBeforeRead(String subject, String message) {
        return Finding.of(WRITTEN_BEFORE_READ, subject, "", OLD_READERS, message);
    }

    /** A new property of an event or a state written before the previous release reads it. */
    static void propertyWrittenBeforeRead(Walker w, String pointer, String message, String fix, Scope s) {
        w.emit(WRITTEN_BEFORE_READ, null, pointer, OLD_READERS, message, fix, s);
    }
}
