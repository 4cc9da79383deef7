package dev.wowcompat.manifest;

/** The kinds of named thing a Manifest declares. */
public enum TypeKind {
    AGGREGATE, STATE, COMMAND, EVENT, ERROR;

    /** The lower-case word used in reports, URLs and JSON. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
