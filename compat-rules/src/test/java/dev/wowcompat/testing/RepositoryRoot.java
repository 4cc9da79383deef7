package dev.wowcompat.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository's root, for tests that read the repository's files in place (docs/, schemas/examples, the
 * sources), so that what they check is exactly what users read, not a copy under src/test/resources. Shared by
 * every module's tests through compat-rules' test-jar.
 */
public final class RepositoryRoot {
    /** Only the root pom lists the modules; a module's own pom, a docs folder or a schemas folder may be copied. */
    private static final String MARKER = "<module>compat-rules</module>";

    private RepositoryRoot() {}

    /**
     * The system property {@code wowcompat.repoRoot} when set, else the nearest directory at or above the working
     * directory (Surefire runs in the module's directory) whose pom.xml lists the modules.
     */
    public static Path path() {
        String configured = System.getProperty("wowcompat.repoRoot");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (listsTheModules(dir.resolve("pom.xml"))) return dir;
        }
        throw new IllegalStateException("no directory at or above " + start + " has the pom.xml that lists the modules"
                + "; set -Dwowcompat.repoRoot=... or run from inside the repository");
    }

    /** A path relative to the repository's root, such as {@code docs/cli.md}. */
    public static Path resolve(String relative) {
        return path().resolve(relative);
    }

    private static boolean listsTheModules(Path pom) {
        if (!Files.isRegularFile(pom)) return false;
        try {
            return Files.readString(pom).contains(MARKER);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
