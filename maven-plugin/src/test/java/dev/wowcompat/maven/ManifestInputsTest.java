package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.JavaSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest goal's up-to-date check: what makes a Manifest out of date, and what does not. */
class ManifestInputsTest {
    private static final String A = "package dev.example;\npublic class A {\n    int size() { return %d; }\n}\n";
    private static final String B = "package dev.example;\npublic class B {}\n";

    @TempDir
    Path temp;

    private Path classes;
    private Path jar;
    private Path plugin;
    private Path previous;
    private Path manifest;
    private int compilations;

    @BeforeEach
    void service() throws Exception {
        classes = temp.resolve("classes");
        compile(A.formatted(1), B);
        jar = Files.writeString(temp.resolve("dep.jar"), "jar");
        plugin = Files.writeString(temp.resolve("plugin.jar"), "plugin");
        previous = Files.writeString(temp.resolve("previous.json"), "{}");
        manifest = temp.resolve("out/manifest.json");
        Files.createDirectories(manifest.getParent());
        Files.writeString(manifest, "{\"manifest\":1}\n");
    }

    /** Compiles the two classes into {@code classes}, as the compiler plugin does: every file written again, a newer time. */
    private void compile(String a, String b) throws Exception {
        JavaSources.compile(classes, List.of(), Map.of("dev/example/A.java", a, "dev/example/B.java", b));
        FileTime later = FileTime.fromMillis(System.currentTimeMillis() + 60_000L * (++compilations));
        for (String c : List.of("A", "B")) Files.setLastModifiedTime(classes.resolve("dev/example/" + c + ".class"), later);
    }

    private ManifestInputs.Inputs digest() throws Exception {
        return ManifestInputs.digest(List.of(classes), List.of(jar), Optional.of(previous), List.of("shop", "1.0.0"), List.of(plugin));
    }

    @Test
    void nothingChangedIsTheSameDigestAndAClassWrittenAgainIsAChangeOfAllButTheContext() throws Exception {
        ManifestInputs.Inputs before = digest();
        assertEquals(before, digest());
        compile(A.formatted(1), B);
        ManifestInputs.Inputs after = digest();
        assertNotEquals(before.all(), after.all(), "compiled again: by time, as Maven's incremental compilation");
        assertEquals(before.context(), after.context(), "the class directories' files are judged by content");
        assertEquals(List.of(classes), after.classDirectories());
    }

    @Test
    void eachInputChangesTheDigest() throws Exception {
        String before = digest().all();
        Files.writeString(classes.resolve("dev/example/A.class"), "a-bytes, changed");
        String classChanged = digest().all();
        assertNotEquals(before, classChanged, "a class's bytes");
        Files.writeString(classes.resolve("dev/example/C.class"), "c");
        String classAdded = digest().all();
        assertNotEquals(classChanged, classAdded, "a class added");
        String context = digest().context();
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 10_000));
        ManifestInputs.Inputs jarTouched = digest();
        assertNotEquals(classAdded, jarTouched.all(), "a dependency jar's time");
        assertNotEquals(context, jarTouched.context(), "a dependency is part of the context");
        Files.setLastModifiedTime(plugin, FileTime.fromMillis(Files.getLastModifiedTime(plugin).toMillis() - 10_000));
        String pluginTouched = digest().all();
        assertNotEquals(jarTouched.all(), pluginTouched, "the plugin's jar");
        Files.writeString(previous, "{ }");
        Files.setLastModifiedTime(previous, FileTime.fromMillis(Files.getLastModifiedTime(previous).toMillis() + 5_000));
        String previousChanged = digest().all();
        assertNotEquals(pluginTouched, previousChanged, "the previous release's Manifest");
        assertNotEquals(previousChanged, ManifestInputs.digest(List.of(classes), List.of(jar), Optional.of(previous),
                List.of("shop", "1.0.1"), List.of(plugin)).all(), "a setting");
        assertNotEquals(previousChanged, ManifestInputs.digest(List.of(classes), List.of(jar), Optional.empty(),
                List.of("shop", "1.0.0"), List.of(plugin)).all(), "no previous Manifest");
    }

    @Test
    void aRecordedManifestIsUpToDateWithItsWarningsUntilItOrItsInputsChange() throws Exception {
        byte[] json = Files.readAllBytes(manifest);
        List<String> warnings = List.of("a handler returns Object\nsecond line \\ backslash", "another");
        ManifestInputs.Inputs inputs = digest();
        record(inputs, warnings, Set.of());
        assertEquals(Optional.of(warnings), warnings(inputs));
        try (var files = Files.list(manifest.getParent())) {
            assertEquals(List.of("manifest.json", "manifest.json.inputs"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }

        ManifestInputs.Inputs other = new ManifestInputs.Inputs(inputs.all().replace('a', 'b').replace('0', '1'),
                inputs.context().replace('a', 'b').replace('0', '1'), inputs.classDirectories());
        assertEquals(Optional.empty(), warnings(other), "other inputs");
        FileTime written = Files.getLastModifiedTime(manifest);
        Files.writeString(manifest, "{\"manifest\":1} \n");
        assertEquals(Optional.empty(), warnings(inputs), "the Manifest edited");
        Files.delete(manifest);
        assertEquals(Optional.empty(), warnings(inputs), "the Manifest deleted");
        Files.write(manifest, json);
        Files.setLastModifiedTime(manifest, written);
        assertEquals(Optional.of(warnings), warnings(inputs), "the file as written, back");
        Files.writeString(ManifestInputs.inputsFile(manifest), "garbage");
        assertEquals(Optional.empty(), warnings(inputs), "an unreadable record");
        ManifestInputs.forget(manifest);
        assertTrue(Files.notExists(ManifestInputs.inputsFile(manifest)));
        assertEquals(Optional.empty(), warnings(inputs), "no record");
    }

    private void record(ManifestInputs.Inputs inputs, List<String> warnings, Set<String> classFilesRead) throws Exception {
        ManifestInputs.record(manifest, inputs, warnings, ManifestInputs.scanBeside(inputs).join().record(classFilesRead));
    }

    private Optional<List<String>> warnings(ManifestInputs.Inputs inputs) {
        return ManifestInputs.upToDate(manifest, inputs).map(ManifestInputs.Kept::warnings);
    }

    @Test
    void compiledAgainWithOnlyAMethodBodyChangedTheManifestIsKeptAndTheRecordBroughtUpToDate() throws Exception {
        List<String> warnings = List.of("a warning");
        record(digest(), warnings, Set.of());
        compile(A.formatted(2), B);
        ManifestInputs.Inputs recompiled = digest();
        assertEquals(Optional.of(new ManifestInputs.Kept(warnings, 1)), ManifestInputs.upToDate(manifest, recompiled),
                "A.size()'s body changed; B compiled again without a change");
        assertEquals(Optional.of(new ManifestInputs.Kept(warnings, 0)), ManifestInputs.upToDate(manifest, recompiled),
                "the record now describes the classes as compiled");

        compile(A.formatted(3), B);
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, ManifestInputs.digest(List.of(classes), List.of(jar),
                Optional.of(previous), List.of("shop", "1.0.1"), List.of(plugin))), "a body changed, and a setting");
        record(digest(), warnings, Set.of("dev/example/A"));
        compile(A.formatted(4), B);
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, digest()), "the generation read A's bytecode");
        record(digest(), warnings, Set.of());
        compile(A.formatted(5).replace("int size()", "long size()"), B);
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, digest()), "a signature changed");
    }
}
