package dev.wowcompat.generator;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The forked generator's class data archive: made by the first fork, mapped by the next, and never a reason for other
 * bytes or a failure (corrupt, foreign or unusable archives). The fork's own classpath is given as jars here (the
 * test JVM's has class directories, which CDS refuses), made from this JVM's classpath.
 */
class ClassDataArchiveTest {
    @TempDir
    static Path shared;

    @TempDir
    Path temp;

    private static List<Path> jars;
    private static byte[] expected;

    @BeforeAll
    static void jarsAndTheInProcessBytes() throws Exception {
        jars = new ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            // Normalized: the module that runs these tests names this module's folders through its own (../).
            Path p = Path.of(entry).toAbsolutePath().normalize();
            if (Files.isDirectory(p)) {
                if (p.equals(Fixtures.TEST_CLASSES)) continue;
                jars.add(Fixtures.jar(p, shared.resolve("dir" + n++ + ".jar")));
            } else if (Files.isRegularFile(p)) {
                jars.add(p);
            }
        }
        expected = new ManifestGenerator(false).generate(Fixtures.sampleRequest(shared.resolve("in"), Optional.empty())).json();
    }

    private GeneratedManifest generate(Path cds, String name, String... extraOptions) throws GenerationException {
        return new ManifestGenerator(true, cds, List.of(extraOptions), jars)
                .generate(Fixtures.sampleRequest(temp.resolve(name), Optional.empty()));
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void theFirstForkMakesTheArchiveAndTheNextMapsItForTheSameBytes() throws Exception {
        Path cds = temp.resolve("cds");
        assertArrayEquals(expected, generate(cds, "first").json());
        List<Path> archives = files(cds, ".jsa");
        assertEquals(1, archives.size(), archives.toString());
        assertTrue(archives.get(0).getFileName().toString().matches("generator-[0-9a-f]{32}-[0-9a-f]{8}\\.jsa"), archives.toString());
        assertEquals(List.of(), files(cds, ".tmp"));

        Path log = temp.resolve("classes.log");
        assertArrayEquals(expected, generate(cds, "second", "-Xlog:class+load=info:file=" + log).json());
        String loaded = Files.readString(log);
        // The generator's classes (isolated loader), the self-check's (application loader) and the service's own.
        for (String type : List.of("dev.wowcompat.generator.IsolatedEntry", "dev.wowcompat.manifest.ManifestReader",
                "com.github.victools.jsonschema.generator.SchemaGenerator", "dev.wowcompat.sample.bank.account.Deposited")) {
            assertTrue(loaded.contains(" " + type + " source: shared objects file (top)"), type + " not from the archive");
        }
        assertEquals(archives, files(cds, ".jsa"), "the archive is kept as it is");
    }

    @Test
    void aCorruptArchiveIsDeletedAndTheForkGivesTheSameBytesWithoutIt() throws Exception {
        Path cds = temp.resolve("cds");
        generate(cds, "make");
        Path archive = files(cds, ".jsa").get(0);
        // Bytes changed in the middle, where the JVM's header checks would not look: the CRC in the name catches it.
        try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
            f.seek(f.length() / 2);
            f.write(new byte[4096]);
        }
        Path log = temp.resolve("classes.log");
        assertArrayEquals(expected, generate(cds, "corrupt", "-Xlog:class+load=info:file=" + log).json());
        assertFalse(Files.readString(log).contains("(top)"), "the corrupt archive was mapped");
        List<Path> now = files(cds, ".jsa");
        assertEquals(1, now.size(), "made again: " + now);
        String name = now.get(0).getFileName().toString();
        assertEquals(name.substring(name.lastIndexOf('-') + 1, name.length() - ".jsa".length()), ClassDataArchive.crc(now.get(0)),
                "a new archive whose bytes have the CRC its name gives");
    }

    @Test
    void anArchiveTheJvmRefusesIsIgnoredWithoutAWordAndTheBytesAreTheSame() throws Exception {
        Path cds = temp.resolve("cds");
        generate(cds, "make");
        Path archive = files(cds, ".jsa").get(0);
        // Another file under the archive's name whose CRC matches: a truncated archive, renamed to its own CRC.
        byte[] head = new byte[64 * 1024];
        try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "r")) {
            f.readFully(head);
        }
        Files.delete(archive);
        Path truncated = Files.write(temp.resolve("truncated"), head);
        String name = archive.getFileName().toString();
        Path renamed = cds.resolve(name.substring(0, name.lastIndexOf('-') + 1) + ClassDataArchive.crc(truncated) + ".jsa");
        Files.move(truncated, renamed);
        GeneratedManifest generated = generate(cds, "refused");
        assertArrayEquals(expected, generated.json());
        assertEquals(List.of(), generated.warnings());
    }

    @Test
    void anArchiveAForkDiedWithIsDeletedAndMadeAgainByTheNextFork() throws Exception {
        Path cds = temp.resolve("cds");
        generate(cds, "make");
        ClassDataArchive archive = ClassDataArchive.of(cds, jars.stream().map(Path::toString).toList(), ForkedGeneration.JVM_OPTIONS)
                .orElseThrow();
        ClassDataArchive.Attempt attempt = archive.begin();
        assertEquals(ClassDataArchive.Mode.USE, attempt.mode);
        attempt.finished(false, false);
        assertEquals(List.of(), files(cds, ".jsa"), "an archive a fork died with is deleted");
        assertArrayEquals(expected, generate(cds, "again").json());
        assertEquals(1, files(cds, ".jsa").size());
    }

    @Test
    void aForkThatDiesWithoutAnArchiveIsStillOneSentenceAndLeavesNoFiles() throws Exception {
        Path cds = temp.resolve("cds");
        GenerationException e = org.junit.jupiter.api.Assertions.assertThrows(GenerationException.class,
                () -> generate(cds, "dies", "-Xmx1m"));
        assertTrue(e.problems().get(0).contains("stopped with exit code 1 before it finished"), e.problems().toString());
        assertEquals(List.of(), files(cds, ""), "no archive, no marker, no temporary file");
    }

    @Test
    void noArchiveWithADirectoryOnTheForksClasspathOrWithoutACacheDirectory() throws Exception {
        assertTrue(ClassDataArchive.of(temp.resolve("cds"), List.of(temp.toString()), ForkedGeneration.JVM_OPTIONS).isEmpty());
        assertTrue(ClassDataArchive.of(null, List.of(jars.get(0).toString()), ForkedGeneration.JVM_OPTIONS).isEmpty());
        // The default fork (the test JVM's classpath, with directories) writes nothing into the directory.
        Path cds = temp.resolve("unused");
        assertArrayEquals(expected, new ManifestGenerator(true, cds).generate(Fixtures.sampleRequest(temp.resolve("d"), Optional.empty())).json());
        assertEquals(List.of(), Files.exists(cds) ? files(cds, "") : List.of());
    }

    @Test
    void theKeyChangesWithAJarsSizeOrTimeAndWithTheOptions() throws Exception {
        Path jar = Files.copy(jars.get(0), temp.resolve("copy.jar"));
        List<String> cp = List.of(jar.toString());
        Path one = ClassDataArchive.of(temp, cp, List.of("-a")).orElseThrow().begin().file();
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 5000));
        Path two = ClassDataArchive.of(temp, cp, List.of("-a")).orElseThrow().begin().file();
        Path three = ClassDataArchive.of(temp, cp, List.of("-b")).orElseThrow().begin().file();
        String k1 = key(one), k2 = key(two), k3 = key(three);
        assertNotEquals(k1, k2);
        assertNotEquals(k2, k3);
    }

    private static String key(Path temporary) {
        String name = temporary.getFileName().toString();
        return name.substring("generator-".length(), name.indexOf('.'));
    }
}
