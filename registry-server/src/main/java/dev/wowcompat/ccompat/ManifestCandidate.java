package dev.wowcompat.ccompat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Version;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The release a posted schema would make of a registered type (docs/ccompat.md, "Subjects"): the
 * newest release of the service that declares it, its next patch version, with the type's schema of {@code revision}
 * replaced by the posted one. The registration's dry run judges it as {@code check} would.
 */
final class ManifestCandidate {
    private ManifestCandidate() {}

    /** The candidate Manifest, or empty when the type has no schema of that revision in the release. */
    static Optional<byte[]> of(ObjectMapper mapper, String manifestJson, Version newest, String type, int revision, JsonNode schema) {
        ObjectNode root;
        try {
            root = (ObjectNode) mapper.readTree(manifestJson);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a stored Manifest does not parse", e);
        }
        ObjectNode slot = find(root, type, revision);
        if (slot == null) return Optional.empty();
        slot.set("schema", schema);
        root.put("version", new Version(newest.major(), newest.minor(), newest.patch() + 1).toString());
        try {
            return Optional.of(mapper.writeValueAsBytes(root));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a Manifest tree does not serialise", e);
        }
    }

    /** The object holding the type's {@code schema}: an event's revision, a command, or an aggregate's state. */
    private static ObjectNode find(ObjectNode root, String type, int revision) {
        for (Iterator<Map.Entry<String, JsonNode>> contexts = root.path("contexts").fields(); contexts.hasNext(); ) {
            Map.Entry<String, JsonNode> context = contexts.next();
            for (Iterator<Map.Entry<String, JsonNode>> aggregates = context.getValue().path("aggregates").fields(); aggregates.hasNext(); ) {
                Map.Entry<String, JsonNode> aggregate = aggregates.next();
                String prefix = context.getKey() + "." + aggregate.getKey();
                JsonNode a = aggregate.getValue();
                if (type.equals(prefix) && a.path("state").isObject()) return (ObjectNode) a.get("state");
                if (!type.startsWith(prefix + ".")) continue;
                String name = type.substring(prefix.length() + 1);
                JsonNode event = a.path("events").path(name).path("revisions").path(Integer.toString(revision));
                if (event.isObject()) return (ObjectNode) event;
                JsonNode command = a.path("commands").path(name);
                if (command.isObject()) return (ObjectNode) command;
            }
        }
        return null;
    }
}
