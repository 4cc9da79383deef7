package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** META-INF/wow-metadata.json, as Wow's compiler writes it, is used (names, contexts, listed events) and cross-checked. */
class WowMetadataTest {
    @TempDir
    Path temp;

    @Test
    void theMetadataNamesAggregatesAndAddsWhatHandlersDoNotShow() throws Exception {
        List<Path> classpath = Fixtures.serviceClasspath();
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath, Map.of(
                "meta/Ship.java", "package meta;\npublic record Ship(String to) {}\n",
                "meta/Shipped.java", "package meta;\npublic record Shipped(String to) {}\n",
                "meta/Delayed.java", "package meta;\npublic record Delayed(int days) {}\n",
                "meta/Parcel.java", """
                        package meta;
                        @me.ahoo.wow.api.annotation.AggregateRoot
                        public class Parcel {
                            public Parcel(String id) {}
                            public Shipped onCommand(Ship c) { return new Shipped(c.to()); }
                        }
                        """,
                "meta/Stray.java", """
                        package meta;
                        @me.ahoo.wow.api.annotation.AggregateRoot
                        public class Stray {
                            public Stray(String id) {}
                        }
                        """));
        Files.createDirectories(classes.resolve("META-INF"));
        Files.writeString(classes.resolve("META-INF/wow-metadata.json"), """
                {"contexts": {"logistics": {"alias": "lg", "scopes": ["meta"], "aggregates": {
                  "parcel_box": {"type": "meta.Parcel", "events": ["meta.Delayed"]},
                  "gone": {"type": "meta.Gone"}}}}}
                """);
        GeneratedManifest generated = new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath, "logistics-service", "1.0.0", Optional.empty()));
        JsonNode aggregates = new ObjectMapper().readTree(generated.json()).path("contexts").path("logistics").path("aggregates");
        assertEquals(List.of("parcel_box", "stray"), SampleServiceTest.names(aggregates));
        assertEquals(List.of("default_aggregate_deleted", "default_aggregate_recovered", "default_resource_tags_applied",
                "delayed", "shipped"), SampleServiceTest.names(aggregates.path("parcel_box").path("events")));
        assertTrue(aggregates.path("parcel_box").path("state").path("schema").toString().contains("$defs") == false);
        List<String> warnings = generated.warnings();
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("meta.Parcel: wow-metadata.json names this aggregate 'parcel_box' where the class says 'parcel'")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("meta.Stray: is an aggregate root that META-INF/wow-metadata.json does not list")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("names aggregate root meta.Gone, which is not among the classes")), warnings.toString());
    }
}
