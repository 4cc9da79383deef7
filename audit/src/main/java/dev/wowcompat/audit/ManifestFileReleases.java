package dev.wowcompat.audit;

import dev.wowcompat.manifest.Manifest;
import java.util.Comparator;
import java.util.List;

/** Releases from Manifest files ({@code --manifest}): every file is a registered release; there are no environments. */
public final class ManifestFileReleases implements Releases {
    private final List<Manifest> releases;

    public ManifestFileReleases(List<Manifest> releases) {
        this.releases = releases.stream().sorted(Comparator.comparing(Manifest::service).thenComparing(Manifest::version)).toList();
    }

    @Override
    public List<Manifest> declaring(String aggregateType) {
        return releases.stream().filter(m -> m.aggregates().containsKey(aggregateType)).toList();
    }

    @Override
    public Deployments deployments(String environment) throws AuditException {
        throw new AuditException("--environment needs --registry: Manifest files hold no deployment history");
    }
}
