package dev.wowcompat.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.resolution.VersionRangeResult;
import org.eclipse.aether.version.Version;

/**
 * Finds the Manifests attached to earlier releases of the project's own artifact, the way japicmp finds its
 * old version: a version range {@code [0,current)} over the repositories' metadata, SNAPSHOTs left out, then
 * the {@code wow-manifest} classifier of each release resolved like any other artifact (so it is cached in the
 * local repository and works offline once fetched).
 */
final class PreviousReleases {
    static final String CLASSIFIER = "wow-manifest";
    static final String EXTENSION = "json";

    /** One earlier release and its attached Manifest file. */
    record Release(String version, File manifest) {}

    private final RepositorySystem system;
    private final RepositorySystemSession session;
    private final List<RemoteRepository> repositories;
    private final Log log;

    PreviousReleases(RepositorySystem system, RepositorySystemSession session, List<RemoteRepository> repositories, Log log) {
        this.system = system;
        this.session = session;
        this.repositories = repositories;
        this.log = log;
    }

    /**
     * The Manifests of the releases to compare with, newest first: the newest earlier release that has one, and
     * when {@code sameMajorToo} every other earlier release of the same major version (the checker is transitive
     * within a major version). Releases without an attached Manifest (made before the plugin was used) are
     * passed over.
     */
    List<Release> find(String groupId, String artifactId, String projectVersion, boolean sameMajorToo) throws MojoExecutionException {
        List<Version> earlier = earlierReleases(groupId, artifactId, projectVersion);
        List<Release> out = new ArrayList<>();
        List<String> without = new ArrayList<>();
        String major = majorOf(projectVersion);
        for (Version v : earlier) {
            boolean newestSoFar = out.isEmpty();
            if (!newestSoFar && !(sameMajorToo && majorOf(v.toString()).equals(major))) {
                continue;
            }
            Optional<File> file = resolveManifest(groupId, artifactId, v.toString());
            if (file.isPresent()) {
                out.add(new Release(v.toString(), file.get()));
            } else {
                without.add(v.toString());
            }
        }
        if (!without.isEmpty()) {
            // One line, not one per release: projects that adopt the plugin late have many such releases.
            log.info("wow-compat: " + Outcome.count(without.size(), "earlier release") + " of " + groupId + ":" + artifactId
                    + " (" + String.join(", ", without.size() > 5 ? without.subList(0, 5) : without) + (without.size() > 5 ? ", ..." : "")
                    + (without.size() == 1 ? ") has no " : ") have no ") + CLASSIFIER + " attached and " + (without.size() == 1 ? "is" : "are") + " not compared.");
        }
        return out;
    }

    /** Earlier non-SNAPSHOT versions, newest first. */
    private List<Version> earlierReleases(String groupId, String artifactId, String projectVersion) throws MojoExecutionException {
        Artifact range = new DefaultArtifact(groupId, artifactId, CLASSIFIER, EXTENSION, "[0," + projectVersion + ")");
        VersionRangeResult result;
        try {
            result = system.resolveVersionRange(session, new VersionRangeRequest(range, repositories, "wow-compat"));
        } catch (VersionRangeResolutionException e) {
            throw new MojoExecutionException("Cannot list the earlier releases of " + groupId + ":" + artifactId
                    + " in the Maven repositories (" + e.getMessage() + "). Give the baseline with <baseline> or <registryUrl>.");
        }
        List<Version> out = new ArrayList<>();
        for (Version v : result.getVersions()) {
            if (!v.toString().endsWith("SNAPSHOT")) out.add(v);
        }
        Collections.reverse(out);
        return out;
    }

    private Optional<File> resolveManifest(String groupId, String artifactId, String version) {
        Artifact artifact = new DefaultArtifact(groupId, artifactId, CLASSIFIER, EXTENSION, version);
        try {
            File file = system.resolveArtifact(session, new ArtifactRequest(artifact, repositories, "wow-compat")).getArtifact().getFile();
            return Optional.ofNullable(file);
        } catch (ArtifactResolutionException e) {
            // Not found is the normal case for releases made before the plugin was added; anything else is
            // logged at debug level so -X shows why.
            log.debug("wow-compat: " + artifact + " not resolved: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The first dot-separated part, the way the project numbers its releases. */
    static String majorOf(String version) {
        int dot = version.indexOf('.');
        String head = dot < 0 ? version : version.substring(0, dot);
        int dash = head.indexOf('-');
        return dash < 0 ? head : head.substring(0, dash);
    }
}
