package dev.wowcompat.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.SchemaDoc;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A measurement aid, not part of the product: what the heap holds when releases read one after another share
 * every schema by fingerprint ("schemas are stored once per fingerprint", DESIGN §4). {@link HeapProbe} uses it
 * with {@code --share-schemas} to show what such sharing in the engine would save; the product's own figure is
 * the run without it.
 *
 * <p>Each read release is rebuilt with the first {@link SchemaDoc} seen for each fingerprint, and the schema
 * members of its source document are pointed at the same shared nodes, so the release's own copies become
 * garbage. Content is unchanged: equal fingerprints are equal canonical JSON.
 */
final class SharedSchemas {
    private final Map<String, SchemaDoc> byFingerprint = new HashMap<>();

    int size() {
        return byFingerprint.size();
    }

    Manifest share(Manifest m) {
        Map<String, Aggregate> aggregates = new LinkedHashMap<>();
        for (Map.Entry<String, Aggregate> e : m.aggregates().entrySet()) {
            Aggregate a = e.getValue();
            Map<String, Command> commands = new LinkedHashMap<>();
            a.commands().forEach((k, c) -> commands.put(k, new Command(c.typeName(), shared(c.schema()), c.written())));
            Map<String, Event> events = new LinkedHashMap<>();
            a.events().forEach((k, ev) -> {
                TreeMap<Integer, Revision> revisions = new TreeMap<>();
                ev.revisions().forEach((n, r) -> revisions.put(n, new Revision(r.revision(), shared(r.schema()), r.upgradesFrom(), r.written())));
                events.put(k, new Event(ev.typeName(), revisions));
            });
            aggregates.put(e.getKey(), new Aggregate(a.context(), a.name(),
                    a.state().map(s -> new Manifest.State(shared(s.schema()), s.published())), commands, events, a.errors()));
        }
        pointSourceAtSharedSchemas(m);
        return new Manifest(m.format(), m.service(), m.version(), aggregates, m.source());
    }

    private SchemaDoc shared(SchemaDoc doc) {
        return byFingerprint.computeIfAbsent(doc.fingerprint(), k -> doc);
    }

    /** The read document is this probe's own (freshly parsed), so its containers may be re-pointed. */
    private void pointSourceAtSharedSchemas(Manifest m) {
        // The reader's schema docs hold the document's own nodes: node -> fingerprint -> shared node.
        Map<JsonNode, String> fingerprintOf = new IdentityHashMap<>();
        m.types().forEach(t -> {
            if (t.schema() != null) fingerprintOf.put(t.schema().schema(), t.schema().fingerprint());
        });
        for (JsonNode context : m.source().path("contexts")) {
            for (JsonNode aggregate : context.path("aggregates")) {
                if (aggregate.has("state")) repoint(aggregate.get("state"), fingerprintOf);
                aggregate.path("commands").forEach(c -> repoint(c, fingerprintOf));
                for (JsonNode event : aggregate.path("events")) {
                    event.path("revisions").forEach(r -> repoint(r, fingerprintOf));
                }
            }
        }
    }

    private void repoint(JsonNode holder, Map<JsonNode, String> fingerprintOf) {
        String fingerprint = fingerprintOf.get(holder.get("schema"));
        if (holder instanceof ObjectNode o && fingerprint != null) {
            o.set("schema", byFingerprint.get(fingerprint).schema());
        }
    }
}
