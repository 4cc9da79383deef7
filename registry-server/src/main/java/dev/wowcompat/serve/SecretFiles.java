package dev.wowcompat.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a file {@code serve} reads its writers from is open to other users of the machine (docs/deployment.md,
 * "Who may write"): readable by them when it holds tokens or token digests (a digest of a guessable token is found by
 * trying), writable by them always (whoever can change it gives themselves any grant). One warning line, naming the
 * file and the {@code chmod} that closes it; a file system without POSIX permissions is not judged.
 */
final class SecretFiles {
    private static final Set<PosixFilePermission> READ_BY_OTHERS = Set.of(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
    private static final Set<PosixFilePermission> WRITTEN_BY_OTHERS = Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private SecretFiles() {}

    /**
     * @param holds what the file holds that others must not read ("tokens", "token digests"), or null when it holds
     *              nothing secret (a principals file of OIDC entries only): then only its being writable is told
     */
    static Optional<String> warning(Path file, String holds) {
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException | IOException e) {
            return Optional.empty();
        }
        boolean read = holds != null && mode.stream().anyMatch(READ_BY_OTHERS::contains);
        boolean written = mode.stream().anyMatch(WRITTEN_BY_OTHERS::contains);
        if (!read && !written) return Optional.empty();
        String what = read && written ? "readable and writable by other users" : read ? "readable by other users" : "writable by other users";
        String why = (read ? "it holds " + holds : "") + (read && written ? ", and " : "")
                + (written ? "whoever can change it may give themselves any grant" : "");
        return Optional.of("warning: " + file + " is " + what + " (" + PosixFilePermissions.toString(mode) + "): " + why
                + "; run chmod 600 " + file);
    }
}
