package dev.wowcompat.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated history is what the benchmarks claim it is: valid, additive, staged, and repeatable. */
class SyntheticReleasesTest {
    private static final SyntheticReleases.Options SMALL = SyntheticReleases.Options.of(50, 5);

    private final ReleaseChecker checker = new ReleaseChecker();

    @Test
    void everyReleaseIsAValidManifestAndChecksCleanAgainstAllBeforeIt() {
        SyntheticHistory history = SyntheticHistory.read(SMALL);
        List<Manifest> releases = history.releases();
        assertEquals(5, releases.size());
        assertEquals(50, SyntheticHistory.schemaCount(releases.get(0)));
        for (int i = 1; i < releases.size(); i++) {
            Report report = checker.check(releases.get(i), releases.subList(0, i));
            assertEquals(i, report.baselines().size());
            List<Finding> notInfo = report.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
            assertEquals(List.of(), notInfo, "release " + releases.get(i).label() + " must check clean");
            assertEquals("compatible", report.verdict());
        }
    }

    @Test
    void skippingTheStagingReleaseIsCaughtSoTheHistoryReallyStages() {
        List<Manifest> releases = SyntheticHistory.read(SMALL).releases();
        // Release 1.2.0 writes what 1.1.0 staged; 1.0.0 never read it.
        Report report = checker.check(releases.get(2), List.of(releases.get(0)));
        assertEquals("breaking", report.verdict());
        assertTrue(report.findings().stream().anyMatch(f -> f.rule() == Rule.WRITTEN_BEFORE_READ),
                () -> "expected written-before-read, got " + report.findings());
    }

    @Test
    void unchangedSchemasKeepTheirFingerprints() {
        List<Manifest> releases = SyntheticHistory.read(SyntheticReleases.Options.of(400, 3)).releases();
        Map<String, String> before = fingerprints(releases.get(1));
        Map<String, String> after = fingerprints(releases.get(2));
        long kept = before.entrySet().stream().filter(e -> e.getValue().equals(after.get(e.getKey()))).count();
        long changed = before.size() - kept;
        // 1% staged in 1.1.0 (written in 1.2.0) plus 1% staged in 1.2.0: at most 4% + a few revisions change.
        assertTrue(changed > 0, "some schemas must change");
        assertTrue(changed <= before.size() * 0.04 + 1, "only the touched schemas change, not " + changed);
        assertTrue(after.size() > 0 && after.size() >= before.size());
    }

    @Test
    void theHistoryHoldsEachSchemaOnceAsTheProductReadsOne() {
        SyntheticHistory history = SyntheticHistory.read(SMALL);
        java.util.Set<String> distinct = new java.util.HashSet<>();
        long declared = 0;
        for (Manifest m : history.releases()) {
            for (TypeEntry t : m.types()) {
                if (t.schema() == null) continue;
                declared++;
                distinct.add(t.schema().fingerprint());
            }
        }
        assertTrue(distinct.size() < declared / 2, "releases repeat most schemas: " + distinct.size() + " of " + declared);
        assertEquals(distinct.size(), history.distinctSchemaInstances());
    }

    @Test
    void theSameOptionsGiveTheSameBytesAndAnotherSeedDoesNot() {
        List<byte[]> a = new SyntheticReleases(SMALL).serialized();
        List<byte[]> b = new SyntheticReleases(SMALL).serialized();
        List<byte[]> c = new SyntheticReleases(SMALL.withSeed(7)).serialized();
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) assertArrayEquals(a.get(i), b.get(i));
        assertFalse(java.util.Arrays.equals(a.get(0), c.get(0)));
    }

    @Test
    void mainWritesOneReadableFilePerRelease(@TempDir Path dir) throws IOException {
        SyntheticReleases.write(SyntheticReleases.Options.of(30, 3), dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        }
        assertEquals(3, files.size());
        ManifestReader reader = new ManifestReader();
        for (int i = 0; i < files.size(); i++) {
            Manifest m = SyntheticHistory.readOrFail(reader, Files.readAllBytes(files.get(i)), files.get(i).toString());
            assertEquals("1." + i + ".0", m.version().toString());
        }
    }

    private static Map<String, String> fingerprints(Manifest m) {
        Map<String, String> out = new HashMap<>();
        for (TypeEntry t : m.types()) {
            if (t.schema() != null) out.put(t.kind() + " " + t.subject(), t.schema().fingerprint());
        }
        return out;
    }
}
