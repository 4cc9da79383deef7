package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest goal's up-to-date check: what makes a Manifest out of date, and what does not. */
class ManifestInputsTest {
    @TempDir
    Path temp;

    private Path classes;
    private Path jar;
    private Path plugin;
    private Path previous;

    @BeforeEach
    void service() throws Exception {
        classes = Files.createDirectories(temp.resolve("classes/dev/example"));
        Files.writeString(classes.resolve("A.class"), "a-bytes");
        Files.writeString(classes.resolve("B.class"), "b-bytes");
        classes = temp.resolve("classes");
        jar = Files.writeString(temp.resolve("dep.jar"), "jar");
        plugin = Files.writeString(temp.resolve("plugin.jar"), "plugin");
        previous = Files.writeString(temp.resolve("previous.json"), "{}");
    }

    private String digest() throws Exception {
        return ManifestInputs.digest(List.of(classes), List.of(jar), Optional.of(previous), List.of("shop", "1.0.0"), List.of(plugin));
    }

    @Test
    void nothingChangedIsTheSameDigestAndAClassWrittenAgainIsAChange() throws Exception {
        String before = digest();
        assertEquals(before, digest());
        Path a = classes.resolve("dev/example/A.class");
        Files.writeString(a, "a-bytes");
        Files.setLastModifiedTime(a, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        assertNotEquals(before, digest(), "compiled again: by time, as Maven's incremental compilation");
    }

    @Test
    void eachInputChangesTheDigest() throws Exception {
        String before = digest();
        Files.writeString(classes.resolve("dev/example/A.class"), "a-bytes, changed");
        String classChanged = digest();
        assertNotEquals(before, classChanged, "a class's bytes");
        Files.writeString(classes.resolve("dev/example/C.class"), "c");
        String classAdded = digest();
        assertNotEquals(classChanged, classAdded, "a class added");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 10_000));
        String jarTouched = digest();
        assertNotEquals(classAdded, jarTouched, "a dependency jar's time");
        Files.setLastModifiedTime(plugin, FileTime.fromMillis(Files.getLastModifiedTime(plugin).toMillis() - 10_000));
        String pluginTouched = digest();
        assertNotEquals(jarTouched, pluginTouched, "the plugin's jar");
        Files.writeString(previous, "{ }");
        Files.setLastModifiedTime(previous, FileTime.fromMillis(Files.getLastModifiedTime(previous).toMillis() + 5_000));
        String previousChanged = digest();
        assertNotEquals(pluginTouched, previousChanged, "the previous release's Manifest");
        assertNotEquals(previousChanged, ManifestInputs.digest(List.of(classes), List.of(jar), Optional.of(previous),
                List.of("shop", "1.0.1"), List.of(plugin)), "a setting");
        assertNotEquals(previousChanged, ManifestInputs.digest(List.of(classes), List.of(jar), Optional.empty(),
                List.of("shop", "1.0.0"), List.of(plugin)), "no previous Manifest");
    }

    @Test
    void aRecordedManifestIsUpToDateWithItsWarningsUntilItOrItsInputsChange() throws Exception {
        Path manifest = temp.resolve("out/manifest.json");
        Files.createDirectories(manifest.getParent());
        byte[] json = "{\"manifest\":1}\n".getBytes(StandardCharsets.UTF_8);
        Files.write(manifest, json);
        List<String> warnings = List.of("a handler returns Object\nsecond line \\ backslash", "another");
        String inputs = digest();
        ManifestInputs.record(manifest, inputs, warnings);
        assertEquals(Optional.of(warnings), ManifestInputs.upToDate(manifest, inputs));
        try (var files = Files.list(manifest.getParent())) {
            assertEquals(List.of("manifest.json", "manifest.json.inputs"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }

        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, inputs.replace('a', 'b').replace('0', '1')), "other inputs");
        FileTime written = Files.getLastModifiedTime(manifest);
        Files.writeString(manifest, "{\"manifest\":1} \n");
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, inputs), "the Manifest edited");
        Files.delete(manifest);
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, inputs), "the Manifest deleted");
        Files.write(manifest, json);
        Files.setLastModifiedTime(manifest, written);
        assertEquals(Optional.of(warnings), ManifestInputs.upToDate(manifest, inputs), "the file as written, back");
        Files.writeString(ManifestInputs.inputsFile(manifest), "garbage");
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, inputs), "an unreadable record");
        ManifestInputs.forget(manifest);
        assertTrue(Files.notExists(ManifestInputs.inputsFile(manifest)));
        assertEquals(Optional.empty(), ManifestInputs.upToDate(manifest, inputs), "no record");
    }
}
