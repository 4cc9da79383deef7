package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQLite file whose directory is deleted while the registry runs: SQLite would go on committing into the
 * unlinked file, lost at the next restart. The registry refuses the write (store-unavailable) and stops being
 * ready instead.
 */
class DatabaseGoneTest {
    @TempDir
    Path dir;

    @Test
    void aWriteAfterTheDatabaseDirectoryIsDeletedIsRefusedAndTheNodeIsNotReady() throws IOException {
        Path data = dir.resolve("data");
        try (RunningRegistry registry = new RunningRegistry(data.resolve("registry.db"), RegistryServer.Config.local(0))) {
            assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank("1.0.0")).status());
            assertEquals(200, registry.get("/ready").status());
            try (Stream<Path> files = Files.walk(data)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
            Answer refused = registry.post("/services/bank-service/releases", BankManifests.bank("1.1.0"));
            assertEquals(503, refused.status(), refused.body());
            assertEquals("wow-compat.server.store-unavailable", refused.code());
            assertEquals("wow-compat.server.store-unavailable", registry.get("/ready").code());
        }
    }

    @Test
    void aDatabaseFileReplacedWhileRunningIsNotWrittenEither() throws IOException {
        Path file = dir.resolve("registry.db");
        try (RunningRegistry registry = new RunningRegistry(file, RegistryServer.Config.local(0))) {
            assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank("1.0.0")).status());
            Files.move(file, dir.resolve("moved-away.db"));
            Files.writeString(file, "");
            assertEquals(503, registry.post("/services/bank-service/releases", BankManifests.bank("1.1.0")).status());
        }
    }

    /**
     * A full disk: a 2 MiB tmpfs filled up to its last byte. SQLite's own SQLITE_FULL becomes
     * store-unavailable (never a 201, never a 500), and once space is back the same release registers.
     * Mounting needs root (CI runs as root); elsewhere the test is skipped, not passed.
     */
    @Test
    void aWriteOnAFullDiskIsRefusedAndSucceedsOnceThereIsRoomAgain() throws Exception {
        Path small = Files.createDirectories(dir.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", small.toString()).redirectErrorStream(true).start();
        assumeTrue(mount.waitFor() == 0, "mounting a small tmpfs needs root: " + new String(mount.getInputStream().readAllBytes()));
        try {
            try (RunningRegistry registry = new RunningRegistry(small.resolve("registry.db"), RegistryServer.Config.local(0))) {
                assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank("1.0.0")).status());
                Path filler = small.resolve("filler");
                try (OutputStream out = Files.newOutputStream(filler)) {
                    byte[] block = new byte[4096];
                    while (true) out.write(block);
                } catch (IOException full) {
                    assertTrue(full.getMessage().contains("No space left"), full.getMessage());
                }
                Answer refused = registry.post("/services/bank-service/releases", BankManifests.bank("bank-service", "1.1.0", 2, false));
                assertEquals(503, refused.status(), refused.body());
                assertEquals("wow-compat.server.store-unavailable", refused.code());
                Files.delete(filler);
                assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank("bank-service", "1.1.0", 2, false)).status());
                assertEquals(2, registry.get("/services/bank-service/releases").json().path("releases").size());
            }
        } finally {
            new ProcessBuilder("umount", small.toString()).inheritIO().start().waitFor();
        }
    }
}
