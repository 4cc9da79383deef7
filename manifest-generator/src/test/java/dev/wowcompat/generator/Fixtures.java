package dev.wowcompat.generator;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.wowcompat.annotations.Unit;
import dev.wowcompat.testing.JavaSources;
import me.ahoo.wow.api.annotation.Event;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** Real compiled classes for the generator: the sample service copied out of test-classes, or sources compiled now. */
final class Fixtures {
    static final Path TEST_CLASSES = location(Fixtures.class);

    private Fixtures() {
    }

    /** The jar (or directory) a class was loaded from. */
    static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a Wow service built with wow-compat's annotations has on its classpath: Wow's API, ours, Jackson's. */
    static List<Path> serviceClasspath() {
        return List.of(location(Event.class), location(Unit.class), location(JsonProperty.class));
    }

    /** A fresh directory holding the compiled classes of these packages only (sub-packages included). */
    static Path copyPackages(Path target, String... packages) {
        try {
            Files.createDirectories(target);
            for (String pkg : packages) {
                Path from = TEST_CLASSES.resolve(pkg.replace('.', '/'));
                try (Stream<Path> files = Files.walk(from)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) {
                        Path to = target.resolve(TEST_CLASSES.relativize(f).toString());
                        Files.createDirectories(to.getParent());
                        Files.copy(f, to);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sample bank service: its classes in one directory, its two stand-in dependencies in another. */
    static GenerationRequest sampleRequest(Path temp, Optional<Path> previous) {
        Path classes = copyPackages(temp.resolve("classes"), "dev.wowcompat.sample.bank");
        Path deps = copyPackages(temp.resolve("deps"), "reactor.core.publisher", "javax.annotation");
        List<Path> classpath = new ArrayList<>(serviceClasspath());
        classpath.add(deps);
        return new GenerationRequest(List.of(classes), classpath, "bank-service", "1.0.0", previous);
    }

    /** Compiles Java sources (file name to text) into {@code out} against the classpath. */
    static Path compile(Path out, List<Path> classpath, Map<String, String> sources) {
        return JavaSources.compile(out, classpath, sources);
    }

    /** A jar of a directory's files, as a build packs a module. */
    static Path jar(Path directory, Path jar) {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(directory.relativize(file).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(file));
                out.closeEntry();
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
