package dev.wowcompat.replay;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * A Spring Boot jar unpacked as Boot lays it out, for the candidate's classpath: {@code BOOT-INF/classes}, then the
 * jars of {@code BOOT-INF/lib} in the order of {@code BOOT-INF/classpath.idx} (those it does not list after, by
 * name). Unpacked into a temporary directory that {@link #close()} deletes, as does the JVM's end on Ctrl-C; bounded in
 * entries and bytes, and an entry whose name leaves the directory is refused (docs/replay.md, "A Spring Boot jar").
 */
public final class BootJar implements AutoCloseable {
    /** Larger than any service's jar we know of (a few hundred MB unpacked), small enough for a CI machine's disk. */
    public static final long MAX_BYTES = 2L * 1024 * 1024 * 1024;
    public static final int MAX_ENTRIES = 200_000;

    private static final String CLASSES = "BOOT-INF/classes/";
    private static final String LIB = "BOOT-INF/lib/";
    private static final String INDEX = "BOOT-INF/classpath.idx";

    private final Path directory;
    private final List<Path> classpath;
    private final Thread deleteOnExit;

    private BootJar(Path directory, List<Path> classpath, Thread deleteOnExit) {
        this.directory = directory;
        this.classpath = List.copyOf(classpath);
        this.deleteOnExit = deleteOnExit;
    }

    /** Unpacks {@code jar} into a new directory under the system's temporary directory. */
    public static BootJar unpack(Path jar) throws ReplayException {
        return unpack(jar, null, MAX_BYTES, MAX_ENTRIES);
    }

    /**
     * @param parent   where the temporary directory is made; null: the system's temporary directory
     * @param maxBytes how many bytes the unpacked files may hold together
     */
    static BootJar unpack(Path jar, Path parent, long maxBytes, int maxEntries) throws ReplayException {
        if (!Files.isRegularFile(jar)) {
            throw new ReplayException(jar + ": no such file (--jar takes a Spring Boot jar).");
        }
        Path directory;
        try {
            directory = parent == null ? Files.createTempDirectory("wow-compat-boot-") : Files.createTempDirectory(parent, "wow-compat-boot-");
        } catch (IOException e) {
            throw new ReplayException("Cannot make a temporary directory to unpack " + jar + " into: " + e.getMessage() + ".");
        }
        Thread deleteOnExit = new Thread(() -> delete(directory), "replay-boot-jar-delete");
        Runtime.getRuntime().addShutdownHook(deleteOnExit);
        try {
            return new BootJar(directory, extract(jar, directory.toRealPath(), maxBytes, maxEntries), deleteOnExit);
        } catch (ReplayException | RuntimeException e) {
            removeHook(deleteOnExit);
            delete(directory);
            throw e;
        } catch (IOException e) {
            removeHook(deleteOnExit);
            delete(directory);
            throw new ReplayException("Cannot unpack " + jar + ": " + e.getMessage() + ".");
        }
    }

    private static List<Path> extract(Path jar, Path directory, long maxBytes, int maxEntries) throws ReplayException, IOException {
        ZipFile zip;
        try {
            zip = new ZipFile(jar.toFile());
        } catch (ZipException e) {
            throw new ReplayException(jar + " is not a jar (not a zip file); --jar takes a Spring Boot jar.");
        }
        try (zip) {
            if (zip.size() > maxEntries) {
                throw new ReplayException(jar + " has " + zip.size() + " entries, more than the " + maxEntries + " a jar is unpacked with.");
            }
            Path classes = directory.resolve("classes");
            Path lib = directory.resolve("lib");
            Files.createDirectories(classes);
            Files.createDirectories(lib);
            boolean bootShaped = false;
            List<String> index = List.of();
            Set<String> libJars = new LinkedHashSet<>();
            long[] written = {0};
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                String name = entry.getName();
                if (name.equals(INDEX)) {
                    index = readIndex(zip, entry);
                } else if (name.startsWith(CLASSES)) {
                    bootShaped = true;
                    copy(zip, entry, classes, name.substring(CLASSES.length()), jar, written, maxBytes);
                } else if (name.startsWith(LIB) && !entry.isDirectory()) {
                    bootShaped = true;
                    String file = name.substring(LIB.length());
                    if (!file.endsWith(".jar") || file.contains("/")) {
                        continue; // Boot puts only jars here; anything else is not on its classpath either
                    }
                    copy(zip, entry, lib, file, jar, written, maxBytes);
                    libJars.add(file);
                }
            }
            if (!bootShaped) {
                throw new ReplayException(jar + " is not a Spring Boot jar: it has neither " + CLASSES + " nor " + LIB
                        + "; give a plain jar or classes with --classpath.");
            }
            List<Path> classpath = new ArrayList<>();
            classpath.add(classes);
            for (String listed : index) {
                if (libJars.remove(listed)) {
                    classpath.add(lib.resolve(listed));
                }
            }
            libJars.stream().sorted().forEach(file -> classpath.add(lib.resolve(file)));
            return classpath;
        }
    }

    /** {@code classpath.idx}: one {@code - "BOOT-INF/lib/NAME.jar"} a line, in the order Boot puts them on its classpath. */
    private static List<String> readIndex(ZipFile zip, ZipEntry entry) throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = zip.getInputStream(entry)) {
            // Boot's index is a line per jar; a few hundred lines at most, read with a bound all the same.
            String text = new String(in.readNBytes(1024 * 1024), StandardCharsets.UTF_8);
            for (String line : text.split("\\R")) {
                String trimmed = line.strip();
                if (trimmed.startsWith("- ")) {
                    trimmed = trimmed.substring(2).strip();
                }
                if (trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")) {
                    trimmed = trimmed.substring(1, trimmed.length() - 1);
                }
                if (trimmed.startsWith(LIB)) {
                    names.add(trimmed.substring(LIB.length()));
                }
            }
        }
        return names;
    }

    private static void copy(ZipFile zip, ZipEntry entry, Path into, String relative, Path jar, long[] written, long maxBytes)
            throws ReplayException, IOException {
        if (relative.isEmpty()) {
            return;
        }
        Path target = into.resolve(relative).normalize();
        if (!target.startsWith(into) || relative.startsWith("/") || relative.contains("\\")) {
            throw new ReplayException(jar + " holds the entry " + entry.getName() + ", whose name leaves the directory it is unpacked into; it is not unpacked.");
        }
        if (entry.isDirectory()) {
            Files.createDirectories(target);
            return;
        }
        Files.createDirectories(target.getParent());
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = zip.getInputStream(entry); OutputStream out = Files.newOutputStream(target)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                // Counted as written, not as the entry's header says: a header may lie about the size.
                written[0] += n;
                if (written[0] > maxBytes) {
                    throw new ReplayException(jar + " unpacks to more than " + maxBytes / (1024 * 1024) + " MB, the bound a jar is unpacked with.");
                }
                out.write(buffer, 0, n);
            }
        }
    }

    /** {@code BOOT-INF/classes}, then the jars of {@code BOOT-INF/lib} in Boot's order. */
    public List<Path> classpath() {
        return classpath;
    }

    Path directory() {
        return directory;
    }

    /** Deletes the unpacked files. */
    @Override
    public void close() {
        removeHook(deleteOnExit);
        delete(directory);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook runs, or has run, and deletes the same files.
        }
    }

    private static void delete(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // A file another process holds open: the rest is deleted, and the system's temporary directory is cleaned by it.
        }
    }
}
