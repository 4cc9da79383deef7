package dev.wowcompat.wire;

import java.util.Arrays;
import java.util.Optional;

/** The structures of the wire-protocol page that carry a format version, each with its schema in schemas/wire/. */
public enum WireStructure {
    ENVELOPE("envelope"),
    STATE_EVENT("state-event"),
    EVENT_STREAM("event-stream"),
    SNAPSHOT("snapshot"),
    COMMAND("command"),
    COMMAND_RECEIPT("command-receipt"),
    COMMAND_RESULT("command-result"),
    WAIT_SIGNAL("wait-signal"),
    CLUSTER_FORWARD("cluster-forward"),
    CLUSTER_REPLY("cluster-reply");

    /** The envelope kinds a reader of format 1 knows. */
    public static final java.util.List<String> ENVELOPE_KINDS = java.util.List.of("state-event", "command", "command-receipt");
    /** The only format version there is so far. */
    public static final int KNOWN_FORMAT = 1;

    private final String label;

    WireStructure(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public String schemaFile() {
        return label + ".schema.json";
    }

    public static Optional<WireStructure> byLabel(String label) {
        return Arrays.stream(values()).filter(s -> s.label.equals(label)).findFirst();
    }
}
