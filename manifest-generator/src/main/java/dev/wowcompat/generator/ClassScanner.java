package dev.wowcompat.generator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Lists and loads every class of the service's class directories (or jars), in name order. A class that does not
 * load is left out with a warning: Wow, with the service's whole classpath, loads it at run time, and the rest of
 * the service is still described (docs/manifest-from-code.md, "Problems and warnings").
 */
final class ClassScanner {
    private final ClassLoader loader;
    private final GenerationProblems problems;
    private int unloaded;

    ClassScanner(ClassLoader loader, GenerationProblems problems) {
        this.loader = loader;
        this.problems = problems;
    }

    List<Class<?>> load(List<Path> classDirectories) {
        TreeSet<String> names = new TreeSet<>();
        for (Path root : classDirectories) {
            names.addAll(classNames(root));
        }
        List<Class<?>> classes = new ArrayList<>();
        // Missing package -> the classes that need it: one sentence for all, not one line per class.
        Map<String, List<String>> missing = new TreeMap<>();
        for (String name : names) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                // Reading the annotations and members links them: fail here, naming the class, rather than later.
                type.getAnnotations();
                type.getDeclaredMethods();
                type.getDeclaredFields();
                type.getDeclaredConstructors();
                classes.add(type);
            } catch (LinkageError | ClassNotFoundException | TypeNotPresentException e) {
                Optional<String> absent = missingClass(e);
                if (absent.isPresent() && !absent.get().equals(name)) {
                    missing.computeIfAbsent(packageOf(absent.get()), k -> new ArrayList<>()).add(name);
                } else {
                    problems.warn(name + ": cannot be loaded with the given classpath (" + cause(e) + "), so what it "
                            + "declares is missing from the Manifest.");
                }
            }
        }
        if (!missing.isEmpty()) {
            problems.warn(missingSummary(missing));
        }
        unloaded += names.size() - classes.size();
        return classes;
    }

    /** How many classes of the directories loaded so far did not load. */
    int unloaded() {
        return unloaded;
    }

    /** {@code 14 classes cannot be loaded: the classpath lacks the packages a.b (12 classes, e.g. x.Y), ...}. */
    private static String missingSummary(Map<String, List<String>> missing) {
        Set<String> affected = new TreeSet<>();
        missing.values().forEach(affected::addAll);
        List<String> parts = new ArrayList<>();
        missing.forEach((pkg, classes) -> parts.add(pkg + " (needed by " + (classes.size() == 1 ? classes.get(0)
                : classes.size() + " classes, e.g. " + classes.get(0)) + ")"));
        String count = affected.size() == 1 ? "1 class cannot" : affected.size() + " classes cannot";
        return count + " be loaded because the classpath lacks " + (missing.size() == 1 ? "the package " : "the packages ")
                + String.join(", ", parts) + ", so what " + (affected.size() == 1 ? "it declares" : "they declare")
                + " is missing from the Manifest: add the jars that hold them to the classpath.";
    }

    /** The class a linkage failure says is absent, when that is the cause. */
    private static Optional<String> missingClass(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t.getMessage();
            if ((t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException)
                    && message != null && !message.contains(" ")) {
                return Optional.of(message.replace('/', '.'));
            }
            if (t instanceof TypeNotPresentException tnp) {
                return Optional.of(tnp.typeName());
            }
        }
        return Optional.empty();
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "(the unnamed package)" : className.substring(0, dot);
    }

    /** The class, when the loader has it and it links; nothing is reported (the caller knows what its absence means). */
    static Optional<Class<?>> tryLoad(String name, ClassLoader loader) {
        try {
            return Optional.of(Class.forName(name, false, loader));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** The jar or directory a class was loaded from, or empty for the JDK's own classes. */
    static Optional<Path> location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static String cause(Throwable e) {
        String message = e.getMessage();
        String what = e.getClass().getSimpleName();
        if (e instanceof NoClassDefFoundError && message != null && !message.contains(" ")) {
            return "missing class " + message.replace('/', '.');
        }
        return message == null ? what : what + ": " + message;
    }

    static List<String> classNames(Path root) {
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(root)) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".class"))
                        .map(f -> root.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/"))
                        .map(ClassScanner::toClassName)
                        .filter(ClassScanner::isType)
                        .forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else if (Files.isRegularFile(root)) {
            try (JarFile jar = new JarFile(root.toFile())) {
                jar.stream().map(JarEntry::getName)
                        .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                        .map(ClassScanner::toClassName)
                        .filter(ClassScanner::isType)
                        .forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return names;
    }

    private static String toClassName(String relativePath) {
        return relativePath.substring(0, relativePath.length() - ".class".length()).replace('/', '.');
    }

    private static boolean isType(String className) {
        return !className.endsWith("module-info") && !className.endsWith("package-info");
    }
}
