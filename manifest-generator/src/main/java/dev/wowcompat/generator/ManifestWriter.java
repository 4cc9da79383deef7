package dev.wowcompat.generator;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Writes the Manifest (format 1): keys in a fixed order (maps sorted by name, revisions by number), schemas from
 * the {@link SchemaFactory}, revision numbers from {@link Revisions}; two spaces, '\n', a final newline.
 */
final class ManifestWriter {
    private final ObjectMapper mapper;
    private final SchemaFactory schemas;
    private final Revisions revisions;
    private final PreviousRelease previous;
    private final GenerationProblems problems;
    /** The revision numbers {@link #manifest} gave the service's own event classes, by event type name. */
    private final Map<String, Map<Class<?>, Integer>> revisionNumbers = new HashMap<>();

    ManifestWriter(ObjectMapper mapper, Owners owners, PreviousRelease previous, GenerationProblems problems) {
        this.mapper = mapper;
        this.schemas = new SchemaFactory(mapper, owners);
        this.revisions = new Revisions(problems);
        this.previous = previous;
        this.problems = problems;
    }

    ObjectNode manifest(String service, String version, SortedMap<String, Model.Context> contexts) {
        ObjectNode manifest = mapper.createObjectNode();
        manifest.put("manifest", 1);
        manifest.put("service", service);
        manifest.put("version", version);
        ObjectNode contextNodes = manifest.putObject("contexts");
        for (Model.Context context : contexts.values()) {
            ObjectNode contextNode = contextNodes.putObject(context.name());
            // The alias names wow-kafka's topics (wow.<alias>.<aggregate>.*); the audit needs it. Left out when it is the
            // name, Wow's own default, so a service without an alias gets the Manifest it always got.
            if (context.alias() != null && !context.alias().isBlank() && !context.alias().equals(context.name())) {
                contextNode.put("alias", context.alias());
            }
            ObjectNode aggregateNodes = contextNode.putObject("aggregates");
            for (Model.Aggregate aggregate : context.aggregates().values()) {
                aggregateNodes.set(aggregate.name(), aggregate(context, aggregate));
            }
        }
        return manifest;
    }

    /** The revision numbers the written contexts gave each event class, by event type name; after {@link #manifest}. */
    Map<String, Map<Class<?>, Integer>> revisionNumbers() {
        return revisionNumbers;
    }

    /**
     * Adds what the service reads ({@code consumes}) and sends ({@code sends}) after its contexts; each is left out
     * when empty, so a service without processors gets the Manifest it got before.
     */
    void readings(ObjectNode manifest, Model.Readings readings) {
        if (!readings.events().isEmpty() || !readings.states().isEmpty()) {
            ObjectNode consumes = manifest.putObject("consumes");
            if (!readings.events().isEmpty()) {
                ObjectNode events = consumes.putObject("events");
                readings.events().forEach((event, numbers) -> {
                    ArrayNode revisions = events.putObject(event).putArray("revisions");
                    numbers.forEach(revisions::add);
                });
            }
            if (!readings.states().isEmpty()) {
                readings.states().forEach(consumes.putArray("states")::add);
            }
        }
        if (!readings.commands().isEmpty()) {
            readings.commands().forEach(manifest.putObject("sends").putArray("commands")::add);
        }
    }

    private ObjectNode aggregate(Model.Context context, Model.Aggregate aggregate) {
        ObjectNode node = mapper.createObjectNode();
        schema(aggregate.state()).ifPresent(schema -> {
            ObjectNode state = node.putObject("state");
            state.set("schema", schema);
            if (ByName.has(aggregate.state(), ByName.STATE_VIEW) || ByName.has(aggregate.root(), ByName.STATE_VIEW)) {
                state.put("published", false);
            }
        });
        if (!aggregate.commands().isEmpty()) {
            ObjectNode commands = node.putObject("commands");
            for (Map.Entry<String, Class<?>> command : aggregate.commands().entrySet()) {
                schema(command.getValue()).ifPresent(schema -> {
                    ObjectNode entry = commands.putObject(command.getKey());
                    entry.set("schema", schema);
                    if (ByName.has(command.getValue(), ByName.STAGED)) {
                        entry.put("written", false);
                    }
                });
            }
        }
        if (!aggregate.events().isEmpty()) {
            ObjectNode events = node.putObject("events");
            for (Map.Entry<String, List<Class<?>>> event : aggregate.events().entrySet()) {
                List<Model.Revision> numbered = revisions.number(event.getKey(), event.getValue(),
                        labels -> previous.of(context.name(), aggregate.name(), event.getKey(), labels));
                if (numbered.isEmpty()) {
                    continue;
                }
                ObjectNode revisionNodes = events.putObject(event.getKey()).putObject("revisions");
                Map<Class<?>, Integer> numbers = revisionNumbers.computeIfAbsent(
                        context.name() + "." + aggregate.name() + "." + event.getKey(), k -> new HashMap<>());
                for (Model.Revision revision : numbered) {
                    numbers.put(revision.type(), revision.number());
                    schema(revision.type()).ifPresent(schema -> {
                        ObjectNode entry = revisionNodes.putObject(Integer.toString(revision.number()));
                        entry.set("schema", schema);
                        entry.put("label", revision.label());
                        if (revision.upgradesFrom() != null) {
                            entry.put("upgradesFrom", revision.upgradesFrom());
                        }
                        if (!revision.written()) {
                            entry.put("written", false);
                        }
                    });
                }
            }
        }
        if (!aggregate.errors().isEmpty()) {
            ObjectNode errors = node.putObject("errors");
            for (Model.ErrorCodeEntry error : aggregate.errors().values()) {
                ObjectNode entry = errors.putObject(error.code());
                if (!error.description().isBlank()) {
                    entry.put("description", error.description());
                }
            }
        }
        return node;
    }

    private Optional<ObjectNode> schema(Class<?> type) {
        try {
            return Optional.of(schemas.schema(type));
        } catch (WrongAnnotationValue e) {
            problems.problem(e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            problems.warn(type.getName() + ": no JSON Schema can be generated for it (" + ClassScanner.cause(e)
                    + "), so it is left out of the Manifest.");
        }
        return Optional.empty();
    }

    byte[] bytes(ObjectNode manifest) {
        try {
            return (mapper.writer(new Printer()).writeValueAsString(manifest) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /**
     * Two spaces, '\n' whatever the platform, {@code "key": value}. Written against Jackson's oldest printer API,
     * since it runs with the service's own Jackson.
     */
    private static final class Printer extends DefaultPrettyPrinter {
        Printer() {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            indentObjectsWith(indenter);
            indentArraysWith(indenter);
        }

        @Override
        public DefaultPrettyPrinter createInstance() {
            return new Printer();
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }
    }
}
