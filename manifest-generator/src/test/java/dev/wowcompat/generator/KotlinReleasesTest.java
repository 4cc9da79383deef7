package dev.wowcompat.generator;

import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Releases of one Kotlin service, generated from classes kotlinc compiled (src/test/kotlin,
 * dev.wowcompat.kotlinreleases.v1, v2staged, v2unstaged, v3) and checked by the rules as the CI gate checks them:
 * the Kotlin team's most common change, a property with a default, passes when staged; removing a value only a
 * getter gives, and tightening a command's constraint, fail with their rule ids.
 */
class KotlinReleasesTest {
    @TempDir
    Path temp;

    private Manifest release(String pkg, String version) throws Exception {
        Path classes = Fixtures.copyPackages(temp.resolve(pkg), "dev.wowcompat.kotlinreleases." + pkg);
        GeneratedManifest generated = new ManifestGenerator(false).generate(new GenerationRequest(List.of(classes),
                WowPatternsTest.classpath(), "orchard-service", version, Optional.empty()));
        return new ManifestReader().read(generated.json(), pkg);
    }

    private List<String> breaking(Manifest candidate, Manifest baseline) {
        return new ReleaseChecker().check(candidate, List.of(baseline)).findings().stream()
                .filter(f -> f.severity() == Severity.BREAKING)
                .map(f -> f.rule().id() + " " + f.subject() + " " + f.pointer())
                .sorted().toList();
    }

    @Test
    void aStagedPropertyWithAKotlinDefaultPasses() throws Exception {
        assertEquals(List.of(), breaking(release("v2staged", "1.1.0"), release("v1", "1.0.0")));
    }

    @Test
    void anUnstagedPropertyWithAKotlinDefaultIsOnlyWrittenBeforeRead() throws Exception {
        List<String> findings = breaking(release("v2unstaged", "1.1.0"), release("v1", "1.0.0"));
        assertEquals(1, findings.size(), findings.toString());
        assertEquals("written-before-read", findings.get(0).split(" ")[0], findings.toString());
    }

    @Test
    void aRemovedDerivedValueAndATightenedSizeFailWithTheirRules() throws Exception {
        List<Finding> findings = new ReleaseChecker().check(release("v3", "1.1.0"), List.of(release("v1", "1.0.0")))
                .findings().stream().filter(f -> f.severity() == Severity.BREAKING).toList();
        assertEquals(List.of("constraint-tightened orchard-service.tree.pick_fruit /properties/trees/minItems",
                        "field-removed orchard-service.tree /properties/busy"),
                findings.stream().map(f -> f.rule().id() + " " + f.subject() + " " + f.pointer()).sorted().toList());
    }
}
