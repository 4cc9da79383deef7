package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * What Wow's compiler writes to {@code META-INF/wow-metadata.json}:
 * {@code {"contexts": {name: {"alias", "scopes": [package], "aggregates": {name: {"type": class, "scopes",
 * "tenantId", "id", "commands": [class], "events": [class]}}}}}}. Only the service's own files (in its class
 * directories and modules) are read: the files of its other dependencies describe other services.
 */
record WowMetadata(Map<String, Context> contexts) {
    static final String RESOURCE = "META-INF/wow-metadata.json";

    record Context(String name, String alias, List<String> scopes, Map<String, Aggregate> aggregates) {
    }

    record Aggregate(String name, Optional<String> type, List<String> scopes, List<String> commands, List<String> events) {
    }

    static WowMetadata read(List<Path> classDirectories, GenerationProblems problems) {
        Map<String, Context> contexts = new TreeMap<>();
        ObjectMapper mapper = new ObjectMapper();
        for (Path root : classDirectories) {
            try {
                Optional<byte[]> bytes = resource(root);
                if (bytes.isPresent()) {
                    merge(mapper.readTree(bytes.get()), contexts);
                }
            } catch (IOException | RuntimeException e) {
                problems.problem(root.resolve(RESOURCE) + ": is not readable Wow metadata (" + e.getMessage() + ").");
            }
        }
        return new WowMetadata(contexts);
    }

    /**
     * Every wow-metadata.json the loader sees, merged: what Wow reads at run time ({@code MetadataSearcher}) to tell
     * which aggregate a class of any module belongs to. A file that does not parse is left out, as Wow leaves it.
     */
    static WowMetadata visibleTo(ClassLoader loader) {
        Map<String, Context> contexts = new TreeMap<>();
        ObjectMapper mapper = new ObjectMapper();
        try {
            for (URL url : Collections.list(loader.getResources(RESOURCE))) {
                try (InputStream in = url.openStream()) {
                    merge(mapper.readTree(in), contexts);
                } catch (IOException | RuntimeException e) {
                    // Wow logs such a file and goes on without it.
                }
            }
        } catch (IOException e) {
            // No resource listing: nothing is known from metadata.
        }
        return new WowMetadata(contexts);
    }

    private static Optional<byte[]> resource(Path root) throws IOException {
        if (Files.isDirectory(root)) {
            Path file = root.resolve(RESOURCE);
            return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
        }
        if (Files.isRegularFile(root)) {
            try (JarFile jar = new JarFile(root.toFile())) {
                ZipEntry entry = jar.getEntry(RESOURCE);
                return entry == null ? Optional.empty() : Optional.of(jar.getInputStream(entry).readAllBytes());
            }
        }
        return Optional.empty();
    }

    /**
     * Adds one file's contexts, merged as wow-core's {@code WowMetadata.merge} merges the files of several modules
     * (the api module's gives the alias and scopes, the domain module's the aggregates' types, commands and events):
     * scopes, commands and events add up, the alias and an aggregate's type are the first given.
     */
    private static void merge(JsonNode document, Map<String, Context> contexts) {
        Iterator<Map.Entry<String, JsonNode>> it = document.path("contexts").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> c = it.next();
            JsonNode node = c.getValue();
            Context previous = contexts.get(c.getKey());
            Map<String, Aggregate> aggregates = new TreeMap<>(previous == null ? Map.of() : previous.aggregates());
            Iterator<Map.Entry<String, JsonNode>> ai = node.path("aggregates").fields();
            while (ai.hasNext()) {
                Map.Entry<String, JsonNode> a = ai.next();
                JsonNode type = a.getValue().get("type");
                Aggregate read = new Aggregate(a.getKey(),
                        type == null || !type.isTextual() || type.asText().isBlank() ? Optional.empty() : Optional.of(type.asText()),
                        texts(a.getValue().path("scopes")), texts(a.getValue().path("commands")),
                        texts(a.getValue().path("events")));
                aggregates.merge(a.getKey(), read, WowMetadata::merged);
            }
            boolean aliased = node.path("alias").isTextual() && !node.path("alias").asText().isBlank();
            String alias = previous != null && !previous.alias().equals(c.getKey()) ? previous.alias()
                    : aliased ? node.path("alias").asText() : c.getKey();
            List<String> scopes = union(previous == null ? List.of() : previous.scopes(), texts(node.path("scopes")));
            contexts.put(c.getKey(), new Context(c.getKey(), alias, scopes, aggregates));
        }
    }

    private static Aggregate merged(Aggregate first, Aggregate second) {
        return new Aggregate(first.name(), first.type().or(second::type), union(first.scopes(), second.scopes()),
                union(first.commands(), second.commands()), union(first.events(), second.events()));
    }

    private static List<String> union(List<String> first, List<String> second) {
        Set<String> all = new LinkedHashSet<>(first);
        all.addAll(second);
        return List.copyOf(all);
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> {
            if (v.isTextual()) {
                values.add(v.asText());
            }
        });
        return values;
    }
}
