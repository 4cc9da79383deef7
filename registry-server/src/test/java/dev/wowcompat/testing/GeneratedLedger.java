package dev.wowcompat.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.annotations.Unit;
import dev.wowcompat.generator.GeneratedManifest;
import dev.wowcompat.generator.GenerationException;
import dev.wowcompat.generator.GenerationRequest;
import dev.wowcompat.generator.ManifestGenerator;
import dev.wowcompat.testing.fleet.bankapi.BankApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import me.ahoo.wow.api.annotation.Event;

/**
 * The ledger of the {@link Fleet} as its build makes its Manifest: the generator of {@code wow-compat manifest} over the compiled
 * classes of a Wow service with a saga and a projection (packages {@code fleet.ledger1}, {@code fleet.ledger2}), with
 * the bank's api module ({@code fleet.bankapi}) on its classpath, each package in a class directory of its own as
 * the modules' builds would leave them.
 */
public final class GeneratedLedger {
    private GeneratedLedger() {}

    /**
     * @param release 1 (reads revision 1 of the deposits) or 2 (reads revisions 1 and 2)
     * @param work a directory for the class directories
     */
    public static String manifest(String version, int release, Path work) {
        try {
            Path bankApi = module(BankApi.class.getPackageName(), work.resolve("bank-api"));
            Path ledger = module("dev.wowcompat.testing.fleet.ledger" + release, work.resolve("ledger-" + release));
            // The generator as `wow-compat manifest` runs it (in this JVM, an isolated class loader), without the
            // command line: registry-server's tests do not depend on the CLI module.
            GeneratedManifest generated = new ManifestGenerator(false).generate(new GenerationRequest(List.of(ledger),
                    List.of(bankApi, location(Event.class), location(Unit.class)), Fleet.CONSUMER, version, Optional.empty()));
            assertEquals(List.of(), generated.warnings(), "no warnings");
            return new String(generated.json(), StandardCharsets.UTF_8);
        } catch (GenerationException e) {
            throw new IllegalStateException("the ledger's Manifest could not be generated: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class directory holding one package of the test classes. */
    private static Path module(String pkg, Path root) throws IOException {
        Path to = root.resolve(pkg.replace('.', '/'));
        if (Files.isDirectory(to)) return root;
        Files.createDirectories(to);
        Path testClasses = location(BankApi.class);
        if (Files.isDirectory(testClasses)) {
            copyPackage(testClasses.resolve(pkg.replace('.', '/')), to);
        } else {
            // Another module's tests (wow-compat-cli's) see these classes in registry-server's test-jar.
            try (FileSystem jar = FileSystems.newFileSystem(testClasses)) {
                copyPackage(jar.getPath(pkg.replace('.', '/')), to);
            }
        }
        return root;
    }

    private static void copyPackage(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) Files.copy(f, to.resolve(f.getFileName().toString()));
        }
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
