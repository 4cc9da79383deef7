package dev.wowcompat.replay;

import dev.wowcompat.replay.runner.ReplayRunner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * The runner's classes as a jar of their own, written next to nothing else of ours: on the candidate's classpath it
 * adds nine JDK-only classes and no library, so the candidate runs with exactly the Wow and Jackson it ships.
 */
final class RunnerJar {
    /** Every class file of the runner's package; the runner is written without nested classes so that this is all. */
    static final List<String> CLASSES = List.of("ReplayRunner", "WowRuntime", "Json", "UpgraderFailure", "Upgraders", "EventClasses",
            "FoundMethod", "RequestLines", "RecordBytes");

    private RunnerJar() {
    }

    static Path write(Path directory) throws IOException {
        Path jar = directory.resolve("wow-compat-replay-runner.jar");
        String folder = ReplayRunner.class.getPackageName().replace('.', '/') + "/";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (String name : CLASSES) {
                try (InputStream in = ReplayRunner.class.getClassLoader().getResourceAsStream(folder + name + ".class")) {
                    if (in == null) {
                        throw new IOException("the replay runner's class " + name + " is missing from this build");
                    }
                    out.putNextEntry(new JarEntry(folder + name + ".class"));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return jar;
    }
}
