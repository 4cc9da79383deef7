package dev.wowcompat.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.graph.DependencyFilter;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.version.Version;

/**
 * The previous release's classes as it ran: its jar and its runtime dependencies, resolved from the Maven
 * repositories the way {@code check} finds its baseline (the newest earlier non-SNAPSHOT version of the project's own
 * artifact), for the replay's rollback check (docs/maven-plugin.md, "wow-compat:replay").
 */
final class PreviousReleaseClasspath {
    /** Scopes that are on a release's runtime classpath. */
    private static final Set<String> RUNTIME_SCOPES = Set.of("compile", "runtime", "system");

    /** The release found and its classpath, its own jar first. */
    record Resolved(String version, List<Path> classpath) {
        Resolved {
            classpath = List.copyOf(classpath);
        }
    }

    private final RepositorySystem system;
    private final RepositorySystemSession session;
    private final List<RemoteRepository> repositories;

    PreviousReleaseClasspath(RepositorySystem system, RepositorySystemSession session, List<RemoteRepository> repositories) {
        this.system = system;
        this.session = session;
        this.repositories = repositories;
    }

    /**
     * @param version the release to resolve, or null for the newest release before {@code projectVersion}
     * @return empty when there is no earlier release (a first release has nothing to roll back to)
     */
    Optional<Resolved> resolve(String groupId, String artifactId, String projectVersion, String version) throws MojoExecutionException {
        String chosen = version;
        if (chosen == null || chosen.isBlank()) {
            Optional<String> newest = newestEarlier(groupId, artifactId, projectVersion);
            if (newest.isEmpty()) return Optional.empty();
            chosen = newest.get();
        }
        Artifact jar = new DefaultArtifact(groupId, artifactId, "jar", chosen);
        DependencyFilter runtime = (node, parents) -> node.getDependency() == null
                || RUNTIME_SCOPES.contains(node.getDependency().getScope());
        DependencyRequest request = new DependencyRequest(new CollectRequest(new Dependency(jar, "runtime"), repositories), runtime);
        List<Path> classpath = new ArrayList<>();
        try {
            for (ArtifactResult result : system.resolveDependencies(session, request).getArtifactResults()) {
                File file = result.getArtifact().getFile();
                if (file != null) classpath.add(file.toPath());
            }
        } catch (DependencyResolutionException e) {
            throw new MojoExecutionException("Cannot resolve the previous release " + groupId + ":" + artifactId + ":" + chosen
                    + " and its runtime dependencies for the rollback check (" + e.getMessage()
                    + "). Set <rollbackCheck>false</rollbackCheck> to replay without it, or <baselineVersion> to name another release.");
        }
        return Optional.of(new Resolved(chosen, classpath));
    }

    private Optional<String> newestEarlier(String groupId, String artifactId, String projectVersion) throws MojoExecutionException {
        Artifact range = new DefaultArtifact(groupId, artifactId, "jar", "[0," + projectVersion + ")");
        List<Version> versions;
        try {
            versions = system.resolveVersionRange(session, new VersionRangeRequest(range, repositories, "wow-compat")).getVersions();
        } catch (VersionRangeResolutionException e) {
            throw new MojoExecutionException("Cannot list the earlier releases of " + groupId + ":" + artifactId
                    + " in the Maven repositories (" + e.getMessage() + "). Set <baselineVersion>, or <rollbackCheck>false</rollbackCheck>.");
        }
        for (int i = versions.size() - 1; i >= 0; i--) {
            if (!versions.get(i).toString().endsWith("SNAPSHOT")) return Optional.of(versions.get(i).toString());
        }
        return Optional.empty();
    }
}
