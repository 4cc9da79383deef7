package dev.wowcompat.replay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Spring Boot jar unpacked as Boot lays it out, in bounds, and gone afterwards. */
class BootJarTest {
    @TempDir
    Path temp;

    @Test
    void theClassesComeFirstThenTheLibrariesInTheIndexsOrderThenTheUnlistedByName() throws Exception {
        Path jar = BootJars.plain(temp.resolve("app.jar"), Map.of(
                "BOOT-INF/classes/fixture/App.class", "app",
                "BOOT-INF/classes/META-INF/wow-metadata.json", "{}",
                "BOOT-INF/lib/zeta.jar", "z",
                "BOOT-INF/lib/alpha.jar", "a",
                "BOOT-INF/lib/unlisted-b.jar", "b",
                "BOOT-INF/lib/unlisted-a.jar", "a2",
                "BOOT-INF/lib/notes.txt", "not a library",
                "BOOT-INF/classpath.idx", "- \"BOOT-INF/lib/zeta.jar\"\n- \"BOOT-INF/lib/alpha.jar\"\n- \"BOOT-INF/lib/gone.jar\"\n"));
        Path parent = Files.createDirectory(temp.resolve("unpacked"));

        try (BootJar boot = BootJar.unpack(jar, parent, 1_000_000, 100)) {
            Path dir = boot.directory();
            assertEquals(List.of(dir.resolve("classes"), dir.resolve("lib/zeta.jar"), dir.resolve("lib/alpha.jar"),
                    dir.resolve("lib/unlisted-a.jar"), dir.resolve("lib/unlisted-b.jar")), boot.classpath());
            assertEquals("app", Files.readString(dir.resolve("classes/fixture/App.class")));
            assertEquals("{}", Files.readString(dir.resolve("classes/META-INF/wow-metadata.json")));
            assertEquals("z", Files.readString(dir.resolve("lib/zeta.jar")));
        }
        assertEquals(0, count(parent), "the unpacked files are deleted at the end");
    }

    @Test
    void anEntryWhoseNameLeavesTheDirectoryIsRefusedAndNothingIsLeft() throws Exception {
        Path jar = BootJars.plain(temp.resolve("evil.jar"), Map.of(
                "BOOT-INF/classes/fixture/App.class", "app",
                "BOOT-INF/classes/../../../escaped.txt", "out"));
        Path parent = Files.createDirectory(temp.resolve("unpacked"));

        ReplayException refused = assertThrows(ReplayException.class, () -> BootJar.unpack(jar, parent, 1_000_000, 100));

        assertEquals(jar + " holds the entry BOOT-INF/classes/../../../escaped.txt, whose name leaves the directory it is "
                + "unpacked into; it is not unpacked.", refused.getMessage());
        assertEquals(0, count(parent));
        assertFalse(Files.exists(temp.resolve("escaped.txt")));
    }

    @Test
    void moreBytesThanTheBoundAreRefusedAndNothingIsLeft() throws Exception {
        Path jar = BootJars.plain(temp.resolve("big.jar"), Map.of(
                "BOOT-INF/classes/a.bin", "x".repeat(600),
                "BOOT-INF/classes/b.bin", "y".repeat(600)));
        Path parent = Files.createDirectory(temp.resolve("unpacked"));

        ReplayException refused = assertThrows(ReplayException.class, () -> BootJar.unpack(jar, parent, 1000, 100));

        assertTrue(refused.getMessage().startsWith(jar + " unpacks to more than "), refused.getMessage());
        assertEquals(0, count(parent));
    }

    @Test
    void tooManyEntriesAreRefused() throws Exception {
        Path jar = BootJars.plain(temp.resolve("many.jar"), Map.of("BOOT-INF/classes/a", "1", "BOOT-INF/classes/b", "2",
                "BOOT-INF/classes/c", "3"));
        Path parent = Files.createDirectory(temp.resolve("unpacked"));

        ReplayException refused = assertThrows(ReplayException.class, () -> BootJar.unpack(jar, parent, 1000, 2));

        assertEquals(jar + " has 3 entries, more than the 2 a jar is unpacked with.", refused.getMessage());
        assertEquals(0, count(parent));
    }

    @Test
    void aJarThatIsNotBootShapedOrNoJarAtAllIsRefusedInOneSentence() throws Exception {
        Path plain = BootJars.plain(temp.resolve("plain.jar"), Map.of("fixture/App.class", "app"));
        Path text = Files.writeString(temp.resolve("notes.jar"), "not a zip");
        Path parent = Files.createDirectory(temp.resolve("unpacked"));

        assertEquals(plain + " is not a Spring Boot jar: it has neither BOOT-INF/classes/ nor BOOT-INF/lib/; give a plain jar or "
                        + "classes with --classpath.",
                assertThrows(ReplayException.class, () -> BootJar.unpack(plain, parent, 1000, 100)).getMessage());
        assertEquals(text + " is not a jar (not a zip file); --jar takes a Spring Boot jar.",
                assertThrows(ReplayException.class, () -> BootJar.unpack(text, parent, 1000, 100)).getMessage());
        assertEquals(temp.resolve("none.jar") + ": no such file (--jar takes a Spring Boot jar).",
                assertThrows(ReplayException.class, () -> BootJar.unpack(temp.resolve("none.jar"), parent, 1000, 100)).getMessage());
        assertEquals(0, count(parent));
    }

    private static long count(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }
}
