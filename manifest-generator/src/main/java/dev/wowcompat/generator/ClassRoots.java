package dev.wowcompat.generator;

import org.objectweb.asm.ClassReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Whether a directory given as the service's classes is where its packages start. A class file names its own
 * class, so {@code target/classes/dev/x/A.class} found under {@code target} says the root is {@code target/classes}:
 * one sentence naming the right directory instead of one "wrong name" failure per class.
 */
final class ClassRoots {
    /** Enough class files to find every root a build directory holds (classes and test-classes, say). */
    private static final int SAMPLE = 64;

    private ClassRoots() {
    }

    /** A problem when {@code directory} holds classes whose packages start below it, naming where they start. */
    static Optional<String> problem(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        Set<String> roots = new TreeSet<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().limit(SAMPLE).toList()) {
                String relative = directory.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
                String internalName = new ClassReader(Files.readAllBytes(file)).getClassName();
                String expected = internalName + ".class";
                if (!relative.equals(expected) && relative.endsWith("/" + expected)) {
                    String root = relative.substring(0, relative.length() - expected.length() - 1);
                    roots.add(directory.resolve(root).toString());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Unreadable, or not a class file ASM can read: the class loader will say what is wrong with it.
            return Optional.empty();
        }
        if (roots.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(directory + ": is not where the classes' packages start; they start at " + String.join(" and ", roots)
                + ": give " + (roots.size() == 1 ? "that directory" : "those directories") + " instead.");
    }
}
