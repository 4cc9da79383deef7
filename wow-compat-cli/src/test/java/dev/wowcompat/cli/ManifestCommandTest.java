package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.annotations.Unit;
import dev.wowcompat.cli.sampleservice.LibraryService;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.testing.JavaSources;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import me.ahoo.wow.api.annotation.Event;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wow-compat manifest} over the real compiled classes of a sample service (package sampleservice). */
class ManifestCommandTest {
    @TempDir
    Path dir;

    private Path classes;
    private String classpath;

    /** Only the sample's classes, as a service's build output would hold them; its dependencies on the classpath. */
    @BeforeEach
    void copySampleClasses() throws IOException, URISyntaxException {
        Path testClasses = location(LibraryService.class);
        String pkg = LibraryService.class.getPackageName().replace('.', '/');
        classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve(pkg));
        try (Stream<Path> files = Files.list(testClasses.resolve(pkg))) {
            for (Path f : files.toList()) Files.copy(f, classes.resolve(pkg).resolve(f.getFileName()));
        }
        classpath = location(Event.class) + File.pathSeparator + location(Unit.class);
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private Cli.Result generate(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("manifest", "--classes", classes.toString(), "--classpath", classpath,
                "--service", "library-service", "--version", "1.2.0"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void writesAValidManifestToStandardOutputAndTheSameBytesToAFile() throws Exception {
        Cli.Result printed = generate();
        assertEquals(0, printed.code(), printed.err());
        JsonNode manifest = new ObjectMapper().readTree(printed.out());
        assertEquals("library-service", manifest.path("service").asText());
        assertEquals("1.2.0", manifest.path("version").asText());
        assertTrue(manifest.at("/contexts/library/aggregates/loan/events").has("book_borrowed"), printed.out());
        // The library accepts it as a Manifest, schemas and all.
        new ManifestReader().read(printed.out().getBytes(StandardCharsets.UTF_8), "generated");

        Path out = dir.resolve("out/manifest.json");
        Cli.Result written = generate("--out", out.toString());
        assertEquals(0, written.code(), written.err());
        assertEquals("", written.out());
        assertEquals(printed.out(), Files.readString(out), "the same classes give the same bytes");
    }

    @Test
    void versionIsTheReleasesAndMustBeMajorMinorPatch() {
        Cli.Result r = Cli.run("manifest", "--classes", classes.toString(), "--service", "library-service", "--version", "1.2");
        assertEquals(2, r.code());
        r.assertNoStackTrace();
        assertTrue(r.err().startsWith("wow-compat manifest: --version: '1.2' is not a version: give major.minor.patch"), r.err());
    }

    @Test
    void theStandardVersionFlagStaysOnTheTopLevelCommand() {
        Cli.Result top = Cli.run("--version");
        assertEquals(0, top.code());
        assertTrue(top.out().startsWith("wow-compat "), top.out());
        // On the subcommand, --version wants the release's version.
        Cli.Result sub = Cli.run("manifest", "--version");
        assertEquals(2, sub.code());
        assertTrue(sub.err().startsWith("wow-compat manifest: --version needs a value (V)\n"), sub.err());
        Cli.Result help = Cli.run("manifest", "--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("--version=V") && help.out().contains("The release's version"), help.out());
    }

    @Test
    void aMissingClassesDirectoryIsOneLineAndExit2() {
        Path missing = dir.resolve("no-classes");
        Cli.Result r = Cli.run("manifest", "--classes", missing.toString(), "--service", "library-service", "--version", "1.0.0");
        r.assertBadInput(missing.toString());
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void aClassThatCannotBeLoadedIsNamedInOneLine() {
        // Without Wow's API on the classpath, LoanErrors (an ErrorInfo) cannot be loaded.
        Cli.Result r = Cli.run("manifest", "--classes", classes.toString(), "--service", "library-service", "--version", "1.0.0");
        assertEquals(2, r.code(), r.out() + r.err());
        r.assertNoStackTrace();
        assertTrue(r.out().isEmpty(), r.out());
        assertFalse(r.err().isBlank());
        for (String line : r.errLines()) {
            assertTrue(line.startsWith("wow-compat manifest: "), line);
        }
        assertTrue(r.err().contains(LibraryService.class.getPackageName() + ".LoanErrors"), r.err());
    }

    @Test
    void aClassThatCannotBeLoadedBesideTheServiceIsAWarningAndUnderStrictExit2() throws Exception {
        // A class of the output that needs one the classpath lacks: Wow, with the whole classpath, would load it.
        JavaSources.compile(classes, List.of(), Map.of("odd/Missing.java", "package odd;\npublic class Missing {}\n",
                "odd/Broken.java", "package odd;\npublic class Broken extends Missing {}\n"));
        Files.delete(classes.resolve("odd/Missing.class"));
        String warning = "1 class cannot be loaded because the classpath lacks the package odd (needed by odd.Broken), so "
                + "what it declares is missing from the Manifest: add the jars that hold them to the classpath.";

        Cli.Result lenient = generate();
        assertEquals(0, lenient.code(), lenient.err());
        assertEquals(List.of("wow-compat manifest: warning: " + warning), lenient.errLines());
        assertTrue(new ObjectMapper().readTree(lenient.out()).at("/contexts/library/aggregates").has("loan"), lenient.out());

        Cli.Result strict = generate("--strict");
        assertEquals(2, strict.code(), strict.err());
        strict.assertNoStackTrace();
        assertEquals("", strict.out());
        assertEquals(List.of("wow-compat manifest: " + warning, "wow-compat manifest: Strict mode refuses a Manifest with "
                + "warnings: the warning above names what the Manifest would leave out or could not tell."), strict.errLines());
    }
}
