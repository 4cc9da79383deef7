package dev.wowcompat.api;

import static dev.wowcompat.testing.HostileSchemas.chain;
import static dev.wowcompat.testing.HostileSchemas.deep;
import static dev.wowcompat.testing.HostileSchemas.manifest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.diff.ReferenceChains;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.diff.SchemaTooDeepException;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schemas built to hurt (reference cycles, long reference chains, recursion thousands of levels deep) against the
 * real server on a loopback port: refused with 400 and a pointer, or checked, never a 500; the service stays usable.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileSchemasTest {
    private RunningRegistry registry;

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private Answer register(String service, String manifest) {
        return registry.post("/services/" + service + "/releases", manifest);
    }

    private static void assertProblem(Answer a, String code, String pointer) {
        assertEquals(400, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        assertEquals(pointer, a.json().at("/problems/0/pointer").asText(), a.body());
        assertFalse(a.body().contains("Exception") || a.body().contains("at dev.wowcompat"), a.body());
    }

    @Test
    void aReferenceCycleIsA400NamingItsPointer() {
        String cycle = "{\"properties\": {\"x\": {\"$ref\": \"#/$defs/a\"}}, \"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": {\"$ref\": \"#/$defs/a\"}}}";
        assertProblem(register("cyclic", manifest("cyclic", "1.0.0", cycle)), ReferenceChains.CYCLE,
                "/contexts/bank/aggregates/account/commands/Deposit/schema/$defs/a/$ref");
        assertProblem(registry.post("/services/cyclic/releases/check", manifest("cyclic", "1.0.0", cycle)), ReferenceChains.CYCLE,
                "/contexts/bank/aggregates/account/commands/Deposit/schema/$defs/a/$ref");
        assertEquals(201, register("cyclic", manifest("cyclic", "1.0.0", "{\"type\": \"object\"}")).status(), "the service is still usable");
    }

    @Test
    void aChainPastTheLimitIsA400AndOneAtTheLimitIsRegistered() {
        assertProblem(register("chained", manifest("chained", "1.0.0", chain(ReferenceChains.MAX_HOPS + 1))), ReferenceChains.TOO_LONG,
                "/contexts/bank/aggregates/account/commands/Deposit/schema/$ref");
        assertEquals(201, register("chained", manifest("chained", "1.0.0", chain(ReferenceChains.MAX_HOPS))).status());
    }

    @Test
    @Timeout(120)
    void aReleaseFiveThousandLevelsDeepThroughRefIsCheckedAndLaterReleasesStillRegister() {
        assertEquals(201, register("deep", manifest("deep", "1.0.0", deep(5_000, 10))).status());
        Answer breaking = register("deep", manifest("deep", "1.1.0", deep(5_000, 5)));
        assertEquals(409, breaking.status(), breaking.body());
        assertTrue(breaking.json().at("/report/findings/0/pointer").asText().endsWith("/d5000/maxLength"), breaking.body());
        Answer later = register("deep", manifest("deep", "1.1.0", deep(5_000, 10).replace("\"type\": \"string\"",
                "\"type\": \"string\", \"description\": \"the end\"")));
        assertEquals(201, later.status(), later.body());
        Answer next = register("deep", manifest("deep", "1.2.0", deep(5_000, 10).replace("\"type\": \"string\"",
                "\"type\": \"string\", \"description\": \"the very end\"")));
        assertEquals(201, next.status(), next.body());
    }

    @Test
    @Timeout(300)
    void schemasNestingPastTheComparisonBoundAreA400NotA500() {
        int levels = SchemaDiff.MAX_DEPTH + 10;
        assertEquals(201, register("deeper", manifest("deeper", "1.0.0", deep(levels, 10))).status());
        Answer refused = register("deeper", manifest("deeper", "1.1.0", deep(levels, 5)));
        assertEquals(400, refused.status(), refused.body());
        assertEquals(SchemaTooDeepException.CODE, refused.code(), refused.body());
        assertTrue(refused.json().at("/problems/0/pointer").asText().startsWith("/$defs/d"), refused.body());
        assertEquals("bank.account.Deposit", refused.json().at("/problems/0/source").asText(), refused.body());
        assertEquals(200, registry.get("/health").status());
        assertEquals(201, register("deeper", manifest("deeper", "1.1.0", deep(levels, 10))).status(), "a later release still registers");
    }
}
