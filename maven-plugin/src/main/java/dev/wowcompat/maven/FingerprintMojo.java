package dev.wowcompat.maven;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.TypeEntry;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints the fingerprint of every state, command and event revision schema of the Manifest and writes them to
 * {@code fingerprints.json}; with {@code verifyFiles}, fails when a test fixture's {@code schemaFingerprint} is
 * not the current state schema of its aggregate.
 */
@Mojo(name = "fingerprint", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class FingerprintMojo extends AbstractWowCompatMojo {

    /**
     * JSON files (or folders of them) carrying a state's {@code schemaFingerprint}: state views
     * {@code {version, schemaFingerprint, state}}, state events or their envelopes, snapshots.
     */
    @Parameter(property = "wow-compat.verifyFiles")
    private List<File> verifyFiles;

    @Parameter(property = "wow-compat.outputDirectory", defaultValue = "${project.build.directory}/wow-compat")
    private File outputDirectory;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("wow-compat: fingerprint skipped (wow-compat.skip).");
            return;
        }
        ManifestInput input = manifestInput();
        Manifest candidate = readManifest(input).manifest();

        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("service", candidate.service());
        root.put("version", candidate.version().toString());
        ArrayNode list = root.putArray("fingerprints");
        getLog().info("wow-compat: schema fingerprints of " + candidate.label() + ":");
        for (TypeEntry type : candidate.types()) {
            if (type.schema() == null) continue;
            ObjectNode entry = list.addObject();
            entry.put("kind", type.kind().label());
            entry.put("subject", type.subject());
            entry.put("fingerprint", type.schema().fingerprint());
            getLog().info(String.format("  %-7s %s %s", type.kind().label(), type.schema().fingerprint(), type.subject()));
        }
        Path out = outputDirectory.toPath().resolve("fingerprints.json");
        try {
            Files.createDirectories(out.getParent());
            Files.writeString(out, mapper.writeValueAsString(root) + "\n");
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + out + ": " + e.getMessage() + ".");
        }
        getLog().info("wow-compat: written to " + input.display(out));

        if (verifyFiles != null && !verifyFiles.isEmpty()) {
            verify(input, candidate);
        }
    }

    private void verify(ManifestInput input, Manifest candidate) throws MojoFailureException {
        List<Path> files;
        try {
            files = StateFixtures.expand(verifyFiles.stream().map(File::toPath).toList());
        } catch (IOException e) {
            throw new MojoFailureException("Cannot list <verifyFiles>: " + e.getMessage() + ".");
        }
        StateFixtures fixtures = new StateFixtures(candidate);
        List<StateFixtures.Result> wrong = new ArrayList<>();
        for (Path f : files) {
            StateFixtures.Result r = fixtures.verify(f, input.display(f));
            if (r.current()) {
                getLog().info("wow-compat: " + r.message());
            } else {
                wrong.add(r);
            }
        }
        if (files.isEmpty()) {
            throw new MojoFailureException("<verifyFiles> names no JSON file.");
        }
        if (!wrong.isEmpty()) {
            StringBuilder sb = new StringBuilder(wrong.size() + " of " + Outcome.count(files.size(), "file")
                    + (wrong.size() == 1 ? " does" : " do") + " not carry the current state schema fingerprint of " + candidate.label() + ":");
            wrong.forEach(r -> sb.append("\n  ").append(r.message()));
            throw new MojoFailureException(sb.toString());
        }
    }
}
