package dev.wowcompat.testing;

/** Schemas built to hurt, shared by the API and CLI tests. */
public final class HostileSchemas {
    private HostileSchemas() {}

    public static String manifest(String service, String version, String schema) {
        return """
                {"manifest": 1, "service": "%s", "version": "%s", "contexts": {"bank": {"aggregates": {
                  "account": {"commands": {"Deposit": {"schema": %s}}}}}}}""".formatted(service, version, schema);
    }

    /** A command whose property 'next' refers to a definition with a 'next' of its own, levels deep; then a string. */
    public static String deep(int levels, int lastMaxLength) {
        StringBuilder defs = new StringBuilder();
        for (int i = 0; i < levels; i++) {
            defs.append("\"d").append(i).append("\": {\"type\": \"object\", \"properties\": {\"next\": {\"$ref\": \"#/$defs/d")
                    .append(i + 1).append("\"}}}, ");
        }
        defs.append("\"d").append(levels).append("\": {\"type\": \"string\", \"maxLength\": ").append(lastMaxLength).append("}");
        return "{\"$ref\": \"#/$defs/d0\", \"$defs\": {" + defs + "}}";
    }

    /** A schema whose root starts a chain of {@code refs} references, each to the next, ending at an object schema. */
    public static String chain(int refs) {
        StringBuilder defs = new StringBuilder();
        for (int i = 0; i < refs - 1; i++) defs.append("\"d").append(i).append("\": {\"$ref\": \"#/$defs/d").append(i + 1).append("\"}, ");
        defs.append("\"d").append(refs - 1).append("\": {\"type\": \"object\"}");
        return "{\"$ref\": \"#/$defs/d0\", \"$defs\": {" + defs + "}}";
    }
}
