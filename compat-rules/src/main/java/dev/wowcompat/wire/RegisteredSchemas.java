package dev.wowcompat.wire;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** Where validation finds registered schemas: the registry's store, or a Manifest file (CLI). */
public interface RegisteredSchemas {

    /** The fingerprint of {@code eventType@revision} in the newest release that declares it. */
    Optional<String> eventRevision(String eventType, int revision);

    /** The fingerprint of a command's schema in the newest release that declares it. */
    Optional<String> command(String commandType);

    Optional<JsonNode> schema(String fingerprint);

    /** The releases in which this fingerprint is the state schema of an aggregate. */
    List<StateUse> stateUses(String fingerprint);

    /** The aggregate's state schema in the newest release that declares the aggregate's state. */
    Optional<StateUse> currentState(String aggregate);

    /** An aggregate's state schema in one release. */
    record StateUse(String aggregate, String service, String version, String fingerprint) {}
}
