package dev.wowcompat.testing;

import dev.wowcompat.serve.ServeCommand;
import picocli.CommandLine;

/** {@code wow-compat serve} alone, for tests that need the registry in a JVM of its own (to kill it). */
public final class ServeMain {
    private ServeMain() {}

    public static void main(String[] args) {
        System.exit(new CommandLine(new ServeCommand()).execute(args));
    }
}
