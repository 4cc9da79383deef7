package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * What Wow's compiler writes to {@code META-INF/wow-metadata.json}:
 * {@code {"contexts": {name: {"alias", "scopes": [package], "aggregates": {name: {"type": class, "scopes",
 * "tenantId", "id", "commands": [class], "events": [class]}}}}}}. Only the service's own file (in its class
 * directories) is read: the files of its dependencies describe other services.
 */
record WowMetadata(Map<String, Context> contexts) {
    static final String RESOURCE = "META-INF/wow-metadata.json";

    record Context(String name, String alias, List<String> scopes, Map<String, Aggregate> aggregates) {
    }

    record Aggregate(String name, Optional<String> type, List<String> scopes, List<String> commands, List<String> events) {
    }

    static WowMetadata read(List<Path> classDirectories, Problems problems) {
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

    private static void merge(JsonNode document, Map<String, Context> contexts) {
        Iterator<Map.Entry<String, JsonNode>> it = document.path("contexts").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> c = it.next();
            JsonNode node = c.getValue();
            Map<String, Aggregate> aggregates = new TreeMap<>();
            Context previous = contexts.get(c.getKey());
            if (previous != null) {
                aggregates.putAll(previous.aggregates());
            }
            Iterator<Map.Entry<String, JsonNode>> ai = node.path("aggregates").fields();
            while (ai.hasNext()) {
                Map.Entry<String, JsonNode> a = ai.next();
                JsonNode type = a.getValue().get("type");
                aggregates.put(a.getKey(), new Aggregate(a.getKey(),
                        type == null || !type.isTextual() ? Optional.empty() : Optional.of(type.asText()),
                        texts(a.getValue().path("scopes")), texts(a.getValue().path("commands")),
                        texts(a.getValue().path("events"))));
            }
            String alias = node.path("alias").isTextual() && !node.path("alias").asText().isBlank()
                    ? node.path("alias").asText() : c.getKey();
            contexts.put(c.getKey(), new Context(c.getKey(), alias, texts(node.path("scopes")), aggregates));
        }
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
