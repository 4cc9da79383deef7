package dev.wowcompat.rules;

import java.util.Arrays;
import java.util.Optional;

/**
 * The vocabulary of compatible changes, the release's changelog beside its findings (in the manner of japicmp's
 * change types): one row per kind, with its stable id and what it means. Ids are part of report format 1: never
 * rename one. A change that is also a finding (an enum value added is a warning, a state view changed is info) is
 * a finding only: a thing is never listed twice.
 */
public enum ChangeKind {
    TYPE_ADDED("type-added", "a command, event or state the previous release did not have (staged or written)"),
    TYPE_NOW_WRITTEN("type-now-written", "a command or event staged in the previous release (\"written\": false) is written now"),
    REVISION_ADDED("revision-added", "a new revision of an existing event, with its upgradesFrom (staged or written)"),
    REVISION_NOW_WRITTEN("revision-now-written", "an event revision staged in the previous release is written now"),
    ERROR_CODE_ADDED("error-code-added", "an error code the previous release did not have"),
    PROPERTY_ADDED("property-added", "an optional property with a default (or nullable), staged or written"),
    PROPERTY_NOW_WRITTEN("property-now-written", "a property staged in the previous release (\"x-wow-written\": false) is written now"),
    PROPERTY_NO_LONGER_WRITTEN("property-no-longer-written", "a property writers stop populating (\"x-wow-written\": false); readers fall back to its default"),
    DEFAULT_ADDED("default-added", "a default given to a property that had none"),
    DEPRECATED("deprecated", "a property or a type is marked \"deprecated\": true"),
    DOCUMENTATION_CHANGED("documentation-changed", "title, description, examples or $comment changed: documentation only");

    private final String id;
    private final String description;

    ChangeKind(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The stable kebab-case id, as written in reports. */
    public String id() {
        return id;
    }

    /** One line saying what the kind means. */
    public String description() {
        return description;
    }

    public static Optional<ChangeKind> byId(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }
}
