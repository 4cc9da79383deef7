package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.store.OperationsStore;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.TypeMatch;
import dev.wowcompat.store.TypeUsage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Which types carry a field of a given name ("which events carry {@code customerId}?"): every property of the
 * newest schema of each type (each event revision apart), nested objects and {@code $defs} included. The index is
 * rebuilt when the number of releases changes (releases are immutable, so nothing else can make it stale);
 * fields of a schema are read once per fingerprint.
 */
final class FieldIndex {
    /** One field of one type. */
    record Field(String name, String pointer, String type, String kind, String typeName, int revision,
                 String service, String version) {}

    private final ReleaseStore releaseStore;
    private final UsageStore usageStore;
    private final OperationsStore operationsStore;
    private final ObjectMapper mapper;
    private final Map<String, List<String[]>> fieldsBySchema = new ConcurrentHashMap<>();
    private volatile long indexedReleases = -1;
    private volatile List<Field> fields = List.of();

    FieldIndex(ReleaseStore releaseStore, UsageStore usageStore, OperationsStore operationsStore, ObjectMapper mapper) {
        this.releaseStore = releaseStore;
        this.usageStore = usageStore;
        this.operationsStore = operationsStore;
        this.mapper = mapper;
    }

    /** Fields whose name contains {@code query} (case-insensitive), exact names first; at most {@code limit}. */
    List<Field> search(String query, int limit) {
        String q = query.toLowerCase(Locale.ROOT);
        return current().stream().filter(f -> f.name().toLowerCase(Locale.ROOT).contains(q))
                .sorted(Comparator.comparing((Field f) -> !f.name().equalsIgnoreCase(query))
                        .thenComparing(Field::name).thenComparing(Field::typeName).thenComparingInt(Field::revision))
                .limit(limit).toList();
    }

    private synchronized List<Field> current() {
        long releases = operationsStore.stats().releases();
        if (releases != indexedReleases) {
            fields = build();
            indexedReleases = releases;
        }
        return fields;
    }

    private List<Field> build() {
        List<Field> out = new ArrayList<>();
        for (TypeMatch match : usageStore.searchTypes("", Integer.MAX_VALUE)) {
            Map<String, List<TypeUsage>> byKindAndRevision = usageStore.typeUsages(match.name()).stream()
                    .filter(u -> u.type().fingerprint() != null)
                    .collect(Collectors.groupingBy(u -> u.type().kind() + "@" + u.type().revision()));
            for (List<TypeUsage> usages : byKindAndRevision.values()) {
                TypeUsage newest = StoreSchemas.newestUsage(usages).orElseThrow();
                for (String[] f : fieldsOf(newest.type().fingerprint())) {
                    out.add(new Field(f[0], f[1], f[2], newest.type().kind(), match.name(), newest.type().revision(),
                            newest.service(), newest.version()));
                }
            }
        }
        return List.copyOf(out);
    }

    /** Name, pointer and type of every property in the schema, at any depth. */
    private List<String[]> fieldsOf(String fingerprint) {
        return fieldsBySchema.computeIfAbsent(fingerprint, fp -> {
            List<String[]> found = new ArrayList<>();
            releaseStore.schema(fp).ifPresent(text -> {
                try {
                    walk(mapper.readTree(text), "", found);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw new IllegalStateException("stored schema " + fp + " is not JSON", e);
                }
            });
            return List.copyOf(found);
        });
    }

    private static void walk(JsonNode node, String pointer, List<String[]> found) {
        if (node == null || !node.isContainerNode()) return;
        if (node.isObject() && node.path("properties").isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.path("properties").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> p = it.next();
                String at = pointer + "/properties/" + p.getKey().replace("~", "~0").replace("/", "~1");
                found.add(new String[] {p.getKey(), at, typeOf(p.getValue())});
            }
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> walk(e.getValue(), pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), found));
        } else {
            for (int i = 0; i < node.size(); i++) walk(node.get(i), pointer + "/" + i, found);
        }
    }

    private static String typeOf(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isTextual()) return type.asText();
        if (type.isArray()) {
            List<String> types = new ArrayList<>();
            type.forEach(t -> types.add(t.asText()));
            return String.join(" | ", types);
        }
        if (schema.has("$ref")) return schema.path("$ref").asText();
        return "";
    }
}
