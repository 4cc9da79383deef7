package dev.wowcompat.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The start of a command line for a JVM a test starts itself (a {@code serve} process, a watcher, a command line run
 * as users run it): this JVM's {@code java} with the test JVMs' options. The options are the build's
 * {@code wowcompat.testJvm} (the root pom: C1 only and the serial collector, since every such JVM lives seconds and
 * two cores are shared by all of them; docs/performance.md, "CI's time"), so a process a test starts costs what the
 * test JVM itself costs. Shared by every module's tests through compat-rules' test-jar.
 */
public final class TestJava {
    private TestJava() {}

    /** {@code java}, the test JVMs' options, then {@code options} (such as {@code -Xmx256m}, {@code -cp}). */
    public static List<String> command(String... options) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String shared = System.getProperty("wowcompat.testJvm", "").strip();
        if (!shared.isEmpty()) command.addAll(Arrays.asList(shared.split("\\s+")));
        command.addAll(Arrays.asList(options));
        return command;
    }
}
