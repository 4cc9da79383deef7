package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.store.Deployment;
import dev.wowcompat.store.ReadingRelease;
import dev.wowcompat.store.DeploymentStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.TypeUsage;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code GET /events/{name}/readers}: who writes an event and who reads it, and what runs in each environment.
 * Writers come from the store's type table; readers from its index of what releases read (their Manifests'
 * {@code consumes}), and only of the releases that matter: each service's newest and each running one
 * (docs/decisions.md, "The registry's page"). No Manifest is read: the answer costs the event's writers and readers,
 * not the number of services.
 */
final class EventReaderEndpoints {
    private final UsageStore usageStore;
    private final DeploymentStore deploymentStore;
    private final JsonResponses json;

    EventReaderEndpoints(UsageStore usageStore, DeploymentStore deploymentStore, JsonResponses json) {
        this.usageStore = usageStore;
        this.deploymentStore = deploymentStore;
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
        ArrayNode producerList = json.array();
        producers(producerList, producers);

        // Only the releases that declare or read the event are read, from the store's indexes; every environment is
        // listed, those where none of them runs with empty lists. By environment, then by service.
        Map<String, Map<String, Deployment>> writing = new TreeMap<>();
        Map<String, Map<String, Reading>> reading = new TreeMap<>();
        for (String environment : deploymentStore.environmentNames()) {
            writing.put(environment, new TreeMap<>());
            reading.put(environment, new TreeMap<>());
        }
        for (Deployment d : usageStore.runningDeclarers(name, "event")) {
            writing.computeIfAbsent(d.environment(), e -> new TreeMap<>()).put(d.service(), d);
        }
        Map<String, Reading> newest = new TreeMap<>();
        for (ReadingRelease r : usageStore.eventReaders(name)) {
            Map<String, Reading> readers = r.running() == null ? newest
                    : reading.computeIfAbsent(r.running().environment(), e -> new TreeMap<>());
            readers.computeIfAbsent(r.service(), s -> new Reading(r, new TreeSet<>())).revisions().add(r.revision());
        }
        TreeMap<String, ObjectNode> consumers = new TreeMap<>();
        newest.forEach((service, r) -> revisions(consumer(consumers, service).putObject("newest").put("version", r.release().version()),
                r.revisions()));
        ArrayNode environments = json.array();
        writing.forEach((environment, declaring) -> {
            ObjectNode env = environments.addObject().put("name", environment);
            ArrayNode writers = env.putArray("producers");
            ArrayNode readers = env.putArray("consumers");
            Integer current = null;
            for (Deployment d : declaring.values()) {
                Declaring declared = producers.getOrDefault(d.service(), Map.of()).get(d.version());
                if (declared == null) continue;
                putNullable(writers.addObject().put("service", d.service()).put("version", d.version())
                        .put("deployedAt", d.deployedAt()), "writes", declared.writes());
                if (declared.writes() != null && (current == null || declared.writes() > current)) current = declared.writes();
            }
            reading.getOrDefault(environment, Map.of()).forEach((service, r) -> {
                revisions(readers.addObject().put("service", service).put("version", r.release().version())
                        .put("deployedAt", r.release().running().deployedAt()), r.revisions());
                revisions(consumer(consumers, service).withArray("running").addObject()
                        .put("environment", environment).put("version", r.release().version()), r.revisions());
            });
            putNullable(env, "current", current);
            // Each service runs once in an environment, but the services grow with the history.
            firstOf(env, "producers", "moreProducers");
            firstOf(env, "consumers", "moreConsumers");
        });
        // Three lists that grow with the services and environments: each within a third of LIST_BYTES and ENTRIES.
        List<JsonNode> everyProducer = new ArrayList<>();
        producerList.forEach(everyProducer::add);
        Listed.bytes(everyProducer, p -> p, Listed.ENTRIES, Listed.LIST_BYTES / 3, out.putArray("producers"), out, "moreProducers");
        Listed.bytes(new ArrayList<>(consumers.values()), c -> {
            // A consumer runs in each environment at most once, but the environments grow with the history.
            firstOf(c, "running", "moreRunning");
            return c;
        }, Listed.ENTRIES, Listed.LIST_BYTES / 3, out.putArray("consumers"), out, "moreConsumers");
        List<JsonNode> everyEnvironment = new ArrayList<>();
        environments.forEach(everyEnvironment::add);
        Listed.bytes(everyEnvironment, e -> e, Listed.ENTRIES, Listed.LIST_BYTES / 3, out.putArray("environments"), out, "moreEnvironments");
        json.send(ctx, 200, out);
    }

    /** A release that reads the event, with every revision it reads. */
    private record Reading(ReadingRelease release, SortedSet<Integer> revisions) {}

    /** By service, then by version (ascending): every release that declares the event. 404 when none does. */
    private Map<String, Map<String, Declaring>> producers(String name) {
        List<TypeUsage> usages = usageStore.typeUsages(name).stream().filter(u -> u.type().kind().equals("event")).toList();
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

    /** Keeps the first {@link Listed#ENTRIES} of the array {@code list} of {@code o}; {@code moreField} counts the rest. */
    private static void firstOf(ObjectNode o, String list, String moreField) {
        ArrayNode all = (ArrayNode) o.get(list);
        if (all.size() <= Listed.ENTRIES) return;
        List<JsonNode> every = new ArrayList<>();
        all.forEach(every::add);
        ArrayNode first = o.putArray(list);
        Listed.first(every, Listed.ENTRIES, o, moreField).forEach(first::add);
    }

    private static void putNullable(ObjectNode o, String field, Integer value) {
        if (value == null) o.putNull(field);
        else o.put(field, value);
    }
}
