package dev.wowcompat.maven;

import dev.wowcompat.generator.ClassFilesRecord;
import dev.wowcompat.generator.GeneratedManifest;
import dev.wowcompat.generator.GenerationException;
import dev.wowcompat.generator.GenerationRequest;
import dev.wowcompat.generator.ManifestGenerator;
import dev.wowcompat.manifest.Version;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import javax.inject.Inject;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProjectHelper;
import org.eclipse.aether.RepositorySystem;

/**
 * Generates the service's Manifest from its compiled classes and their classpath
 * (docs/manifest-from-code.md) and writes it to {@code outputFile}. The other goals of the build read that file
 * when no {@code <manifest>} is configured, and it is attached to the project (classifier {@code wow-manifest}) so
 * that install and deploy publish it.
 *
 * <p>Revision numbers stay stable across releases: the Manifest of the newest earlier release (found in the Maven
 * repositories the way {@code check} finds it, or given as {@code previousManifest}) is handed to the generator.
 */
@Mojo(name = "manifest", defaultPhase = LifecyclePhase.PROCESS_CLASSES, requiresDependencyResolution = ResolutionScope.COMPILE_PLUS_RUNTIME,
        threadSafe = true)
public class ManifestMojo extends AbstractWowCompatMojo {

    /** The compiled classes of the service. */
    @Parameter(property = "wow-compat.classesDirectory", defaultValue = "${project.build.outputDirectory}", required = true)
    private File classesDirectory;

    /**
     * Dependencies that are part of the service, as {@code groupId:artifactId} or {@code artifactId} (the api module
     * beside a domain module, as Wow's examples split a service): their classes are read as the service's own. A
     * dependency that holds the service's commands, events or states and declares a {@code @BoundedContext} is read
     * so without being named here.
     */
    @Parameter(property = "wow-compat.serviceModules")
    private List<String> serviceModules = new ArrayList<>();

    /** Where the generated Manifest is written; the other goals read it from here. */
    @Parameter(property = "wow-compat.generatedManifest", defaultValue = GENERATED_MANIFEST, required = true)
    private File outputFile;

    /** The Manifest's {@code service}: kebab-case, the artifactId by default. */
    @Parameter(property = "wow-compat.service", defaultValue = "${project.artifactId}", required = true)
    private String service;

    /**
     * The Manifest's {@code version}, {@code major.minor.patch}. By default the project version's leading numbers:
     * {@code 1.1.0-SNAPSHOT} and {@code 1.1.0-RC1} give {@code 1.1.0}, {@code 1.1} gives {@code 1.1.0}.
     */
    @Parameter(property = "wow-compat.version")
    private String version;

    /**
     * The previous release's Manifest, whose revision numbers the generated one keeps. By default the Manifest
     * attached to the newest earlier release of this artifact in the Maven repositories, if there is one.
     */
    @Parameter(property = "wow-compat.previousManifest")
    private File previousManifest;

    /**
     * Generate in a JVM of its own ({@code java} of the running JDK, started C1-only with the serial collector)
     * instead of an isolated class loader in Maven's JVM. The bytes are the same either way; forking is faster for a
     * large service because Maven's JVM would spend more CPU JIT-compiling the generator than running it
     * (docs/performance.md, "Manifest generation").
     */
    @Parameter(property = "wow-compat.fork", defaultValue = "true")
    private boolean fork;

    /**
     * With {@code fork}: start the forked JVM from an application class data sharing archive, made by the first
     * fork and used by the later ones (docs/maven-plugin.md, "manifest"). Never changes the bytes, never fails a build.
     */
    @Parameter(property = "wow-compat.cds", defaultValue = "true")
    private boolean cds;

    /**
     * Where the class data archives are kept: one per JDK and plugin version (about 20 MB each, at most four kept).
     * By default {@code .wow-compat/cds} in the local Maven repository, beside the jars they are made from.
     */
    @Parameter(property = "wow-compat.cdsDirectory")
    private File cdsDirectory;

    /**
     * Keep the Manifest written by an earlier build when nothing it is generated from has changed since: the
     * classes, the classpath, the previous release's Manifest, the settings, the plugin, the JDK (recorded in
     * {@code manifest.json.inputs} beside it), or when the classes were compiled again and changed only in method
     * bodies the Manifest does not depend on (docs/maven-plugin.md, "manifest"). {@code false} generates on every build.
     */
    @Parameter(property = "wow-compat.incremental", defaultValue = "true")
    private boolean incremental;

    @Parameter(defaultValue = "${plugin}", readonly = true)
    private PluginDescriptor plugin;

    /** Attach the generated Manifest to the project (classifier {@code wow-manifest}) so install and deploy publish it. */
    @Parameter(property = "wow-compat.attach", defaultValue = "true")
    private boolean attach;

    /**
     * Fail the build on any warning of the generation (a class that cannot be loaded, an error code that cannot be
     * written, ...: docs/manifest-from-code.md, "Problems and warnings"), for a Manifest that describes everything.
     */
    @Parameter(property = "wow-compat.strict", defaultValue = "false")
    private boolean strict;

