package dev.wowcompat.maven;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks that test fixtures carrying a state's {@code schemaFingerprint} (state views, state events, snapshots;
 * wire protocol page) name the current state schema of their aggregate, so a fixture written for an older
 * state schema is noticed when the schema changes instead of silently testing the past.
 *
 * <p>Recognised shapes, by the fields present:
 * <ul>
 *   <li>a Kafka envelope {@code {format, kind: "state-event", type, payload}}: the state event in {@code payload};</li>
 *   <li>a state event {@code {ref, ..., state: {version, schemaFingerprint, state}}};</li>
 *   <li>a snapshot {@code {ref, version, state, schemaFingerprint, ...}};</li>
 *   <li>a state view {@code {version, schemaFingerprint, state}}, optionally with {@code aggregate} as the
 *       registry's {@code /verify/state} takes it; without an aggregate it must be the current state schema of
 *       some aggregate of the Manifest.</li>
 * </ul>
 */
final class StateFixtures {

    /** The verdict on one file. */
    record Result(Path file, boolean current, String message) {}

    private final Manifest manifest;
    /** Fixtures are the project's own files, so plain parsing suffices; duplicate keys would make the stamp ambiguous. */
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
    /** Current state fingerprint by aggregate type name. */
    private final Map<String, String> currentByAggregate = new LinkedHashMap<>();

    StateFixtures(Manifest manifest) {
        this.manifest = manifest;
        for (Manifest.Aggregate a : manifest.aggregates().values()) {
            a.state().ifPresent(s -> currentByAggregate.put(a.typeName(), s.schema().fingerprint()));
        }
    }

    /** Every {@code *.json} file: the given files, and those anywhere under given folders, in path order. */
    static List<Path> expand(List<Path> paths) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    out.addAll(walk.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".json"))
                            .sorted().collect(Collectors.toList()));
                }
            } else {
                out.add(p);
            }
        }
        return out;
    }

    Result verify(Path file, String shown) {
        if (!Files.isRegularFile(file)) {
            return new Result(file, false, shown + ": no such file");
        }
        JsonNode doc;
        try {
            doc = json.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            return new Result(file, false, shown + ": not JSON (" + e.getOriginalMessage() + ", line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            return new Result(file, false, shown + ": cannot be read (" + e.getMessage() + ")");
        }
        if (doc == null || doc.isMissingNode()) {
            return new Result(file, false, shown + ": is empty");
        }
        Optional<Stamp> stamp = stamp(doc);
        if (stamp.isEmpty()) {
            return new Result(file, false, shown + ": has no schemaFingerprint (expected a state view {version, schemaFingerprint, state}, "
                    + "a state event, a state-event envelope or a snapshot)");
        }
        Stamp s = stamp.get();
        if (s.fingerprint() == null) {
            return new Result(file, true, shown + ": a state event published without state; nothing to verify");
        }
        if (s.aggregate() != null) {
            String current = currentByAggregate.get(s.aggregate());
            if (current == null) {
                return new Result(file, false, shown + ": aggregate " + s.aggregate() + " has no state schema in the Manifest of "
                        + manifest.label());
            }
            if (!current.equals(s.fingerprint())) {
                return new Result(file, false, shown + ": schemaFingerprint " + s.fingerprint() + " is stale: the current state schema of "
                        + s.aggregate() + " is " + current);
            }
            return new Result(file, true, shown + ": " + s.aggregate() + " state " + current + " is current");
        }
        for (Map.Entry<String, String> e : currentByAggregate.entrySet()) {
            if (e.getValue().equals(s.fingerprint())) {
                return new Result(file, true, shown + ": " + e.getKey() + " state " + e.getValue() + " is current");
            }
        }
        return new Result(file, false, shown + ": schemaFingerprint " + s.fingerprint()
                + " is stale: it is not the current state schema of any aggregate of " + manifest.label());
    }

    /**
     * The fingerprint a document carries and the aggregate it names, if it names one.
     *
     * @param fingerprint null for a state event whose aggregate publishes without state
     */
    private record Stamp(String aggregate, String fingerprint) {}

    private static Optional<Stamp> stamp(JsonNode doc) {
        if (!doc.isObject()) return Optional.empty();
        if ("state-event".equals(doc.path("kind").asText(null)) && doc.path("payload").isObject()) {
            JsonNode payload = doc.get("payload");
            String aggregate = doc.path("type").isTextual() ? doc.get("type").asText() : aggregateOf(payload);
            return stateEvent(payload, aggregate);
        }
        if (doc.has("ref") && doc.has("state") && !doc.has("schemaFingerprint")) {
            return stateEvent(doc, aggregateOf(doc));
        }
        JsonNode fp = doc.get("schemaFingerprint");
        if (fp != null && fp.isTextual()) {
            String aggregate = doc.path("aggregate").isTextual() ? doc.get("aggregate").asText() : aggregateOf(doc);
            return Optional.of(new Stamp(aggregate, fp.asText()));
        }
        return Optional.empty();
    }

    private static Optional<Stamp> stateEvent(JsonNode event, String aggregate) {
        JsonNode state = event.get("state");
        if (state == null || state.isNull()) return Optional.of(new Stamp(aggregate, null));
        JsonNode fp = state.get("schemaFingerprint");
        return fp != null && fp.isTextual() ? Optional.of(new Stamp(aggregate, fp.asText())) : Optional.empty();
    }

    /** {@code context.name} from an aggregate reference {@code {type: {context, name}, tenantId, id}}, else null. */
    private static String aggregateOf(JsonNode doc) {
        JsonNode type = doc.path("ref").path("type");
        if (type.path("context").isTextual() && type.path("name").isTextual()) {
            return type.get("context").asText() + "." + type.get("name").asText();
        }
        return null;
    }
}
