package dev.wowcompat.cli;

/** Entry point of the wow-compat command line. */
public final class WowCompat {
    private WowCompat() {}

    public static void main(String[] args) {
        throw new UnsupportedOperationException("TODO cli");
    }
}
