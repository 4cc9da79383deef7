package me.ahoo.wow.configuration;

import com.fasterxml.jackson.databind.JsonNode;
import me.ahoo.wow.api.modeling.MaterializedNamedAggregate;
import me.ahoo.wow.api.modeling.NamedAggregate;
import me.ahoo.wow.serialization.JsonSerializerKt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stand-in for Wow's search of the classpath's {@code META-INF/wow-metadata.json} files, merged: each aggregate's
 * class ({@code type}) and the event classes it lists ({@code events}).
 */
public final class MetadataSearcher {
    public static final MetadataSearcher INSTANCE = new MetadataSearcher();

    private final Map<NamedAggregate, String> aggregateTypes = new LinkedHashMap<>();
    private final Map<List<String>, List<String>> eventTypeNames = new LinkedHashMap<>();

    private MetadataSearcher() {
        try {
            Enumeration<URL> files = Thread.currentThread().getContextClassLoader()
                    .getResources("META-INF/wow-metadata.json");
            while (files.hasMoreElements()) {
                try (InputStream in = files.nextElement().openStream()) {
                    read(JsonSerializerKt.getJsonSerializer().readTree(in));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read(JsonNode metadata) {
        for (Iterator<Map.Entry<String, JsonNode>> contexts = metadata.path("contexts").fields(); contexts.hasNext(); ) {
            Map.Entry<String, JsonNode> context = contexts.next();
            for (Iterator<Map.Entry<String, JsonNode>> aggregates = context.getValue().path("aggregates").fields();
                 aggregates.hasNext(); ) {
                Map.Entry<String, JsonNode> aggregate = aggregates.next();
                NamedAggregate name = new MaterializedNamedAggregate(context.getKey(), aggregate.getKey());
                if (aggregate.getValue().hasNonNull("type")) {
                    aggregateTypes.put(name, aggregate.getValue().get("type").asText());
                }
                List<String> events = eventTypeNames.computeIfAbsent(List.of(context.getKey(), aggregate.getKey()),
                        k -> new ArrayList<>());
                aggregate.getValue().path("events").forEach(e -> events.add(e.asText()));
            }
        }
    }

    /** Event class names by (context, aggregate). */
    public Map<List<String>, List<String>> eventTypeNames() {
        return eventTypeNames;
    }

    String aggregateTypeName(NamedAggregate namedAggregate) {
        return aggregateTypes.get(new MaterializedNamedAggregate(namedAggregate.getContextName(),
                namedAggregate.getAggregateName()));
    }
}
