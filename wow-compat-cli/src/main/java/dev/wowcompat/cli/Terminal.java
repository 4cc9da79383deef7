package dev.wowcompat.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/** Whether standard error is a terminal, for the lines meant only for a person watching (docs/decisions.md, "Progress"). */
final class Terminal {
    /** Where Linux shows what file descriptor 2 is. */
    private static final Path STDERR = Path.of("/proc/self/fd/2");

    private Terminal() {
    }

    /**
     * True when standard error is a terminal. The JDK tells only whether standard input and output both are
     * ({@code System.console()}), so on Linux the descriptor itself is read: a pseudo-terminal or a tty device.
     * Elsewhere the console's word is taken.
     */
    static boolean stderrIsTerminal() {
        if (!Files.exists(STDERR, LinkOption.NOFOLLOW_LINKS)) {
            return System.console() != null;
        }
        try {
            return isTerminalDevice(Files.readSymbolicLink(STDERR).toString());
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** A terminal device's path: {@code /dev/pts/N}, {@code /dev/ttyN}, {@code /dev/console}. */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }
}
