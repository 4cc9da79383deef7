package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's class data archive, as the build makes it ({@link ClassDataTraining}) and as the real
 * {@code bin/wow-compat} uses it: mapped when it is whole and matches, and otherwise left out or ignored without a
 * word, the command's output and exit code the same; and its build of a stale jar, which leaves the command's
 * standard input to the command. The shaded jar does not exist yet when the tests run, so a
 * checkout is laid out in a temporary directory: {@code bin/wow-compat} copied, and a
 * {@code wow-compat-cli/target/wow-compat.jar} that holds this module's classes and names the dependency jars in
 * its {@code Class-Path}.
 */
class ClassDataTrainingTest {
    @TempDir
    static Path checkout;

    private static Path target;
    private static Path jar;
    private static Path candidate;
    private static Path baseline;

    @BeforeAll
    static void checkoutWithTheArchiveTheBuildMakes() throws Exception {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        Path bin = Files.createDirectories(checkout.resolve("bin"));
        Files.copy(repository.resolve("bin/wow-compat"), bin.resolve("wow-compat"));
        bin.resolve("wow-compat").toFile().setExecutable(true);
        target = Files.createDirectories(checkout.resolve("wow-compat-cli/target"));
        Path lib = Files.createDirectories(target.resolve("lib"));
        List<String> classPath = new ArrayList<>();
        Path classes = null;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            // Normalized: the module that runs these tests names this module's folders through its own (../).
            Path p = Path.of(entry).toAbsolutePath().normalize();
            if (Files.isDirectory(p) && p.getFileName().toString().equals("classes") && p.getParent().equals(repository.resolve("wow-compat-cli/target"))) {
                classes = p;
            } else if (Files.isDirectory(p)) {
                if (!p.getFileName().toString().equals("test-classes")) classPath.add("lib/" + jar(p, lib.resolve("dir" + classPath.size() + ".jar"), null).getFileName());
            } else if (Files.isRegularFile(p)) {
                Path copy = lib.resolve(classPath.size() + "-" + p.getFileName());
                Files.copy(p, copy);
                classPath.add("lib/" + copy.getFileName());
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, WowCompat.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        jar = jar(classes, target.resolve("wow-compat.jar"), manifest);

        Run training = run(List.of(java(), "-cp", jar.toString(), ClassDataTraining.class.getName(), target.toString()), Map.of());
        assertEquals(0, training.exit, training.output);
        assertEquals("", training.output, "the training prints nothing when it succeeds");
        List<Path> archives = archives();
        assertEquals(1, archives.size(), "one archive, no temporary file or log left: " + archives);
        Path archive = archives.get(0);
        assertEquals("wow-compat-" + ClassDataTraining.cksum(archive) + "-" + Files.size(archive) + ".jsa", archive.getFileName().toString());
        assertTrue(Files.size(archive) > 1_000_000, "an archive of the classes the commands load");
        try (Stream<Path> files = Files.list(target)) {
            assertEquals(Stream.of(archive.getFileName().toString(), "lib", "wow-compat.jar").sorted().toList(),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }

        // The example as a file of the repository: the bundled copy is inside registry-server's jar.
        baseline = repository.resolve("schemas/examples/courtyard/releases/1.0.0.json");
        candidate = Files.writeString(checkout.resolve("1.1.0.json"), Files.readString(baseline)
                .replace("\"version\": \"1.0.0\"", "\"version\": \"1.1.0\"").replace("\"x-wow-unit\": \"s\"", "\"x-wow-unit\": \"ms\""));
    }

    private Path archive;
    private Run without;

    @BeforeEach
    void theArchiveAndTheOutputWithoutIt() throws Exception {
        archive = archives().get(0);
        without = wowCompat(Map.of("WOW_COMPAT_CDS", "off"), null);
        assertEquals(1, without.exit, without.output);
        assertTrue(without.output.startsWith("BREAKING: courtyard@1.1.0 against courtyard@1.0.0"), without.output);
    }

    @Test
    void binWowCompatMapsTheArchiveAndTheCommandPrintsWhatItPrintsWithoutIt() throws Exception {
        Path log = checkout.resolve("mapped.log");
        Run with = wowCompat(Map.of(), log);
        assertEquals(without, with);
        String loaded = Files.readString(log);
        // (picocli is compiled for Java 5, whose classes CDS does not archive.)
        for (String type : List.of("dev.wowcompat.cli.WowCompat", "dev.wowcompat.cli.CheckCommand", "dev.wowcompat.manifest.ManifestReader",
                "com.networknt.schema.SchemaRegistry", "com.fasterxml.jackson.databind.ObjectMapper")) {
            assertTrue(loaded.contains(" " + type + " source: shared objects file (top)"), type + " not from the archive");
        }
    }

    @Test
    void aStaleJarIsBuiltWithoutTakingTheCommandsStandardInput() throws Exception {
        // A build tool that reads what standard input it is given, as a process Maven starts may; on this PATH only.
        Path tools = Files.createDirectories(checkout.resolve("tools"));
        Path mvn = Files.writeString(tools.resolve("mvn"), "#!/bin/sh\ncat > /dev/null\n");
        assertTrue(mvn.toFile().setExecutable(true));
        // A pom newer than the jar: bin/wow-compat builds before it runs the command.
        Files.writeString(checkout.resolve("pom.xml"), "<project/>");
        Path records = Files.writeString(checkout.resolve("records.jsonl"),
                "{\"topic\":\"wow.bank.account.state\",\"partition\":0,\"offset\":0,\"key\":\"a\",\"payload\":\"{}\"}\n");
        Path out = Files.createTempFile(checkout, "piped", ".txt");
        ProcessBuilder builder = new ProcessBuilder("bash", checkout.resolve("bin/wow-compat").toString(), "audit", "--input", "-",
                "--manifest", Path.of("..").toAbsolutePath().normalize().resolve("schemas/examples/bank/1.2.0.json").toString())
                .redirectInput(records.toFile()).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("PATH", tools + File.pathSeparator + System.getenv("PATH"));
        int exit = builder.start().waitFor();
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(output.startsWith("wow-compat: building "), output);
        assertTrue(output.contains("1 message on 1 topic"), "the record piped in is the command's, not the build's: " + output);
        assertEquals(1, exit, output);
    }

    @Test
    void aTruncatedOrOverwrittenArchiveIsLeftOutWithoutAWord() throws Exception {
        byte[] whole = Files.readAllBytes(archive);
        try {
            try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
                f.setLength(whole.length / 2);
            }
            assertNotMapped("truncated");
            Files.write(archive, whole);
            try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
                f.seek(whole.length / 2);
                f.write(new byte[4096]);
            }
            assertNotMapped("overwritten in the middle");
        } finally {
            Files.write(archive, whole);
        }
    }

