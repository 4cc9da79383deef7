package dev.wowcompat.replay;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Spring Boot jars made by the tests, laid out as Boot's repackager lays them out: the service's classes under
 * {@code BOOT-INF/classes/}, each library a stored jar under {@code BOOT-INF/lib/}, and {@code BOOT-INF/classpath.idx}
 * listing the libraries in classpath order.
 */
public final class BootJars {
    private BootJars() {
    }

    /**
     * @param classpath the service's classes directory first, then its libraries (directories are jarred first)
     */
    public static Path build(Path jar, List<Path> classpath) {
        try {
            Path work = Files.createTempDirectory(jar.getParent(), "libs");
            List<String> libs = new ArrayList<>();
            try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
                entry(zip, "META-INF/MANIFEST.MF", ("Manifest-Version: 1.0\nMain-Class: org.springframework.boot.loader.launch.JarLauncher\n"
                        + "Start-Class: fixture.bank.Application\nSpring-Boot-Classes: BOOT-INF/classes/\nSpring-Boot-Lib: BOOT-INF/lib/\n"
                        + "Spring-Boot-Classpath-Index: BOOT-INF/classpath.idx\n").getBytes(), false);
                tree(zip, classpath.get(0), "BOOT-INF/classes/");
                for (int i = 1; i < classpath.size(); i++) {
                    Path lib = classpath.get(i);
                    Path asJar = Files.isDirectory(lib) ? directoryJar(lib, work.resolve("lib-" + i + ".jar")) : lib;
                    String name = "lib-" + i + "-" + asJar.getFileName();
                    libs.add(name);
                    // Boot stores its libraries uncompressed, so that its launcher can read them in place.
                    entry(zip, "BOOT-INF/lib/" + name, Files.readAllBytes(asJar), true);
                }
                StringBuilder index = new StringBuilder();
                libs.forEach(name -> index.append("- \"BOOT-INF/lib/").append(name).append("\"\n"));
                entry(zip, "BOOT-INF/classpath.idx", index.toString().getBytes(), false);
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A jar of {@code entries} (name to content), nothing else: to make jars of any shape. */
    public static Path plain(Path jar, java.util.Map<String, String> entries) {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (var e : entries.entrySet()) {
                entry(zip, e.getKey(), e.getValue().getBytes(), false);
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path directoryJar(Path directory, Path jar) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            tree(zip, directory, "");
        }
        return jar;
    }

    private static void tree(ZipOutputStream zip, Path root, String prefix) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                String name = prefix + root.relativize(p).toString().replace('\\', '/');
                if (Files.isDirectory(p)) {
                    if (!p.equals(root)) {
                        zip.putNextEntry(new ZipEntry(name + "/"));
                        zip.closeEntry();
                    }
                } else {
                    entry(zip, name, Files.readAllBytes(p), false);
                }
            }
        }
    }

    private static void entry(ZipOutputStream zip, String name, byte[] content, boolean stored) throws IOException {
        ZipEntry entry = new ZipEntry(name);
        if (stored) {
            CRC32 crc = new CRC32();
            crc.update(content);
            entry.setMethod(ZipEntry.STORED);
            entry.setSize(content.length);
            entry.setCompressedSize(content.length);
            entry.setCrc(crc.getValue());
        }
        zip.putNextEntry(entry);
        OutputStream out = zip;
        out.write(content);
        zip.closeEntry();
    }
}
