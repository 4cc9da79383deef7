package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.io.IOException;
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
}
