package dev.wowcompat.replay.runner;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The candidate's upgraders that Wow never runs: classes on the classpath implementing Wow's {@code EventUpgrader}
 * that {@code META-INF/services} does not list. Only class files naming the interface in their constant pool (those
 * that implement it themselves) are loaded, without being initialized; wow-core's own jar is left out (by where the
 * interface was loaded from, not by package: Wow's examples live under {@code me.ahoo.wow.example}).
 */
final class Upgraders {
    static final String INTERFACE = "me.ahoo.wow.event.upgrader.EventUpgrader";
    private static final byte[] INTERNAL_NAME = INTERFACE.replace('.', '/').getBytes(StandardCharsets.UTF_8);

    private Upgraders() {
    }

    /** {@code {"registered": [...], "unregistered": [...]}}, class names sorted. */
    static String answer(Path runnerJar) throws ClassNotFoundException {
        Class<?> upgrader = WowRuntime.load(INTERFACE);
        TreeSet<String> registered = new TreeSet<>();
        Iterator<? extends ServiceLoader.Provider<?>> providers = ServiceLoader.load(upgrader).stream().iterator();
        while (true) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                registered.add(providers.next().type().getName());
            } catch (ServiceConfigurationError e) {
                // A listed class that does not load is Wow's failure at start, not an unregistered upgrader.
            }
        }
        Path wowCore = location(upgrader);
        TreeSet<String> unregistered = new TreeSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry).toAbsolutePath().normalize();
            if (path.equals(runnerJar) || path.equals(wowCore)) {
                continue;
            }
            for (String candidate : naming(path)) {
                if (registered.contains(candidate)) {
                    continue;
                }
                try {
                    Class<?> type = Class.forName(candidate, false, Thread.currentThread().getContextClassLoader());
                    if (upgrader.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
                        unregistered.add(candidate);
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    // A class that does not load here is not one Wow could run either.
                }
            }
        }
        return "{\"registered\":" + array(registered) + ",\"unregistered\":" + array(unregistered) + "}";
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
        } catch (java.net.URISyntaxException | NullPointerException | SecurityException e) {
            return Path.of("");
        }
    }

    /** The classes of a directory or jar whose class file names the interface. */
    private static List<String> naming(Path entry) {
        List<String> found = new ArrayList<>();
        try {
            if (Files.isDirectory(entry)) {
                try (Stream<Path> files = Files.walk(entry)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                        if (names(Files.readAllBytes(file))) {
                            found.add(className(entry.relativize(file).toString().replace(File.separatorChar, '/')));
                        }
                    }
                }
            } else if (Files.isRegularFile(entry)) {
                try (ZipFile jar = new ZipFile(entry.toFile())) {
                    for (ZipEntry e : jar.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
                        try (InputStream in = jar.getInputStream(e)) {
                            if (names(in.readAllBytes())) {
                                found.add(className(e.getName()));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            // An entry that cannot be read holds nothing Wow could load either.
        }
        return found;
    }

    private static String className(String path) {
        String name = path.substring(0, path.length() - ".class".length());
        if (name.startsWith("BOOT-INF/classes/")) {
            name = name.substring("BOOT-INF/classes/".length());
        }
        return name.replace('/', '.');
    }

    private static boolean names(byte[] classFile) {
        outer:
        for (int i = 0; i + INTERNAL_NAME.length <= classFile.length; i++) {
            for (int j = 0; j < INTERNAL_NAME.length; j++) {
                if (classFile[i + j] != INTERNAL_NAME[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static String array(TreeSet<String> names) {
        StringBuilder out = new StringBuilder("[");
        for (String name : names) {
            if (out.length() > 1) {
                out.append(',');
            }
            out.append(Json.string(name));
        }
        return out.append(']').toString();
    }
}
