package dev.wowcompat.generator;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A Kotlin consumer of our own compiled by kotlinc (src/test/kotlin, dev.wowcompat.kotlinreaders): a projection
 * taking {@code DomainEvent<X>}, a state event with the state injected and a {@code StateEvent<S>}, and a saga with
 * an annotated handler returning its command and a suspend handler returning a {@code CommandBuilder}; the garden
 * service's api and domain modules are jars on its classpath.
 */
class KotlinReadersTest {
    @TempDir
    Path temp;

    @Test
    void aKotlinProjectionAndSagaReadAndSendTheGardensTypes() throws Exception {
        Path readers = Fixtures.copyPackages(temp.resolve("readers"), "dev.wowcompat.kotlinreaders");
        List<Path> classpath = new ArrayList<>(WowPatternsTest.classpath());
        classpath.add(Fixtures.jar(Fixtures.copyPackages(temp.resolve("api"), "dev.wowcompat.kotlinwow.api"), temp.resolve("garden-api.jar")));
        classpath.add(Fixtures.jar(Fixtures.copyPackages(temp.resolve("domain"), "dev.wowcompat.kotlinwow.domain"),
                temp.resolve("garden-domain.jar")));
        GeneratedManifest generated = new ManifestGenerator().generate(
                new GenerationRequest(List.of(readers), classpath, "harvest-log", "1.0.0", Optional.empty()));
        assertEquals(List.of("1 event handler names no event class the Manifest can list, so what it reads is missing from "
                + "its consumes: dev.wowcompat.kotlinreaders.PlotProjector.onStateEvent(StateEvent<PlotState>) (Wow matches "
                + "events against the first type argument of StateEvent, the state, so no event reaches it; take the event "
                + "first and the state as a second parameter)."), generated.warnings());
        assertEquals("""
                {
                  "manifest": 1,
                  "service": "harvest-log",
                  "version": "1.0.0",
                  "contexts": { },
                  "consumes": {
                    "events": {
                      "garden-service.plot.plot_harvested": {
                        "revisions": [
                          1
                        ]
                      },
                      "garden-service.plot.plot_watered": {
                        "revisions": [
                          1
                        ]
                      },
                      "garden-service.plot.q_r_code_printed": {
                        "revisions": [
                          1
                        ]
                      },
                      "garden-service.plot.seed_planted": {
                        "revisions": [
                          1
                        ]
                      }
                    },
                    "states": [
                      "garden-service.plot"
                    ]
                  },
                  "sends": {
                    "commands": [
                      "garden-service.plot.harvest",
                      "garden-service.plot.water_plot"
                    ]
                  }
                }
                """, new String(generated.json(), StandardCharsets.UTF_8));
        Manifest read = new ManifestReader().read(generated.json(), "generated.json");
        assertEquals(List.of("garden-service.plot.harvest", "garden-service.plot.water_plot"), List.copyOf(read.sends().commands()));
        assertEquals(List.of("garden-service.plot"), List.copyOf(read.consumes().states()));
    }
}
