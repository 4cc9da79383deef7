package dev.wowcompat.replay.runner;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * An event's class by its Wow name and revision, for the {@code bodyType} of a record generated from a Manifest:
 * looked for in the classpath entries that carry {@code META-INF/wow-metadata.json} (the service's modules) and in
 * Wow's API (its built-in events), among the classes whose simple name gives the event name or that carry Wow's {@code @Name}. The name is
 * Wow's (its {@code toName} when this Wow has it, else {@code @Name} or the simple name in snake case), the revision
 * {@code @Event(revision)}, default {@code 0.0.1}. A class of another revision of the event is the answer when none
 * has this one: a record of an older revision names the class its writer had, which usually keeps its name.
 */
final class EventClasses {
    private static final String METADATA = "META-INF/wow-metadata.json";
    private static final byte[] NAME_ANNOTATION = "me/ahoo/wow/api/annotation/Name".getBytes(StandardCharsets.UTF_8);

    private final Path runnerJar;
    /** Class name to whether its file names Wow's {@code @Name}, over the entries with Wow's metadata. */
    private TreeMap<String, Boolean> classes;

    EventClasses(Path runnerJar) {
        this.runnerJar = runnerJar;
    }

    /** The class name, or null when no class of the event is there. */
    String find(String eventName, String revision) {
        if (classes == null) {
            classes = new TreeMap<>();
            Path wowApi = wowApi();
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                Path path = Path.of(entry).toAbsolutePath().normalize();
                if (!path.equals(runnerJar)) {
                    scan(path, path.equals(wowApi));
                }
            }
        }
        String other = null;
        for (var c : classes.entrySet()) {
            String simple = c.getKey().substring(c.getKey().lastIndexOf('.') + 1);
            if (!c.getValue() && !snake(simple).equals(eventName)) {
                continue;
            }
            Class<?> type;
            try {
                type = Class.forName(c.getKey(), false, Thread.currentThread().getContextClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                continue;
            }
            if (!eventName.equals(name(type))) {
                continue;
            }
            if (revision.equals(revision(type))) {
                return type.getName();
            }
            if (other == null) {
                other = type.getName();
            }
        }
        return other;
    }

    /** Where Wow's API was loaded from: its built-in events (an aggregate deleted, recovered) are there. */
    private static Path wowApi() {
        try {
            return Path.of(WowRuntime.load("me.ahoo.wow.api.annotation.Event").getProtectionDomain().getCodeSource()
                    .getLocation().toURI()).toAbsolutePath().normalize();
        } catch (ReflectiveOperationException | LinkageError | java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private void scan(Path entry, boolean always) {
        try {
            if (Files.isDirectory(entry)) {
                if (!always && !Files.isRegularFile(entry.resolve(METADATA))) {
                    return;
                }
                try (Stream<Path> files = Files.walk(entry)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().contains("$")).toList()) {
                        String relative = entry.relativize(file).toString().replace(File.separatorChar, '/');
                        classes.put(className(relative), contains(Files.readAllBytes(file)));
                    }
                }
            } else if (Files.isRegularFile(entry)) {
                try (ZipFile jar = new ZipFile(entry.toFile())) {
                    if (!always && jar.getEntry(METADATA) == null) {
                        return;
                    }
                    for (ZipEntry e : jar.stream().filter(e -> e.getName().endsWith(".class") && !e.getName().contains("$")).toList()) {
                        try (InputStream in = jar.getInputStream(e)) {
                            classes.put(className(e.getName()), contains(in.readAllBytes()));
                        }
                    }
                }
            }
        } catch (IOException e) {
            // An entry that cannot be read holds no class Wow could load either.
        }
    }

    private static String className(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }

    private static boolean contains(byte[] classFile) {
        outer:
        for (int i = 0; i + NAME_ANNOTATION.length <= classFile.length; i++) {
            for (int j = 0; j < NAME_ANNOTATION.length; j++) {
                if (classFile[i + j] != NAME_ANNOTATION[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static String name(Class<?> type) {
        try {
            Method toName = WowRuntime.load("me.ahoo.wow.naming.annotation.PascalToSnakeConverterKt").getMethod("toName", Class.class);
            return (String) toName.invoke(null, type);
        } catch (ReflectiveOperationException | LinkageError e) {
            // A Wow without the converter (the tests' stand-in): its rule, @Name else the simple name in snake case.
        }
        String named = annotationValue(type, "me.ahoo.wow.api.annotation.Name", "value");
        return named != null && !named.isBlank() ? named : snake(type.getSimpleName());
    }

    private static String revision(Class<?> type) {
        String revision = annotationValue(type, "me.ahoo.wow.api.annotation.Event", "revision");
        return revision == null || revision.isBlank() ? "0.0.1" : revision;
    }

    private static String annotationValue(Class<?> type, String annotation, String member) {
        for (Annotation a : type.getAnnotations()) {
            if (a.annotationType().getName().equals(annotation)) {
                try {
                    return String.valueOf(a.annotationType().getMethod(member).invoke(a));
                } catch (ReflectiveOperationException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static String snake(String pascal) {
        StringBuilder snake = new StringBuilder();
        for (int i = 0; i < pascal.length(); i++) {
            char c = pascal.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    snake.append('_');
                }
                snake.append(Character.toLowerCase(c));
            } else {
                snake.append(c);
            }
        }
        return snake.toString();
    }
}
