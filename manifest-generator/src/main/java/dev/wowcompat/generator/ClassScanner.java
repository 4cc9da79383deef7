package dev.wowcompat.generator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** Lists and loads every class of the service's class directories (or jars), in name order. */
final class ClassScanner {
    private final ClassLoader loader;
    private final Problems problems;

    ClassScanner(ClassLoader loader, Problems problems) {
        this.loader = loader;
        this.problems = problems;
    }

    List<Class<?>> load(List<Path> classDirectories) {
        TreeSet<String> names = new TreeSet<>();
        for (Path root : classDirectories) {
            names.addAll(classNames(root));
        }
        List<Class<?>> classes = new ArrayList<>();
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
                problems.problem(name + ": cannot be loaded with the given classpath (" + cause(e) + ").");
            }
        }
        return classes;
    }

    static String cause(Throwable e) {
        String message = e.getMessage();
        String what = e.getClass().getSimpleName();
        if (e instanceof NoClassDefFoundError && message != null && !message.contains(" ")) {
            return "missing class " + message.replace('/', '.');
        }
        return message == null ? what : what + ": " + message;
    }

    private static List<String> classNames(Path root) {
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
