package dev.wowcompat.maven;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.SchemaPool;
import java.io.File;
import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** What every wow-compat goal shares: the project, the Manifest it declares, and the skip switch. */
abstract class AbstractWowCompatMojo extends AbstractMojo {

    /** The service's Manifest (DESIGN §3). */
    @Parameter(property = "wow-compat.manifest", defaultValue = "${project.basedir}/src/main/wow/manifest.json", required = true)
    protected File manifest;

    /** Skip every wow-compat goal. */
    @Parameter(property = "wow-compat.skip", defaultValue = "false")
    protected boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    protected final Path basedir() {
        return project.getBasedir().toPath().toAbsolutePath().normalize();
    }

    /**
     * One reader per goal execution: it is thread-safe but holds no state worth sharing across builds. It shares
     * schemas by fingerprint across everything the goal reads (the Manifest, the baseline folder, the previous
     * releases), since consecutive releases repeat most schemas unchanged and a long history would otherwise hold
     * each of them once per release.
     */
    protected final ManifestInput manifestInput() {
        return new ManifestInput(new ManifestReader().sharing(new SchemaPool()), basedir());
    }

    protected final Manifest readManifest(ManifestInput input) throws MojoFailureException {
        return input.readCandidate(manifest, "<manifest> (wow-compat.manifest)");
    }

    /** Logs every line of a multi-line text, so each carries Maven's level prefix. */
    protected final void logLines(String text) {
        for (String line : text.stripTrailing().split("\\R")) {
            getLog().info(line);
        }
    }
}
