package dev.wowcompat.maven;

import dev.wowcompat.text.Sizes;
import dev.wowcompat.json.TokenLocations;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.LocatedManifest;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoFailureException;

/**
 * Reads Manifests for the goals and turns every way that can go wrong into one readable failure:
 * a sentence that names the file, then one line per problem (file, JSON pointer, what is wrong).
 * Failures carry no cause, so Maven prints no stack trace.
 */
final class ManifestInput {
    /** At most this many problem lines go into a failure message; the rest are counted. */
    static final int MAX_PROBLEM_LINES = 20;

    private final ManifestReader reader;
    /** For earlier releases, which were checked when they were candidates ({@link ManifestReader#trusting}). */
    private final ManifestReader trusting;
    private final Path basedir;

    ManifestInput(ManifestReader reader, Path basedir) {
        this.reader = reader;
        this.trusting = reader.trusting();
        this.basedir = basedir;
    }

    /** The project's own Manifest, with its text: the check locates its findings on the file's lines. */
    LocatedManifest readCandidate(File file, String parameterHint) throws MojoFailureException {
        if (file == null) {
            throw new MojoFailureException("No Manifest is configured: set " + parameterHint + ".");
        }
        if (!file.isFile()) {
            throw new MojoFailureException("No Manifest at " + display(file.toPath()) + ": write the service's Manifest there, or point "
                    + parameterHint + " at it.");
        }
        Path path = file.toPath();
        byte[] content = bytes(path, "The Manifest ");
        // Absolute: reports show it relative to the directory the build runs in, which may be a parent project's.
        return new LocatedManifest(read(reader, content, display(path), "The Manifest "), path.toAbsolutePath().normalize().toString(),
                new TokenLocations(content));
    }

    /**
     * Earlier releases from {@code baseline}: one Manifest file, or every {@code *.json} file directly in a folder.
     */
    List<Manifest> readBaselines(File baseline) throws MojoFailureException {
        Path path = baseline.toPath();
        if (Files.isRegularFile(path)) {
            return List.of(readBaseline(path));
        }
        if (!Files.isDirectory(path)) {
            throw new MojoFailureException("The baseline " + display(path) + " does not exist: point <baseline> (wow-compat.baseline) at an earlier Manifest or a folder of them.");
        }
        List<Path> files;
        try (Stream<Path> children = Files.list(path)) {
            files = children.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .sorted(Comparator.comparing(Path::toString))
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new MojoFailureException("Cannot list the baseline folder " + display(path) + ": " + e.getMessage() + ".");
        }
        if (files.isEmpty()) {
            throw new MojoFailureException("The baseline folder " + display(path) + " holds no *.json Manifest.");
        }
        List<Manifest> out = new ArrayList<>();
        for (Path f : files) {
            out.add(readBaseline(f));
        }
        return out;
    }

    private static Manifest read(ManifestReader reader, byte[] content, String source, String what) throws MojoFailureException {
        try {
            return reader.read(content, source);
        } catch (InvalidInputException e) {
            throw invalid(what + source, e.problems());
        } catch (RuntimeException e) {
            throw unexpected(what + source, e);
        }
    }

    /**
     * A baseline file: read trusting, then only the schemas the candidate (read before it) does not have are checked
     * against their meta-schemas ({@link ManifestReader#verify}), so each schema is meta-validated once.
     */
    private Manifest readBaseline(Path file) throws MojoFailureException {
        String what = "The baseline Manifest ";
        Manifest m = read(file, what);
        try {
            trusting.verify(m, display(file));
        } catch (InvalidInputException e) {
            throw invalid(what + display(file), e.problems());
        }
        return m;
    }

    /** The Manifest attached to a previous release's artifact: checked when that release was built, read trusting. */
    Manifest read(Path file, String what) throws MojoFailureException {
        // Read from bytes so that problems name the file as the user knows it (relative to the project).
        return read(trusting, bytes(file, what), display(file), what);
    }

    private byte[] bytes(Path file, String what) throws MojoFailureException {
        String shown = display(file);
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new MojoFailureException(what + shown + " cannot be read: " + e.getMessage() + ".");
        }
        if (size > reader.limits().maxBytes()) {
            throw new MojoFailureException(what + shown + " is " + Sizes.show(size) + ", more than the " + Sizes.show(reader.limits().maxBytes()) + " a Manifest may have.");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new MojoFailureException(what + shown + " cannot be read: " + e.getMessage() + ".");
        }
    }

    /** Paths inside the project are shown relative to it: shorter, and what the user typed. */
    String display(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(basedir) ? basedir.relativize(abs).toString() : abs.toString();
    }

    static MojoFailureException invalid(String subject, List<InputProblem> problems) {
        StringBuilder sb = new StringBuilder(subject).append(" is not valid (")
                .append(problems.size()).append(problems.size() == 1 ? " problem):" : " problems):");
        problems.stream().limit(MAX_PROBLEM_LINES).forEach(p -> sb.append("\n  ").append(p.line()));
        if (problems.size() > MAX_PROBLEM_LINES) {
            sb.append("\n  ... and ").append(problems.size() - MAX_PROBLEM_LINES).append(" more");
        }
        return new MojoFailureException(sb.toString());
    }

    /** A defect in the engine: still no stack trace for the user, but enough to file a bug. */
    static MojoFailureException unexpected(String subject, RuntimeException e) {
        return new MojoFailureException(subject + " could not be read: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")") + ". This is a wow-compat bug; please report it.");
    }
}
