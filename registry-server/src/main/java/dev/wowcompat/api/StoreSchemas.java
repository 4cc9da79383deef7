package dev.wowcompat.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.TypeUsage;
import dev.wowcompat.wire.RegisteredSchemas;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The registered schemas as validation sees them, read from the store. "Newest" is by version within a service. */
final class StoreSchemas implements RegisteredSchemas {
    static final Comparator<TypeUsage> BY_RELEASE = Comparator.comparing(TypeUsage::service)
            .thenComparing(u -> Version.parse(u.version()));

    private final ReleaseStore releaseStore;
    private final UsageStore usageStore;
    private final ObjectMapper mapper;

    StoreSchemas(ReleaseStore releaseStore, UsageStore usageStore, ObjectMapper mapper) {
        this.releaseStore = releaseStore;
        this.usageStore = usageStore;
        this.mapper = mapper;
    }

    @Override
    public Optional<String> eventRevision(String eventType, int revision) {
        return newest(usageStore.typeUsages(eventType).stream()
                .filter(u -> u.type().kind().equals("event") && u.type().revision() == revision).toList());
    }

    @Override
    public Optional<String> command(String commandType) {
        return newest(usageStore.typeUsages(commandType).stream().filter(u -> u.type().kind().equals("command")).toList());
    }

    private static Optional<String> newest(List<TypeUsage> usages) {
        return newestUsage(usages).map(u -> u.type().fingerprint());
    }

    /**
     * The usage in the highest version of its service (a patch of an older major registered late does not
     * count as newest). When several services declare the name, the one registered to most recently wins.
     */
    static Optional<TypeUsage> newestUsage(List<TypeUsage> usages) {
        Optional<String> service = usages.stream().max(Comparator.comparingLong(TypeUsage::registeredAt)).map(TypeUsage::service);
        return service.flatMap(s -> usages.stream().filter(u -> u.service().equals(s))
                .max(Comparator.comparing(u -> Version.parse(u.version()))));
    }

    @Override
    public Optional<JsonNode> schema(String fingerprint) {
        return releaseStore.schema(fingerprint).map(text -> {
            try {
                return mapper.readTree(text);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("stored schema " + fingerprint + " is not JSON", e);
            }
        });
    }

    @Override
    public List<StateUse> stateUses(String fingerprint) {
        return usageStore.fingerprintUsages(fingerprint).stream().filter(u -> u.type().kind().equals("state"))
                .map(u -> new StateUse(u.type().name(), u.service(), u.version(), fingerprint)).toList();
    }

    @Override
    public Optional<StateUse> currentState(String aggregate) {
        return newestUsage(usageStore.typeUsages(aggregate).stream().filter(u -> u.type().kind().equals("state")).toList())
                .map(u -> new StateUse(aggregate, u.service(), u.version(), u.type().fingerprint()));
    }
}
