package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A Kotlin fixture (src/test/kotlin, compiled by kotlin-maven-plugin): nullability from @kotlin.Metadata. */
class KotlinClassesTest {
    @TempDir
    Path temp;

    @Test
    void nonNullKotlinPropertiesAreRequiredAndNullableOnesAreNot() throws Exception {
        Path classes = Fixtures.copyPackages(temp.resolve("classes"), "dev.wowcompat.kotlinsample");
        List<Path> classpath = new ArrayList<>(Fixtures.serviceClasspath());
        classpath.add(Fixtures.location(kotlin.Unit.class));
        GeneratedManifest generated = new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath, "shop-service", "1.0.0", Optional.empty()));
        JsonNode cart = new ObjectMapper().readTree(generated.json()).path("contexts").path("shop").path("aggregates").path("cart");

        JsonNode command = cart.path("commands").path("add_item").path("schema");
        assertEquals(List.of("quantity", "sku"), texts(command.path("required")));
        assertEquals("[\"string\",\"null\"]", command.path("properties").path("note").path("type").toString());
        assertEquals("\"string\"", command.path("properties").path("sku").path("type").toString());

        JsonNode event = cart.path("events").path("item_added").path("revisions").path("1").path("schema");
        // A constructor default makes a property optional, as Wow's mapper (jackson-module-kotlin) fills it in.
        assertEquals(List.of("quantity", "sku"), texts(event.path("required")));
        assertEquals("[]", event.path("properties").path("tags").path("default").toString());
        assertEquals("null", event.path("properties").path("weight").path("default").toString());
        assertEquals("g", event.path("properties").path("weight").path("x-wow-unit").asText());

        JsonNode state = cart.path("state").path("schema");
        // A property the primary constructor does not take is never needed by Wow's mapper: optional.
        assertEquals(List.of(), texts(state.path("required")));
        assertEquals("0", state.path("properties").path("items").path("default").toString());
        assertEquals("null", state.path("properties").path("lastSku").path("default").toString());
        assertEquals("[\"string\",\"null\"]", state.path("properties").path("lastSku").path("type").toString());
        assertEquals(List.of(), generated.warnings());
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(v -> texts.add(v.asText()));
        return texts;
    }
}
