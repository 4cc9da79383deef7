package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PrefixTwins;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code wow-compat schema} against a real registry on a loopback port: full fingerprints, prefixes, and what fails. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaCommandTest {
    private RunningRegistry registry;
    private PrefixTwins twins;
    private String deposited;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank("1.0.0")).status());
        twins = PrefixTwins.find("prefixes");
        assertEquals(201, registry.post("/services/prefixes/releases", twins.manifest()).status());
        deposited = Fingerprint.of(BankManifests.read(BankManifests.bank("1.0.0"))
                .at("/contexts/bank/aggregates/account/events/Deposited/revisions/1/schema"));
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private Cli.Result schema(String fingerprint) {
        Cli.Result r = Cli.run(new String[] {"schema", fingerprint, "--registry", registry.base()});
        r.assertNoStackTrace();
        return r;
    }

    @Test
    void aFullFingerprintOrAUniquePrefixPrintsTheCanonicalSchema() throws Exception {
        String canonical = registry.get("/schemas/" + deposited).body();
        for (String given : List.of(deposited, deposited.substring(0, 12), deposited.substring(0, 8).toUpperCase(java.util.Locale.ROOT))) {
            Cli.Result r = schema(given);
            assertEquals(0, r.code(), given + ": " + r.err());
            assertEquals(canonical, r.out().strip(), given);
            assertEquals(deposited, Fingerprint.of(new ObjectMapper().readTree(r.out())), "the printed schema is the one the fingerprint names");
        }
        assertTrue(schema(deposited.substring(0, 12)).err().contains(deposited), "a prefix says which fingerprint it found");
    }

    @Test
    void anAmbiguousPrefixExits2WithTheCandidates() {
        Cli.Result r = schema(twins.sharedPrefix());
        assertEquals(2, r.code(), r.out());
        assertEquals("", r.out());
        assertTrue(r.err().contains("2 registered fingerprints start with it"), r.err());
        assertTrue(r.err().contains(twins.first()) && r.err().contains(twins.second()), r.err());
        assertEquals(3, r.err().strip().lines().count(), "one line for the prefix, one per candidate: " + r.err());

        Cli.Result unique = schema(twins.firstUniquePrefix());
        assertEquals(0, unique.code(), unique.err());
        assertEquals(twins.first(), Fingerprint.of(readTree(unique.out())));
    }

    @Test
    void noMatchAMalformedFingerprintOrABadRegistryExit2OnOneLine() {
        Cli.Result none = schema("0".repeat(64));
        assertEquals(2, none.code());
        assertTrue(none.err().contains("wow-compat.fingerprint.unknown: No registered schema"), none.err());
        assertEquals(1, none.err().strip().lines().count(), none.err());

        Cli.Result shortOne = schema("abc1234");
        assertEquals(2, shortOne.code());
        assertTrue(shortOne.err().contains("8 or more hex digits"), shortOne.err());
        assertEquals(2, schema("nothex12").code());

        Cli.Result noScheme = Cli.run(new String[] {"schema", deposited, "--registry", "127.0.0.1:8081"});
        noScheme.assertNoStackTrace();
        assertEquals(2, noScheme.code());
        assertTrue(noScheme.err().contains("http:// or https://"), noScheme.err());
    }

    private static com.fasterxml.jackson.databind.JsonNode readTree(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
