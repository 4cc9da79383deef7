package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RawHttp;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probes of docs/api.md, "Limits" and "Names", against a real server: a Host that is not a loopback name (DNS
 * rebinding), names past their form, and input problems listed at most 100 at a time.
 */
class RequestBoundsTest {
    static final java.util.Set<String> CODES = java.util.Set.of(ProblemCode.MISDIRECTED.code(), ProblemCode.BAD_NAME.code());

    @TempDir
    Path dir;

    private RunningRegistry registry(RegistryServer.Config config) {
        return new RunningRegistry(dir.resolve("registry-" + System.nanoTime() + ".db"), config);
    }

    private static String raw(RunningRegistry registry, String request) throws Exception {
        try (RawHttp c = RawHttp.connect(registry.base(), "127.0.0.1")) {
            return c.send(request).readAll(5_000);
        }
    }

    private static String deployment(String host) {
        String body = "{\"service\":\"bank-service\",\"version\":\"1.0.0\"}";
        return "POST /environments/staging/deployments HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body;
    }

    @Test
    void onLoopbackOnlyLoopbackNamesAndAllowedOnesAreAnswered() throws Exception {
        try (RunningRegistry registry = registry(RegistryServer.Config.local(0).withAllowedHosts(List.of("registry.test")))) {
            registry.register("bank-service", BankManifests.bank("1.0.0")).expect(201);
            String rebound = raw(registry, deployment("attacker.example"));
            assertTrue(rebound.startsWith("HTTP/1.1 421"), rebound);
            assertTrue(rebound.contains("application/problem+json") && rebound.contains("\"code\":\"wow-compat.request.misdirected\""), rebound);
            assertTrue(rebound.contains("Content-Security-Policy"), "the refusal carries the security headers too: " + rebound);
            assertEquals(0, registry.get("/environments").json().path("environments").size(), "nothing was recorded");
            assertTrue(raw(registry, deployment("attacker.example:" + registry.server().port())).startsWith("HTTP/1.1 421"));
            assertTrue(raw(registry, "GET /health HTTP/1.0\r\n\r\n").matches("(?s)HTTP/1.[01] 421.*"), "no Host at all");
            for (String host : List.of("127.0.0.1", "localhost:" + registry.server().port(), "[::1]:8081", "LOCALHOST", "registry.test")) {
                String answer = raw(registry, "GET /health HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
                assertTrue(answer.startsWith("HTTP/1.1 200"), host + ": " + answer);
            }
            assertTrue(raw(registry, deployment("localhost")).startsWith("HTTP/1.1 201"));
        }
    }

    @Test
    void namesPastTheirFormAreRefusedAndNothingIsStored() {
        try (RunningRegistry registry = registry(RegistryServer.Config.local(0))) {
            String longName = "a".repeat(7_000);
            Answer refused = registry.register(longName, BankManifests.bank(longName, "1.0.0", 1, true));
            assertEquals(400, refused.status(), refused.body());
            assertEquals("wow-compat.request.bad-name", refused.code());
            assertTrue(refused.body().length() < 2_000, "the name is not echoed whole: " + refused.body().length());
            registry.register("a".repeat(128), BankManifests.bank("a".repeat(128), "1.0.0", 1, true)).expect(201);
            assertEquals("wow-compat.request.bad-name", registry.register("Bank_Service", BankManifests.bank("1.0.0")).code());
            assertEquals("wow-compat.request.bad-name", registry.get("/services/" + "b".repeat(129) + "/releases").code());
            for (String version : List.of("0001.2.3", "1.2.3456789012", "1.2", "1.2.3-rc1")) {
                Answer r = registry.get("/services/bank-service/releases/" + version);
                assertEquals(400, r.status(), version + ": " + r.body());
                assertEquals("wow-compat.request.bad-name", r.code());
            }
            // A Manifest's version has the same form: a squatted version of another form is never stored.
            Answer squatted = registry.register("bank-service", BankManifests.bank("0001.2.3"));
            assertEquals(400, squatted.status(), squatted.body());
            assertEquals(1, registry.get("/services").json().path("services").size(), "only the 128-character service");
        }
    }

    @Test
    void everyNameOfEveryEndpointIsRefusedWithTheOneCode() {
        try (RunningRegistry registry = registry(RegistryServer.Config.local(0))) {
            registry.register("bank-service", BankManifests.bank("1.0.0")).expect(201);
            String env = "e".repeat(129);
            String principal = "p".repeat(129);
            List<Answer> refused = List.of(
                    registry.post("/environments/" + env + "/deployments", "{\"service\":\"bank-service\",\"version\":\"1.0.0\"}"),
                    registry.post("/environments/Staging/deployments", "{\"service\":\"bank-service\",\"version\":\"1.0.0\"}"),
                    registry.get("/environments/" + env),
                    registry.delete("/environments/" + env + "/deployments/bank-service"),
                    registry.delete("/environments/staging/deployments/Bank_Service"),
                    registry.get("/environments/" + env + "/profiles"),
                    registry.get("/can-deploy?service=bank-service&version=1.0.0&environment=" + env),
                    registry.get("/can-deploy?service=bank-service&version=1.0.0000000000&environment=staging"),
                    registry.post("/services/bank-service/releases/01.0.0/withdraw", ""),
                    registry.post("/services/" + "s".repeat(129) + "/releases/1.0.0/withdraw", ""),
                    registry.get("/write-log?environment=" + env),
                    registry.get("/write-log?service=Bank%20Service"),
                    registry.get("/write-log?principal=" + principal),
                    registry.get("/write-log?principal=%20leading-space"));
            for (Answer a : refused) {
                assertEquals(400, a.status(), a.body());
                assertEquals("wow-compat.request.bad-name", a.code(), a.body());
                assertTrue(a.body().length() < 2_000, "the name is not echoed whole: " + a.body());
            }
            // The longest names of each form are taken.
            registry.post("/environments/" + "e".repeat(128) + "/deployments", "{\"service\":\"bank-service\",\"version\":\"1.0.0\"}").expect(201);
            registry.get("/write-log?principal=" + "p".repeat(128) + "&environment=" + "e".repeat(128)).expect(200);
            registry.get("/write-log?principal=bank-service%20CI").expect(200);
            assertEquals(1, registry.get("/environments").json().path("environments").size(), "only the 128-character environment");
        }
    }

    @Test
    void inputProblemsAreListedAtMostAHundredWithTheCountOfTheRest() {
        try (RunningRegistry registry = registry(RegistryServer.Config.local(0))) {
            StringBuilder manifest = new StringBuilder("{\"format\":1,\"service\":\"x\",\"version\":\"1.0.0\",\"contexts\":{}");
            for (int i = 0; i < 5_000; i++) manifest.append(",\"k").append(i).append("\":1");
            Answer refused = registry.post("/services/x/releases/check", manifest.append('}').toString());
            assertEquals(400, refused.status(), refused.body());
            assertEquals(100, refused.json().path("problems").size());
            assertTrue(refused.json().path("more").asInt() > 0, refused.body());
            assertTrue(refused.body().length() < 1024 * 1024);
            assertFalse(refused.body().contains("Exception"));
        }
    }
}