    @Test
    void anArchiveOlderThanTheJarOrOfAJarChangedSinceIsNotMapped() throws Exception {
        FileTime jarTime = Files.getLastModifiedTime(jar);
        FileTime archiveTime = Files.getLastModifiedTime(archive);
        try {
            // Older than the jar: left out by bin/wow-compat.
            Files.setLastModifiedTime(archive, FileTime.fromMillis(jarTime.toMillis() - 10_000));
            assertNotMapped("older than the jar");
            // Newer, but the jar is not the one it was made with (its time changed, by a minute: the JVM compares
            // seconds): the JVM ignores it, silently.
            Files.setLastModifiedTime(archive, archiveTime);
            Files.setLastModifiedTime(jar, FileTime.fromMillis(jarTime.toMillis() - 60_000));
            assertNotMapped("of a jar changed since");
        } finally {
            Files.setLastModifiedTime(jar, jarTime);
            Files.setLastModifiedTime(archive, archiveTime);
        }
    }

    private void assertNotMapped(String what) throws Exception {
        Path log = checkout.resolve(what.replace(' ', '-') + ".log");
        Run with = wowCompat(Map.of(), log);
        assertEquals(without, with, what + ": the same exit code and output, and no notice of the JVM's");
        assertFalse(Files.readString(log).contains("(top)"), what + ": mapped");
    }

    private Run wowCompat(Map<String, String> env, Path classLog) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("JAVA_HOME", System.getProperty("java.home"));
        if (classLog != null) all.put("WOW_COMPAT_JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog);
        return run(List.of("bash", checkout.resolve("bin/wow-compat").toString(), "check", "--candidate", candidate.toString(),
                "--baseline", baseline.toString()), all);
    }

    private static List<Path> archives() throws IOException {
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(p -> !p.getFileName().toString().equals("lib") && !p.getFileName().toString().equals("wow-compat.jar"))
                    .sorted().toList();
        }
    }

    private record Run(int exit, String output) {}

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Run run(List<String> command, Map<String, String> env) throws Exception {
        Path out = Files.createTempFile(checkout, "run", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().putAll(env);
        int exit = builder.start().waitFor();
        return new Run(exit, Files.readString(out, StandardCharsets.UTF_8));
    }

    private static Path jar(Path directory, Path jar, Manifest manifest) throws IOException {
        try (JarOutputStream out = manifest == null ? new JarOutputStream(Files.newOutputStream(jar)) : new JarOutputStream(Files.newOutputStream(jar), manifest);
             Stream<Path> files = Files.walk(directory)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = directory.relativize(f).toString().replace('\\', '/');
                if (manifest != null && name.equals("META-INF/MANIFEST.MF")) continue;
                out.putNextEntry(new JarEntry(name));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar.toRealPath();
    }
}
