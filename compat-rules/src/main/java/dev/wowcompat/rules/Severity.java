package dev.wowcompat.rules;

import java.util.Locale;

public enum Severity {
    BREAKING, WARNING, INFO;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity fromLabel(String label) {
        return valueOf(label.trim().toUpperCase(Locale.ROOT));
    }
}
