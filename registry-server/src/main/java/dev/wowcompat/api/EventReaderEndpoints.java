package dev.wowcompat.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.store.EnvironmentSummary;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.store.RunningRelease;
import dev.wowcompat.store.ServiceSummary;
import dev.wowcompat.store.StoredRelease;
import dev.wowcompat.store.TypeUsage;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code GET /events/{name}/readers}: who writes an event and who reads it, and what runs in each environment.
 * Writers come from the store's type table; readers from the {@code consumes} of stored Manifests, parsed through
 * the registration's cache of immutable releases, and only of the releases that matter: each service's newest and
 * each running one (docs/decisions.md, "The registry's page").
 */
final class EventReaderEndpoints {
    private final RegistryStore store;
    private final Registration registration;
    private final JsonResponses json;

    EventReaderEndpoints(RegistryStore store, Registration registration, JsonResponses json) {
        this.store = store;
        this.registration = registration;
        this.json = json;
    }

    /** A release that declares the event: the revisions it declares and those it writes. */
    private record Declaring(String service, String version, SortedSet<Integer> revisions, SortedSet<Integer> written) {
        Integer writes() {
            return written.isEmpty() ? null : written.last();
        }
    }

    void readers(Context ctx) {
        String name = ctx.pathParam("name");
        Map<String, Map<String, Declaring>> producers = producers(name);
        ObjectNode out = json.object().put("name", name);
        producers(out.putArray("producers"), producers);

        // Every environment is read once: its running releases serve both the consumers and the environments.
        Map<String, List<RunningRelease>> running = new TreeMap<>();
        for (EnvironmentSummary e : store.environments()) running.put(e.name(), store.runningReleases(e.name()));

        TreeMap<String, ObjectNode> consumers = new TreeMap<>();
        for (ServiceSummary s : store.services()) {
            if (s.latestVersion() == null) continue; // a service row without a release: nothing to read
            Optional<StoredRelease> newest = store.release(s.name(), s.latestVersion());
            SortedSet<Integer> read = newest.map(r -> reads(r, name)).orElse(null);
            if (read != null) revisions(consumer(consumers, s.name()).putObject("newest").put("version", s.latestVersion()), read);
        }
        ArrayNode environments = json.array();
        running.forEach((environment, releases) -> {
            ObjectNode env = environments.addObject().put("name", environment);
            ArrayNode writers = env.putArray("producers");
            ArrayNode readers = env.putArray("consumers");
            Integer current = null;
            for (RunningRelease r : releases) {
                String service = r.deployment().service();
                String version = r.deployment().version();
                Declaring declaring = producers.getOrDefault(service, Map.of()).get(version);
                if (declaring != null) {
                    putNullable(writers.addObject().put("service", service).put("version", version)
                            .put("deployedAt", r.deployment().deployedAt()), "writes", declaring.writes());
                    if (declaring.writes() != null && (current == null || declaring.writes() > current)) current = declaring.writes();
                }
                SortedSet<Integer> read = reads(r.release(), name);
                if (read != null) {
                    revisions(readers.addObject().put("service", service).put("version", version)
                            .put("deployedAt", r.deployment().deployedAt()), read);
                    revisions(consumer(consumers, service).withArray("running").addObject()
                            .put("environment", environment).put("version", version), read);
                }
            }
            putNullable(env, "current", current);
        });
        ArrayNode consumerList = out.putArray("consumers");
        consumers.values().forEach(consumerList::add);
        out.set("environments", environments);
        json.send(ctx, 200, out);
    }

    /** By service, then by version (ascending): every release that declares the event. 404 when none does. */
    private Map<String, Map<String, Declaring>> producers(String name) {
        List<TypeUsage> usages = store.typeUsages(name).stream().filter(u -> u.type().kind().equals("event")).toList();
        if (usages.isEmpty()) throw new ApiException(ProblemCode.EVENT_NOT_FOUND, "No release declares an event named '" + name + "'.");
        Map<String, Map<String, Declaring>> out = new TreeMap<>();
        for (TypeUsage u : usages) {
            Declaring d = out.computeIfAbsent(u.service(), s -> new TreeMap<>(Comparator.comparing(Version::parse)))
                    .computeIfAbsent(u.version(), v -> new Declaring(u.service(), v, new TreeSet<>(), new TreeSet<>()));
            d.revisions().add(u.type().revision());
            if (u.type().written()) d.written().add(u.type().revision());
        }
        return out;
    }

    /**
     * Each producer with its releases in spans: consecutive releases that declare and write the same revisions are
     * one entry, so the answer grows with the changes of the event, not with the number of releases.
     */
    private void producers(ArrayNode out, Map<String, Map<String, Declaring>> producers) {
        producers.forEach((service, releases) -> {
            ObjectNode p = out.addObject().put("service", service).put("releases", releases.size());
            ArrayNode spans = p.putArray("spans");
            ObjectNode span = null;
            Declaring previous = null;
            for (Declaring d : releases.values()) {
                if (previous == null || !previous.revisions().equals(d.revisions()) || !previous.written().equals(d.written())) {
                    span = spans.addObject().put("firstVersion", d.version());
                    span.put("releases", 0);
                    ArrayNode revisions = span.putArray("revisions");
                    d.revisions().forEach(revisions::add);
                    ArrayNode written = span.putArray("written");
                    d.written().forEach(written::add);
                    putNullable(span, "writes", d.writes());
                }
                Objects.requireNonNull(span).put("lastVersion", d.version()).put("releases", span.get("releases").asInt() + 1);
                previous = d;
            }
        });
    }

    /** The revisions of the event the release's Manifest says it reads; null when it reads none. */
    private SortedSet<Integer> reads(StoredRelease release, String name) {
        Manifest m = registration.stored(release);
        return m.consumes().events().get(name);
    }

    private ObjectNode consumer(TreeMap<String, ObjectNode> consumers, String service) {
        return consumers.computeIfAbsent(service, s -> {
            ObjectNode c = json.object().put("service", s);
            c.putNull("newest");
            c.putArray("running");
            return c;
        });
    }

    private static void revisions(ObjectNode o, SortedSet<Integer> read) {
        ArrayNode a = o.putArray("revisions");
        new ArrayList<>(read).forEach(a::add);
    }

    private static void putNullable(ObjectNode o, String field, Integer value) {
        if (value == null) o.putNull(field);
        else o.put(field, value);
    }
}