    private final RepositorySystem repositorySystem;
    private final MavenProjectHelper projectHelper;

    @Inject
    public ManifestMojo(RepositorySystem repositorySystem, MavenProjectHelper projectHelper) {
        this.repositorySystem = repositorySystem;
        this.projectHelper = projectHelper;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("wow-compat: manifest skipped (wow-compat.skip).");
            return;
        }
        ManifestInput input = manifestInput();
        Path classes = classesDirectory.toPath().toAbsolutePath().normalize();
        if (!Files.isDirectory(classes)) {
            getLog().info("wow-compat: no compiled classes at " + input.display(classes) + "; no Manifest generated.");
            return;
        }
        Version release = release();
        List<Path> roots = new ArrayList<>(List.of(classes));
        roots.addAll(serviceModules());
        List<Path> classpath = new ArrayList<>(classpath(classes));
        classpath.removeAll(roots);
        Optional<Path> previous = previous(input);
        GenerationRequest request = new GenerationRequest(roots, classpath, service, release.toString(), previous, strict);

        long started = System.nanoTime();
        Path out = outputFile.toPath();
        ManifestInputs.Inputs inputs = null;
        if (incremental) {
            try {
                inputs = ManifestInputs.digest(roots, classpath, previous,
                        List.of(service, release.toString(), plugin == null ? "" : plugin.getId()), pluginFiles());
            } catch (IOException | RuntimeException e) {
                getLog().debug("wow-compat: the Manifest's inputs cannot be read (" + e + "); generating it");
            }
            Optional<ManifestInputs.Kept> kept = inputs == null ? Optional.empty() : ManifestInputs.upToDate(out, inputs);
            if (kept.isPresent()) {
                if (strict && !kept.get().warnings().isEmpty()) {
                    throw failure(input.display(classes), ManifestGenerator.strict(kept.get().warnings()));
                }
                for (String warning : kept.get().warnings()) getLog().warn("wow-compat: " + warning);
                project.setContextValue(GENERATED_MANIFEST_KEY, outputFile.getAbsoluteFile());
                int recompiled = kept.get().recompiledClasses();
                String why = recompiled == 0 ? "nothing it is generated from changed"
                        : recompiled + (recompiled == 1 ? " class" : " classes") + " changed only in method bodies it does not depend on";
                getLog().info(String.format(java.util.Locale.ROOT, "wow-compat: Manifest of %s %s up to date (%s; checked in %d ms): %s",
                        service, release, why, (System.nanoTime() - started) / 1_000_000, input.display(out)));
                if (attach) attachManifest(projectHelper, outputFile);
                return;
            }
        }
        CompletableFuture<ClassFilesRecord.Scanned> scanned = inputs == null ? null : ManifestInputs.scanBeside(inputs);
        GeneratedManifest generated;
        try {
            generated = new ManifestGenerator(fork, fork && cds ? cdsDirectory() : null).generate(request);
        } catch (GenerationException e) {
            throw failure(input.display(classes), e.problems());
        } catch (RuntimeException e) {
            // A defect of the generator: one sentence for the user, the trace is not attached as a cause.
            throw new MojoExecutionException("wow-compat failed while generating the Manifest from " + input.display(classes) + ": "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")")
                    + ". This is a wow-compat bug; please report it.");
        }
        for (String warning : generated.warnings()) {
            getLog().warn("wow-compat: " + warning);
        }
        try {
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.write(out, generated.json());
        } catch (IOException e) {
            ManifestInputs.forget(out);
            throw new MojoExecutionException("Cannot write " + input.display(out) + ": " + e.getMessage() + ".");
        }
        if (inputs != null) {
            try {
                ManifestInputs.record(out, inputs, generated.warnings(), scanned.join().record(generated.classFilesRead()));
            } catch (IOException | RuntimeException e) {
                ManifestInputs.forget(out);
                getLog().debug("wow-compat: cannot record the Manifest's inputs (" + e + "); the next build generates it again");
            }
        }
        // Later goals of this build read this file when no <manifest> is configured (AbstractWowCompatMojo).
        project.setContextValue(GENERATED_MANIFEST_KEY, outputFile.getAbsoluteFile());
        getLog().info(String.format(java.util.Locale.ROOT, "wow-compat: Manifest of %s %s generated from %s in %d ms: %s",
                service, release, input.display(classes), (System.nanoTime() - started) / 1_000_000, input.display(out)));
        if (attach) attachManifest(projectHelper, outputFile);
    }

    /** The plugin's own jars: a rebuilt SNAPSHOT of the plugin or of the generator makes the Manifest out of date. */
    private List<Path> pluginFiles() {
        List<Path> files = new ArrayList<>();
        if (plugin == null) return files;
        if (plugin.getPluginArtifact() != null && plugin.getPluginArtifact().getFile() != null) {
            files.add(plugin.getPluginArtifact().getFile().toPath());
        }
        for (Artifact a : plugin.getArtifacts()) {
            if (a.getFile() != null) files.add(a.getFile().toPath());
        }
        return files;
    }

    /** {@code cdsDirectory}, else {@code .wow-compat/cds} in the local repository; null when there is none. */
    private Path cdsDirectory() {
        if (cdsDirectory != null) return cdsDirectory.toPath().toAbsolutePath();
        try {
            File local = session.getRepositorySession().getLocalRepository().getBasedir();
            return local == null ? null : local.toPath().resolve(".wow-compat").resolve("cds").toAbsolutePath();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The files of the dependencies {@code <serviceModules>} names (jars, or a reactor module's classes). */
    private List<Path> serviceModules() throws MojoFailureException {
        List<Path> modules = new ArrayList<>();
        for (String module : serviceModules) {
            String wanted = module.trim();
            Optional<Artifact> found = project.getArtifacts().stream()
                    .filter(a -> wanted.equals(a.getArtifactId()) || wanted.equals(a.getGroupId() + ":" + a.getArtifactId()))
                    .findFirst();
            if (found.isEmpty() || found.get().getFile() == null) {
                throw new MojoFailureException("<serviceModules> (wow-compat.serviceModules) names " + wanted
                        + ", which is not a resolved dependency of " + project.getArtifactId() + ": add it as a dependency or "
                        + "remove it from <serviceModules>.");
            }
            modules.add(found.get().getFile().toPath().toAbsolutePath().normalize());
        }
        return modules;
    }

    private Version release() throws MojoFailureException {
        if (version != null && !version.isBlank()) {
            if (!Version.isValid(version.trim())) {
                throw new MojoFailureException("<version> (wow-compat.version) is '" + version + "'; a Manifest's version is major.minor.patch, e.g. 1.4.0.");
            }
            return Version.parse(version.trim());
        }
        Optional<Version> release = ReleaseVersion.of(project.getVersion());
        if (release.isEmpty()) {
            throw new MojoFailureException("The project version " + project.getVersion() + " does not start with a number, so it gives no "
                    + "major.minor.patch for the Manifest: set <version> (wow-compat.version) of the manifest goal.");
        }
        if (!release.get().toString().equals(project.getVersion())) {
            getLog().debug("wow-compat: project version " + project.getVersion() + " is release " + release.get() + " in the Manifest.");
        }
        return release.get();
    }

    /**
     * What the service's classes load from, without the classes themselves: the runtime classpath plus the
     * compile-only ({@code provided}) dependencies. An annotation whose class is missing when its holder is loaded
     * is silently dropped by the JVM, so a {@code provided} wow-compat-annotations must be there too.
     */
    private List<Path> classpath(Path classes) throws MojoExecutionException {
        Set<Path> out = new LinkedHashSet<>();
        try {
            for (String element : project.getCompileClasspathElements()) out.add(Path.of(element).toAbsolutePath().normalize());
            for (String element : project.getRuntimeClasspathElements()) out.add(Path.of(element).toAbsolutePath().normalize());
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("The classpath of " + project.getId() + " is not resolved: " + e.getMessage() + ".");
        }
        out.remove(classes);
        return List.copyOf(out);
    }

    private Optional<Path> previous(ManifestInput input) throws MojoExecutionException, MojoFailureException {
        if (previousManifest != null) {
            if (!previousManifest.isFile()) {
                throw new MojoFailureException("<previousManifest> (wow-compat.previousManifest) " + input.display(previousManifest.toPath())
                        + " does not exist.");
            }
            return Optional.of(previousManifest.toPath());
        }
        PreviousReleases releases = new PreviousReleases(repositorySystem, session.getRepositorySession(),
                project.getRemoteProjectRepositories(), getLog());
        List<PreviousReleases.Release> found = releases.find(project.getGroupId(), project.getArtifactId(), project.getVersion(), false);
        if (found.isEmpty()) return Optional.empty();
        PreviousReleases.Release newest = found.get(0);
        getLog().info("wow-compat: revision numbers kept from " + project.getArtifactId() + " " + newest.version() + " (its attached "
                + PreviousReleases.CLASSIFIER + ")");
        return Optional.of(newest.manifest().toPath());
    }

    /** One line per problem, each a sentence naming the class; no cause, so Maven prints no stack trace. */
    static MojoFailureException failure(String classes, List<String> problems) {
        if (problems.size() == 1) {
            return new MojoFailureException("The Manifest cannot be generated from " + classes + ": " + problems.get(0));
        }
        StringBuilder sb = new StringBuilder("The Manifest cannot be generated from ").append(classes).append(" (")
                .append(Outcome.count(problems.size(), "problem")).append("):");
        problems.stream().limit(ManifestInput.MAX_PROBLEM_LINES).forEach(p -> sb.append("\n  ").append(p));
        if (problems.size() > ManifestInput.MAX_PROBLEM_LINES) {
            sb.append("\n  ... and ").append(problems.size() - ManifestInput.MAX_PROBLEM_LINES).append(" more");
        }
        return new MojoFailureException(sb.toString());
    }
}
