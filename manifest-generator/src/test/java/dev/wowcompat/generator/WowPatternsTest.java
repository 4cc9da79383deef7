package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.validation.constraints.NotBlank;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.wowcompat.generator.SampleServiceTest.names;
import static dev.wowcompat.generator.SampleServiceTest.texts;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The patterns of Wow's own examples, on a Kotlin service of ours compiled by kotlinc (src/test/kotlin,
 * dev.wowcompat.kotlinwow): an api module and a domain module declaring one context, the api module's alias,
 * scopes and error codes, constructor defaults, a derived value, Bean Validation constraints, an acronym, nested
 * classes, handlers returning {@code Iterable<*>}, {@code Any} and an object, and Wow's default commands.
 */
class WowPatternsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private static Path api;
    private static Path domain;
    private static GeneratedManifest generated;
    private static JsonNode plot;

    static List<Path> classpath() {
        List<Path> classpath = new ArrayList<>(Fixtures.serviceClasspath());
        classpath.add(Fixtures.location(kotlin.Unit.class));
        classpath.add(Fixtures.location(NotBlank.class));
        return classpath;
    }

    @BeforeAll
    static void generate() throws Exception {
        api = Fixtures.copyPackages(temp.resolve("api"), "dev.wowcompat.kotlinwow.api");
        domain = Fixtures.copyPackages(temp.resolve("domain"), "dev.wowcompat.kotlinwow.domain");
        generated = new ManifestGenerator().generate(
                new GenerationRequest(List.of(api, domain), classpath(), "garden-service", "1.0.0", Optional.empty()));
        plot = JSON.readTree(generated.json()).path("contexts").path("garden-service").path("aggregates").path("plot");
    }

    private static JsonNode event(String name) {
        return plot.path("events").path(name).path("revisions").path("1").path("schema");
    }

    @Test
    void bothModulesDeclaringOneContextMergeIntoIt() throws Exception {
        JsonNode contexts = JSON.readTree(generated.json()).path("contexts");
        assertEquals(List.of("garden-service"), names(contexts));
        assertEquals(List.of("plot"), names(contexts.path("garden-service").path("aggregates")));
        assertEquals(List.of(), generated.warnings());
        // The api module's alias names the definitions; its scopes give its error code to the plot aggregate.
        assertTrue(plot.path("commands").path("plant_seed").path("schema").path("$defs").has("garden.plot.PlantSeed.Spacing"));
        assertEquals(List.of("water-limit-reached"), names(plot.path("errors")));
        assertEquals("Declared as Water-Limit-Reached in WaterLimitReached.",
                plot.path("errors").path("water-limit-reached").path("description").asText());
    }

    @Test
    void theApiModuleAsAJarOnTheClasspathIsReadAsPartOfTheService() throws Exception {
        List<Path> classpath = classpath();
        classpath.add(Fixtures.jar(api, temp.resolve("garden-api.jar")));
        GeneratedManifest domainOnly = new ManifestGenerator().generate(
                new GenerationRequest(List.of(domain), classpath, "garden-service", "1.0.0", Optional.empty()));
        assertArrayEquals(generated.json(), domainOnly.json());
        assertEquals(List.of(), domainOnly.warnings());
    }

    @Test
    void commandsAndEventsAreThoseWowRoutesAndEmits() {
        // Wow's naming splits before every capital: PrintQRCode -> print_q_r_code (wow-core NamingConverter).
        assertEquals(List.of("default_apply_resource_tags", "default_delete_aggregate", "default_recover_aggregate",
                "harvest", "plant_seed", "print_q_r_code", "water_plot"), names(plot.path("commands")));
        // Iterable<*> and Any handlers: the events they construct, read from their bytecode; an object event.
        assertEquals(List.of("default_aggregate_deleted", "default_aggregate_recovered", "default_resource_tags_applied",
                        "plot_harvested", "plot_watered", "q_r_code_printed", "seed_planted", "water_limit_reached"),
                names(plot.path("events")));
    }

    @Test
    void kotlinConstructorDefaultsMakePropertiesOptionalWithThatDefault() {
        JsonNode watered = event("plot_watered");
        assertEquals(List.of("litres"), texts(watered.path("required")));
        assertEquals("\"DRIP\"", watered.path("properties").path("mode").path("default").toString());
        assertEquals("null", watered.path("properties").path("note").path("default").toString());
        assertEquals("10", watered.path("properties").path("total").path("default").toString());
        assertEquals("true", watered.path("properties").path("measured").path("default").toString());
        JsonNode plant = plot.path("commands").path("plant_seed").path("schema");
        assertEquals(List.of("spacing", "variety"), texts(plant.path("required")));
        assertEquals(1, plant.path("properties").path("count").path("default").asInt());
        assertTrue(plant.path("properties").path("rows").path("$comment").asText().contains("computed at run time"));
        assertTrue(plant.path("properties").path("rows").path("default").isMissingNode());
        assertEquals("0.5", plant.path("$defs").path("garden.plot.PlantSeed.Spacing").path("properties").path("ratio")
                .path("default").toString());
    }

    @Test
    void aValueOnlyAGetterGivesIsDescribedButNotRequired() {
        JsonNode state = plot.path("state").path("schema");
        assertEquals(List.of("isDry", "litres", "seeds", "size"), names(state.path("properties")));
        assertEquals("true", state.path("properties").path("isDry").path("default").toString());
        assertEquals("\"integer\"", state.path("properties").path("size").path("type").toString());
        assertEquals(List.of(), texts(state.path("required")));
        // Properties of the class body: their initial values are their defaults, as Wow's mapper keeps them.
        assertEquals("0", state.path("properties").path("litres").path("default").toString());
        assertEquals("[]", state.path("properties").path("seeds").path("default").toString());
        assertTrue(state.path("properties").path("size").path("default").isMissingNode());
    }

    @Test
    void constraintsAndIntegerWidthsBecomeJsonSchema() {
        JsonNode plant = plot.path("commands").path("plant_seed").path("schema");
        JsonNode properties = plant.path("properties");
        assertEquals(1, properties.path("variety").path("minLength").asInt());
        assertEquals(0, properties.path("count").path("exclusiveMinimum").asInt());
        assertEquals(Integer.MAX_VALUE, properties.path("count").path("maximum").asLong());
        assertEquals(1, properties.path("rows").path("minItems").asInt());
        assertEquals(3, properties.path("rows").path("maxItems").asInt());
        JsonNode spacing = plant.path("$defs").path("garden.plot.PlantSeed.Spacing").path("properties").path("centimetres");
        assertEquals(Long.MIN_VALUE, spacing.path("minimum").asLong());
        assertEquals(Long.MAX_VALUE, spacing.path("maximum").asLong());
        assertTrue(plant.path("$defs").has("garden.plot.PlantSeed.Row"));
    }

    @Test
    void anErrorEventIsWrittenWithWhatItsGettersGive() {
        JsonNode reached = event("water_limit_reached").path("properties");
        assertEquals(List.of("bindingErrors", "errorCode", "errorMsg", "litres", "reason", "succeeded"), names(reached));
    }
}
