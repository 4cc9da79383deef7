package dev.wowcompat.wire;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.SchemaDoc;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Registered schemas taken from one Manifest file instead of a registry (for {@code verify-state --manifest}). */
public final class ManifestSchemas implements RegisteredSchemas {
    private final Manifest manifest;
    private final Map<String, JsonNode> byFingerprint = new HashMap<>();

    public ManifestSchemas(Manifest manifest) {
        this.manifest = manifest;
        manifest.types().forEach(t -> {
            if (t.schema() != null) byFingerprint.put(t.schema().fingerprint(), t.schema().schema());
        });
    }

    @Override
    public Optional<String> eventRevision(String eventType, int revision) {
        return manifest.aggregates().values().stream()
                .map(a -> a.events().get(eventType)).filter(java.util.Objects::nonNull)
                .map(e -> e.revisions().get(revision)).filter(java.util.Objects::nonNull)
                .map(r -> r.schema().fingerprint()).findFirst();
    }

    @Override
    public Optional<String> command(String commandType) {
        return manifest.aggregates().values().stream()
                .map(a -> a.commands().get(commandType)).filter(java.util.Objects::nonNull)
                .map(c -> c.schema().fingerprint()).findFirst();
    }

    @Override
    public Optional<JsonNode> schema(String fingerprint) {
        return Optional.ofNullable(byFingerprint.get(fingerprint));
    }

    @Override
    public List<StateUse> stateUses(String fingerprint) {
        return manifest.aggregates().values().stream()
                .filter(a -> a.state().map(s -> s.schema().fingerprint().equals(fingerprint)).orElse(false))
                .map(a -> new StateUse(a.typeName(), manifest.service(), manifest.version().toString(), fingerprint))
                .toList();
    }

    @Override
    public Optional<StateUse> currentState(String aggregate) {
        return manifest.aggregate(aggregate).flatMap(Manifest.Aggregate::state).map(Manifest.State::schema).map(SchemaDoc::fingerprint)
                .map(fp -> new StateUse(aggregate, manifest.service(), manifest.version().toString(), fp));
    }
}
