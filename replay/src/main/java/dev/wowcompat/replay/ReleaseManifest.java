package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.generator.GeneratedManifest;
import dev.wowcompat.generator.GenerationException;
import dev.wowcompat.generator.GenerationRequest;
import dev.wowcompat.generator.ManifestGenerator;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.Version;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The Manifest of a release the replay runs: a file given, or generated from the release's classes as
 * {@code wow-compat manifest} generates it (docs/replay.md, "The Manifest").
 *
 * @param file    the Manifest file; when empty it is generated
 * @param classes the release's own classes; when empty, the classpath entries whose {@code META-INF/wow-metadata.json}
 *                names an aggregate
 * @param service the Manifest's service name; when empty, the bounded context's name
 * @param version the release's version; when empty, {@code 0.0.0}
 */
public record ReleaseManifest(Optional<Path> file, List<Path> classes, Optional<String> service, Optional<String> version) {
    static final String METADATA = "META-INF/wow-metadata.json";
    static final String UNVERSIONED = "0.0.0";

    public ReleaseManifest {
        classes = List.copyOf(classes);
    }

    /** Generated from the classpath's own modules, named after its bounded context: how a baseline's is made. */
    public static ReleaseManifest generated() {
        return new ReleaseManifest(Optional.empty(), List.of(), Optional.empty(), Optional.empty());
    }

    /**
     * Reads or generates the Manifest.
     *
     * @param classpath the release's classes and runtime dependencies
     * @param whose     "the candidate's" or "the baseline's", for messages
     */
    Manifest load(List<Path> classpath, String whose) throws ReplayException {
        if (file.isPresent()) {
            Path path = file.get();
            if (!Files.isRegularFile(path)) {
                throw new ReplayException("The Manifest " + path + " is not a file.");
            }
            try {
                return new ManifestReader(InputLimits.defaults()).read(path);
            } catch (InvalidInputException e) {
                throw new ReplayException("The Manifest " + path + " is not a valid Manifest: "
                        + e.problems().get(0).message() + ".");
            }
        }
        if (version.isPresent() && !Version.isValid(version.get())) {
            throw new ReplayException(Version.problem(version.get()).orElseThrow() + ".");
        }
        List<Path> modules = new ArrayList<>(classes);
        TreeSet<String> contexts = new TreeSet<>();
        List<Path> searched = new ArrayList<>(classes);
        searched.addAll(classpath);
        for (Path entry : searched) {
            Optional<JsonNode> metadata = metadata(entry);
            if (metadata.isEmpty()) {
                continue;
            }
            boolean names = false;
            for (Iterator<Map.Entry<String, JsonNode>> it = metadata.get().path("contexts").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> context = it.next();
                if (context.getValue().path("aggregates").size() > 0) {
                    contexts.add(context.getKey());
                    names = true;
                }
            }
            if (names && classes.isEmpty() && !modules.contains(entry)) {
                modules.add(entry);
            }
        }
        if (modules.isEmpty()) {
            throw new ReplayException(capitalized(whose) + " classpath has no entry whose " + METADATA
                    + " names an aggregate, so its Manifest cannot be generated: give it with --manifest, or its classes with --classes.");
        }
        String name = service.orElse(contexts.isEmpty() ? null : contexts.first());
        if (name == null) {
            throw new ReplayException(capitalized(whose) + " classes name no bounded context: give the service's name with --service.");
        }
        GeneratedManifest generated;
        try {
            // In this JVM, in the generator's isolated class loader: the command is already a JVM of its own.
            generated = new ManifestGenerator(false).generate(new GenerationRequest(
                    modules.stream().map(p -> p.toAbsolutePath().normalize()).toList(),
                    classpath.stream().map(p -> p.toAbsolutePath().normalize()).toList(),
                    name, version.orElse(UNVERSIONED), Optional.empty()));
        } catch (GenerationException e) {
            throw new ReplayException(capitalized(whose) + " Manifest cannot be generated from its classes: "
                    + e.problems().get(0));
        }
        try {
            return new ManifestReader(InputLimits.defaults()).read(generated.json(), whose + " generated Manifest");
        } catch (InvalidInputException e) {
            throw new ReplayException(capitalized(whose) + " generated Manifest is not valid: "
                    + e.problems().get(0).message() + "; give the service's name with --service.");
        }
    }

    private static Optional<JsonNode> metadata(Path entry) {
        try {
            if (Files.isDirectory(entry)) {
                Path file = entry.resolve(METADATA);
                return Files.isRegularFile(file) ? Optional.of(Replay.JSON.readTree(file.toFile())) : Optional.empty();
            }
            if (Files.isRegularFile(entry)) {
                try (ZipFile jar = new ZipFile(entry.toFile())) {
                    ZipEntry metadata = jar.getEntry(METADATA);
                    if (metadata == null) {
                        return Optional.empty();
                    }
                    try (InputStream in = jar.getInputStream(metadata)) {
                        return Optional.of(Replay.JSON.readTree(in));
                    }
                }
            }
        } catch (IOException e) {
            // Wow leaves out a metadata file it cannot read; so does the generation.
        }
        return Optional.empty();
    }

    private static String capitalized(String whose) {
        return Character.toUpperCase(whose.charAt(0)) + whose.substring(1);
    }
}
