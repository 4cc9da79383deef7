package dev.wowcompat.rules;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files of the repository that tests read in place (docs/rules.md, schemas/examples), so that what the
 * tests check is exactly what users read, not a copy under src/test/resources.
 */
final class RepoFiles {
    private RepoFiles() {}

    /**
     * The repository root: the system property {@code wowcompat.repoRoot} when set, else the nearest
     * directory at or above the working directory (Surefire runs in the module directory) that holds
     * {@code compat-rules/pom.xml}.
     */
    static Path root() {
        String configured = System.getProperty("wowcompat.repoRoot");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("compat-rules").resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no directory with compat-rules/pom.xml at or above " + start
                + "; set -Dwowcompat.repoRoot=... or run from inside the repository");
    }

    static Path resolve(String relative) {
        return root().resolve(relative);
    }
}
