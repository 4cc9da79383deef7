package dev.wowcompat.rules;

import java.util.Objects;

/**
 * Where a finding is written in a file the user edits: the candidate's Manifest (or schema) file, and the line and
 * column where the keyword the finding's pointer names starts (for a key of an object, the key itself).
 *
 * @param file the file as the caller named it (relative or absolute)
 * @param line 1-based
 * @param column 1-based, in UTF-16 code units as editors, GitHub and SARIF count them
 */
public record Location(String file, int line, int column) {
    public Location {
        Objects.requireNonNull(file, "file");
        if (line < 1 || column < 1) throw new IllegalArgumentException("line and column start at 1: " + line + ":" + column);
    }
}
