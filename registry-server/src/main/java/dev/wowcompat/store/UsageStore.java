package dev.wowcompat.store;

import java.util.List;

/** Who declares, reads and runs a type: the search and usage queries over every release and deployment, read only. */
public interface UsageStore {

    /** Distinct type names containing {@code query} (case-insensitive), at most {@code limit}. */
    List<TypeMatch> searchTypes(String query, int limit);

    /** Every appearance of a type name in every release, ordered by service and version. */
    List<TypeUsage> typeUsages(String name);

    /** Every appearance of a schema fingerprint in every release, ordered by service and version. */
    List<TypeUsage> fingerprintUsages(String fingerprint);

    /** Stored fingerprints that start with {@code prefix} (lowercase hex), in order, at most {@code limit}. */
    List<String> fingerprintsStartingWith(String prefix, int limit);

    /**
     * The releases whose Manifest reads the event, one entry per revision read: the newest release of each service
     * that reads it (without {@code running}), then every running release that reads it (with where it runs). Found
     * from the index of what releases read, so the cost follows the readers, not the number of services.
     */
    List<ReadingRelease> eventReaders(String event);

    /** The deployments running anywhere of releases that declare the type (release_types' kind and name). */
    List<Deployment> runningDeclarers(String name, String kind);

    /**
     * The releases running in the environment that declare one of the aggregates {@code declaringAny}, or read or send
     * a type of one of the aggregates {@code usingAny}, by service name: what a candidate shares types with.
     */
    List<RunningRelease> runningReleasesSharing(String environment, java.util.Collection<String> declaringAny,
                                                java.util.Collection<String> usingAny);
}
