package dev.wowcompat.api;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.store.RegistrationResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The bundled example releases ({@code schemas/examples/}, packed into the jar under {@code examples/}) that
 * {@code serve --demo} registers. Every {@code *.json} file is a release, except those in a directory named
 * {@code candidates} (Manifests kept for trying {@code check}, which the checker refuses by design). Releases are
 * registered in version order; one that cannot be registered is reported and skipped, so the demo starts
 * whatever the examples hold.
 */
public final class DemoReleases {
    private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\"(\\d+\\.\\d+\\.\\d+)\"");

    private DemoReleases() {}

    /** Registers the examples; returns how many releases are stored afterwards (new or already there). */
    public static int register(Registration registration, PrintWriter log) {
        URL root = DemoReleases.class.getResource("/examples");
        if (root == null) {
            log.println("demo: no example releases are bundled in this build");
            return 0;
        }
        try {
            URI uri = root.toURI();
            if (uri.getScheme().equals("jar")) {
                FileSystem jar;
                boolean opened = false;
                try {
                    jar = FileSystems.getFileSystem(uri);
                } catch (FileSystemNotFoundException e) {
                    jar = FileSystems.newFileSystem(uri, Map.of());
                    opened = true;
                }
                try {
                    return registerAll(jar.getPath("/examples"), registration, log);
                } finally {
                    if (opened) jar.close();
                }
            }
            return registerAll(Path.of(uri), registration, log);
        } catch (IOException | URISyntaxException e) {
            log.println("demo: cannot read the bundled examples: " + e.getMessage());
            return 0;
        }
    }

    static int registerAll(Path root, Registration registration, PrintWriter log) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .filter(p -> !root.relativize(p).toString().matches("(.*/)?candidates/.*"))
                    .toList();
        }
        record Candidate(Path file, byte[] content, Version version) {}
        List<Candidate> releases = new ArrayList<>();
        for (Path f : files) {
            byte[] content = Files.readAllBytes(f);
            Matcher m = VERSION.matcher(new String(content, java.nio.charset.StandardCharsets.UTF_8));
            releases.add(new Candidate(f, content, m.find() ? Version.parse(m.group(1)) : new Version(0, 0, 0)));
        }
        releases.sort(Comparator.comparing(Candidate::version).thenComparing(c -> c.file().toString()));
        int stored = 0;
        for (Candidate c : releases) {
            String name = root.relativize(c.file()).toString();
            try {
                RegistrationResult r = registration.register(null, c.content(), "examples/" + name);
                switch (r.outcome()) {
                    case CREATED, SAME_CONTENT -> stored++;
                    case VERSION_CONFLICT -> log.println("demo: " + name + ": skipped, its version is already registered with other content");
                    case REFUSED -> log.println("demo: " + name + ": skipped, the checker refuses it (breaking)");
                    default -> { }
                }
            } catch (InvalidInputException e) {
                log.println("demo: " + name + ": skipped: " + e.getMessage().lines().findFirst().orElse("invalid"));
            }
        }
        log.flush();
        return stored;
    }
}
