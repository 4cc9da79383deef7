package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.TypeEntry;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registered releases of the aggregates the records name, each aggregate asked for once and kept for the pass
 * (a topic holds few aggregate types and very many records). Confined to the judging thread; several catalogs may
 * share one {@link Releases}, whose lookups while judging are made one at a time.
 */
public final class Catalog {
    /** One release declaring the aggregate, with the aggregate as that release declares it. */
    public record Declared(Manifest release, Manifest.Aggregate aggregate) {
        public String label() {
            return release.label();
        }
    }

    private final Releases releases;
    private final Map<String, List<Declared>> byAggregate = new HashMap<>();
    private final Map<String, JsonNode> schemas = new HashMap<>();

    public Catalog(Releases releases) {
        this.releases = releases;
    }

    /** The aggregate type of any type name: its first two dotted parts (names of contexts and aggregates have no dot). */
    public static String aggregateOf(String typeName) {
        int first = typeName.indexOf('.');
        if (first < 0) return typeName;
        int second = typeName.indexOf('.', first + 1);
        return second < 0 ? typeName : typeName.substring(0, second);
    }

    /** The releases declaring the aggregate type, oldest version first; empty when none does. */
    public List<Declared> aggregate(String aggregateType) throws AuditException {
        List<Declared> known = byAggregate.get(aggregateType);
        if (known != null) return known;
        List<Manifest> declaring;
        // The watch's lanes each keep a catalog over the same releases, and may look up at the same moment.
        synchronized (releases) {
            declaring = releases.declaring(aggregateType);
        }
        List<Declared> found = declaring.stream()
                .sorted(Comparator.comparing(Manifest::version))
                .map(m -> new Declared(m, m.aggregates().get(aggregateType))).toList();
        for (Declared d : found) {
            for (TypeEntry t : d.release().types()) {
                if (t.schema() != null) schemas.putIfAbsent(t.schema().fingerprint(), t.schema().schema());
            }
        }
        byAggregate.put(aggregateType, found);
        return found;
    }

    /** A schema of a release read so far, by fingerprint. */
    public Optional<JsonNode> schema(String fingerprint) {
        return Optional.ofNullable(schemas.get(fingerprint));
    }

    /** The newest release of {@code service} at {@code version} among those declaring the aggregate. */
    public Optional<Declared> release(String aggregateType, String service, String version) throws AuditException {
        return aggregate(aggregateType).stream()
                .filter(d -> d.release().service().equals(service) && d.release().version().toString().equals(version)).findFirst();
    }

    /**
     * Whether the release a payload is attributed to declares its type (an event at its revision): only then is it
     * a carried type of the wire (docs/decisions.md, "What a window may claim"); a payload of a type or revision its
     * release does not declare is the audit's finding (event-revision-unregistered, written-not-declared), never a
     * claim that another release must read it.
     */
    boolean declares(PayloadObserver.Observed o) {
        String release = o.release();
        int at = release == null ? -1 : release.lastIndexOf('@');
        if (at <= 0 || release.endsWith("@(none)")) return false;
        String aggregate = o.kind().equals("state") ? o.type() : aggregateOf(o.type());
        Optional<Declared> d;
        try {
            d = release(aggregate, release.substring(0, at), release.substring(at + 1));
        } catch (AuditException e) {
            return false; // judging the record read the aggregate already; a registry gone since carries nothing
        }
        if (d.isEmpty() || d.get().aggregate() == null) return false;
        Manifest.Aggregate a = d.get().aggregate();
        String name = o.type().substring(o.type().lastIndexOf('.') + 1);
        return switch (o.kind()) {
            case "event" -> a.events().containsKey(name) && a.events().get(name).revisions().containsKey(o.revision());
            case "command" -> a.commands().containsKey(name);
            case "state" -> a.state().isPresent();
            default -> false;
        };
    }

    /** Forgets the aggregates read so far (and has the releases forget theirs): the next record reads the registry again. */
    void forget() {
        byAggregate.clear();
        schemas.clear();
        releases.forget();
    }

    public Releases releases() {
        return releases;
    }
}
