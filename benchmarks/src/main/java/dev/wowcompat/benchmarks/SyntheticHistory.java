package dev.wowcompat.benchmarks;

import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.SchemaPool;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A generated history read the way the product reads a history (the CLI's baselines, the plugin's previous
 * releases, the registry's cache): one {@link ManifestReader} sharing a {@link SchemaPool}, so releases hold each
 * schema they repeat once. For benchmark setups and the heap probe. Releases are read one at a time as they are
 * generated, so the serialised documents never pile up in memory: what stays is what the product would hold, the
 * read {@link Manifest}s.
 *
 * @param releases the read releases, oldest first
 * @param bytes the serialised size of each release
 */
public record SyntheticHistory(List<Manifest> releases, List<Integer> bytes) {

    public SyntheticHistory {
        releases = List.copyOf(releases);
        bytes = List.copyOf(bytes);
    }

    public static SyntheticHistory read(SyntheticReleases.Options options) {
        ManifestReader reader = new ManifestReader().sharing(new SchemaPool());
        List<Manifest> manifests = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        new SyntheticReleases(options).generate(r -> {
            byte[] content = SyntheticReleases.toBytes(r.document());
            sizes.add(content.length);
            manifests.add(readOrFail(reader, content, r.version()));
        });
        return new SyntheticHistory(manifests, sizes);
    }

    /** The generator's own output must read cleanly; when it does not, the first problems say why. */
    static Manifest readOrFail(ManifestReader reader, byte[] content, String version) {
        try {
            return reader.read(content, "synthetic " + version);
        } catch (InvalidInputException e) {
            String problems = e.problems().stream().limit(5).map(p -> p.line()).collect(Collectors.joining("\n  "));
            throw new IllegalStateException("generated release " + version + " is not a valid Manifest ("
                    + e.problems().size() + " problems):\n  " + problems);
        }
    }

    public Manifest candidate() {
        return releases.get(releases.size() - 1);
    }

    public Manifest previous() {
        return releases.get(releases.size() - 2);
    }

    /** Every release before the candidate, oldest first. */
    public List<Manifest> earlier() {
        return releases.subList(0, releases.size() - 1);
    }

    public static long schemaCount(Manifest m) {
        return m.types().stream().filter(t -> t.schema() != null).count();
    }

    /** How many distinct schema instances the releases hold between them: one per fingerprint when shared. */
    public long distinctSchemaInstances() {
        Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Manifest m : releases) {
            for (TypeEntry t : m.types()) {
                if (t.schema() != null) seen.add(t.schema().schema());
            }
        }
        return seen.size();
    }

    /**
     * How many distinct (subject, old fingerprint, new fingerprint) pairs with different fingerprints the
     * baselines hold against the candidate: the schema diffs a check that diffs each pair once must run.
     *
     * @param previous when not null, only schemas whose fingerprint differs from this release's count (the
     *        checker does not compare a schema unchanged since the previous release with older ones again)
     */
    public static int changedSchemaPairs(Manifest candidate, List<Manifest> baselines, Manifest previous) {
        Map<String, String> now = fingerprints(candidate);
        if (previous != null) {
            Map<String, String> before = fingerprints(previous);
            now.entrySet().removeIf(e -> e.getValue().equals(before.get(e.getKey())));
        }
        Set<String> pairs = new HashSet<>();
        for (Manifest m : baselines) {
            for (TypeEntry t : m.types()) {
                if (t.schema() == null) continue;
                String key = t.kind() + " " + t.subject();
                String fp = now.get(key);
                if (fp != null && !fp.equals(t.schema().fingerprint())) pairs.add(key + " " + t.schema().fingerprint() + " " + fp);
            }
        }
        return pairs.size();
    }

    private static Map<String, String> fingerprints(Manifest m) {
        Map<String, String> out = new HashMap<>();
        m.types().forEach(t -> {
            if (t.schema() != null) out.put(t.kind() + " " + t.subject(), t.schema().fingerprint());
        });
        return out;
    }

    /**
     * A benchmark of a failing check would measure the wrong path: the setup refuses a history whose candidate
     * is not compatible, or has warnings, and says which findings.
     */
    public static Report checkedClean(ReleaseChecker checker, Manifest candidate, List<Manifest> baselines) {
        Report report = checker.check(candidate, baselines);
        List<Finding> unexpected = report.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
        if (!unexpected.isEmpty()) {
            String first = unexpected.stream().limit(5)
                    .map(f -> f.rule().id() + " " + f.subject() + " " + f.pointer() + ": " + f.message())
                    .collect(Collectors.joining("\n  "));
            throw new IllegalStateException("the generated history does not check clean: " + unexpected.size()
                    + " breaking or warning findings for " + candidate.label() + ", e.g.\n  " + first);
        }
        return report;
    }
}
