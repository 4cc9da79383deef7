package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static dev.wowcompat.testing.RunningRegistry.deployment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.access.Access;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PrincipalsFiles;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestPrincipals;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Principals and grants through the real server (and the write log, on SQLite here and on PostgreSQL in
 * {@link AccessApiOnPostgresTest}): two service teams, a deployer and an auditor of production, and a platform admin,
 * each with its own token from a principals file. What each may not do is refused 403 naming the principal and the
 * grant, changes nothing, and is in the write log with everything that was allowed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class AccessApiTest {
    /** The problem codes of this API area: provoked here (and left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.FORBIDDEN.code(), ProblemCode.RELEASE_WITHDRAWN.code(),
            ProblemCode.RELEASE_HAS_RUN.code());

    private static final String BANK = "bank-token-0f3a", LEDGER = "ledger-token-77c1", DEPLOYER = "deployer-token-5e20",
            AUDITOR = "auditor-token-9b44", PLATFORM = "platform-token-c3d8", READER = "reader-token-1a2b";

    private RunningRegistry registry;
    private TestDatabases databases;
    private Access access;
    /** The codes the tests provoked; after the class, each of {@link #CODES} must be among them. */
    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);

    TestDatabases.Backend backend() {
        return TestDatabases.Backend.SQLITE;
    }

    @BeforeAll
    void start(TestDatabases testDatabases, @TempDir Path dir) throws Exception {
        databases = testDatabases;
        // The admin's digest is in upper case, as some tools print it: digests are read whatever their case.
        access = new TestPrincipals()
                .principal("bank-ci", BANK, "publish:bank-*", "deploy:staging:bank-service")
                .principal("ledger-ci", LEDGER, "publish:ledger", "deploy:staging:ledger")
                .principal("prod-deployer", DEPLOYER, "deploy:production")
                .principal("prod-auditor", AUDITOR, "observe:production")
                .digest("platform", PrincipalsFiles.sha256(PLATFORM).toUpperCase(), "admin")
                .principal("dashboard", READER, "read")
                .access(dir);
        registry = new RunningRegistry(databases.create(backend()).open(), RegistryServer.Config.local(0).withAccess(access));
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private Answer forbidden(Answer a, String principal, String grant) {
        assertEquals(403, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals("wow-compat.auth.forbidden", a.code());
        assertEquals(principal, a.json().path("principal").asText(), a.body());
        assertEquals(grant, a.json().path("grant").asText(), a.body());
        assertTrue(a.json().path("detail").asText().contains(principal) && a.json().path("detail").asText().contains(grant), a.body());
        provoked.noted(a);
        return a;
    }

    private Answer problem(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals(code, a.code(), a.body());
        provoked.noted(a);
        return a;
    }

    @Test
    void eachTeamWritesOnlyWhatItsGrantsName() {
        // publish: a team's own services (bank-* is a prefix), never another team's.
        registry.post("/services/bank-service/releases", BankManifests.bank("1.0.0"), as(BANK)).expect(201);
        registry.post("/services/bank-fees/releases", BankManifests.bank("bank-fees", "1.0.0", 1, true), as(BANK)).expect(201);
        registry.post("/services/ledger/releases", BankManifests.bank("ledger", "1.0.0", 1, true), as(LEDGER)).expect(201);
        forbidden(registry.post("/services/ledger/releases", BankManifests.bank("ledger", "1.9.9", 1, true), as(BANK)),
                "bank-ci", "publish:ledger");
        forbidden(registry.post("/services/bank-service/releases", BankManifests.bank("2.0.0"), as(LEDGER)),
                "ledger-ci", "publish:bank-service");
        forbidden(registry.post("/services/bank-service/releases", BankManifests.bank("2.0.0"), as(DEPLOYER)),
                "prod-deployer", "publish:bank-service");
        problem(registry.get("/services/ledger/releases/1.9.9"), 404, "wow-compat.release.not-found");
        problem(registry.get("/services/bank-service/releases/2.0.0"), 404, "wow-compat.release.not-found");

        // deploy: one service in one environment, or every service of an environment.
        registry.post("/environments/staging/deployments", deployment("bank-service", "1.0.0"), as(BANK)).expect(201);
        registry.post("/environments/staging/deployments", deployment("ledger", "1.0.0"), as(LEDGER)).expect(201);
        forbidden(registry.post("/environments/staging/deployments", deployment("ledger", "1.0.0"), as(BANK)),
                "bank-ci", "deploy:staging:ledger");
        forbidden(registry.delete("/environments/staging/deployments/ledger", as(BANK)), "bank-ci", "deploy:staging:ledger");
        forbidden(registry.delete("/environments/staging/deployments/bank-service", as(LEDGER)), "ledger-ci", "deploy:staging:bank-service");
        forbidden(registry.post("/environments/production/deployments", deployment("bank-service", "1.0.0"), as(BANK)),
                "bank-ci", "deploy:production:bank-service");
        forbidden(registry.post("/environments/staging/deployments", deployment("bank-service", "1.0.0"), as(AUDITOR)),
                "prod-auditor", "deploy:staging:bank-service");
        registry.post("/environments/production/deployments", deployment("bank-service", "1.0.0"), as(DEPLOYER)).expect(201);
        registry.post("/environments/production/deployments", deployment("ledger", "1.0.0"), as(DEPLOYER)).expect(201);
        forbidden(registry.delete("/environments/production/deployments/bank-service", as(BANK)),
                "bank-ci", "deploy:production:bank-service");
        forbidden(registry.post("/environments/production/deployments", deployment("bank-service", "1.0.0"), as(LEDGER)),
                "ledger-ci", "deploy:production:bank-service");
        assertEquals(List.of("bank-service", "ledger"), registry.get("/environments/staging").json().path("deployments").findValuesAsText("service"),
                "the refused undeploys changed nothing");
        assertEquals(2, registry.get("/environments/production").json().path("deployments").size());

        // observe: profiles of one environment.
        String profiles = ProfileApiTest.amounts("bank-service@1.0.0", 20);
        registry.post("/environments/production/profiles", profiles, as(AUDITOR)).expect(200);
        forbidden(registry.post("/environments/staging/profiles", profiles, as(AUDITOR)), "prod-auditor", "observe:staging");
        forbidden(registry.post("/environments/production/profiles", profiles, as(BANK)), "bank-ci", "observe:production");
        forbidden(registry.post("/environments/production/profiles", profiles, as(DEPLOYER)), "prod-deployer", "observe:production");

        // admin operations: only the platform.
        forbidden(registry.post("/services/bank-fees/releases/1.0.0/withdraw", "", as(BANK)), "bank-ci", "admin");
        forbidden(registry.delete("/environments/production/profiles?release=bank-service@1.0.0", as(AUDITOR)), "prod-auditor", "admin");
        forbidden(registry.post("/environments/staging/deployments", deployment("bank-service", "1.0.0"), as(READER)),
                "dashboard", "deploy:staging:bank-service");

        // Anonymous and unknown tokens: 401 as before; reads stay open.
        problem(registry.post("/environments/staging/deployments", deployment("bank-service", "1.0.0")), 401, "wow-compat.auth.token-missing");
        problem(registry.post("/environments/staging/deployments", deployment("bank-service", "1.0.0"), as("guess")), 401,
                "wow-compat.auth.token-invalid");
        registry.get("/services").expect(200);
    }

    @Test
    void theWriteLogKeepsEveryWriteWithItsPrincipalAndNeverAToken() {
        registry.post("/services/bank-log/releases", BankManifests.bank("bank-log", "1.0.0", 1, true), as(BANK)).expect(201);
        forbidden(registry.post("/services/bank-log/releases", BankManifests.bank("bank-log", "1.1.0", 1, true), as(LEDGER)),
                "ledger-ci", "publish:bank-log");
        registry.post("/environments/log-env/deployments", deployment("bank-log", "1.0.0"), as(PLATFORM)).expect(201);
        problem(registry.post("/environments/log-env/deployments", deployment("bank-log", "1.0.0")), 401, "wow-compat.auth.token-missing");
        registry.delete("/environments/log-env/deployments/bank-log", as(PLATFORM)).expect(200);

        JsonNode log = registry.get("/write-log?service=bank-log").expect(200).json().path("entries");
        assertEquals(List.of(
                "platform DELETE /environments/{env}/deployments/{service} bank-log 1.0.0 log-env 200",
                "platform POST /environments/{env}/deployments bank-log 1.0.0 log-env 201",
                "ledger-ci POST /services/{service}/releases bank-log null null 403",
                "bank-ci POST /services/{service}/releases bank-log 1.0.0 null 201"), lines(log), "newest first");
        // A refused anonymous deployment is only counted, in its route's, status' and minute's row, which keeps no name.
        assertEquals(List.of(
                "platform DELETE /environments/{env}/deployments/{service} bank-log 1.0.0 log-env 200",
                "platform POST /environments/{env}/deployments bank-log 1.0.0 log-env 201"),
                lines(registry.get("/write-log?environment=log-env").json().path("entries")));
        JsonNode anonymous = registry.get("/write-log?principal=anonymous").json().path("entries");
        assertTrue(lines(anonymous).contains("anonymous POST /environments/{env}/deployments null null null 401"), anonymous.toString());
        assertTrue(log.get(0).path("remoteAddress").isMissingNode(), "addresses are shown to admins only");
        JsonNode asAdmin = registry.get("/write-log?service=bank-log&limit=1", as(PLATFORM)).expect(200).json();
        assertEquals("127.0.0.1", asAdmin.at("/entries/0/remoteAddress").asText());

        // Pages: newest first, 'next' is the 'before' of the following page.
        long next = asAdmin.path("next").asLong();
        JsonNode second = registry.get("/write-log?service=bank-log&limit=1&before=" + next).expect(200).json();
        assertEquals("platform", second.at("/entries/0/principal").asText());
        assertEquals("POST", second.at("/entries/0/method").asText());
        JsonNode byPrincipal = registry.get("/write-log?principal=ledger-ci&environment=log-env").expect(200).json();
        assertEquals(0, byPrincipal.path("entries").size());
        assertTrue(registry.get("/write-log?principal=ledger-ci").json().path("entries").size() >= 1);
        problem(registry.get("/write-log?limit=501"), 400, "wow-compat.request.bad-parameter");
        problem(registry.get("/write-log?before=x"), 400, "wow-compat.request.bad-parameter");
        assertEquals(500, AdminEndpoints.MAX_PAGE);

        String everything = registry.get("/write-log?limit=500", as(PLATFORM)).body();
        for (String token : List.of(BANK, LEDGER, DEPLOYER, AUDITOR, PLATFORM, READER, "guess")) {
            assertFalse(everything.contains(token), "the write log holds no token");
        }
    }

    /**
     * Strangers cannot grow the write log: refused writes without a valid principal (no token, an unknown one) are
     * counted per route, status and minute, one row each, keeping none of the names they sent; a known principal's
     * refused write keeps its own row with what it named.
     */
    @Test
    void refusedWritesWithoutAPrincipalAreCountedPerRouteStatusAndMinute() {
        try (RunningRegistry fresh = new RunningRegistry(databases.create(backend()).open(), RegistryServer.Config.local(0).withAccess(access))) {
            String name = "n".repeat(200);
            int each = 100;
            for (int i = 0; i < each; i++) {
                problem(fresh.post("/services/" + name + i + "/releases", "{}"), 401, "wow-compat.auth.token-missing");
                problem(fresh.post("/environments/" + name + "/deployments", deployment(name + i, "1.0.0"), as("guess-" + i)), 401,
                        "wow-compat.auth.token-invalid");
                problem(fresh.delete("/environments/" + name + i + "/deployments/" + name), 401, "wow-compat.auth.token-missing");
            }
            forbidden(fresh.post("/services/bank-named/releases", BankManifests.bank("bank-named", "1.0.0", 1, true), as(LEDGER)),
                    "ledger-ci", "publish:bank-named");

            JsonNode entries = fresh.get("/write-log?limit=500", as(PLATFORM)).expect(200).json().path("entries");
            long counted = 0;
            java.util.Set<String> routes = new java.util.TreeSet<>();
            for (JsonNode e : entries) {
                if (!e.path("counted").asBoolean()) continue;
                assertEquals("anonymous", e.path("principal").asText(), e.toString());
                assertEquals(401, e.path("status").asInt(), e.toString());
                assertTrue(e.path("service").isNull() && e.path("version").isNull() && e.path("environment").isNull(), "no name kept: " + e);
                assertEquals(60_000, e.path("until").asLong() - e.path("at").asLong(), "a minute: " + e);
                assertEquals(0, e.path("at").asLong() % 60_000, "from the minute's start: " + e);
                assertEquals("127.0.0.1", e.path("remoteAddress").asText(), e.toString());
                counted += e.path("writes").asLong();
                routes.add(e.path("method").asText() + " " + e.path("route").asText());
            }
            assertEquals(3 * each, counted, "every refused write is counted: " + entries);
            assertEquals(java.util.Set.of("POST /services/{service}/releases", "POST /environments/{env}/deployments",
                    "DELETE /environments/{env}/deployments/{service}"), routes);
            // Three routes, one status: three rows, or up to six if the writes crossed a minute's end; and the named one.
            assertTrue(entries.size() >= 4 && entries.size() <= 7, "rows: " + entries.size() + " " + entries);
            JsonNode named = entries.get(0);
            assertEquals("ledger-ci POST /services/{service}/releases bank-named null null 403", lines(List.of(named)).get(0));
            assertEquals(1, named.path("writes").asLong());
            assertFalse(named.path("counted").asBoolean());
        }
    }

    /**
     * The write log keeps its newest rows: past its bound the oldest are deleted, at each 64th write. With a bound of
     * 100 rows and 300 writes of a known principal (each its own row), at most 100 + 63 rows remain, the newest among
     * them and the first gone.
     */
    @Test
    void theWriteLogKeepsItsNewestRowsPastItsBound() {
        Guards small = Guards.defaults().withWriteLogRows(100);
        try (RunningRegistry fresh = new RunningRegistry(databases.create(backend()).open(),
                RegistryServer.Config.local(0).withAccess(access).withGuards(small))) {
            for (int i = 0; i < 300; i++) {
                forbidden(fresh.post("/services/bank-bound-" + i + "/releases", "{}", as(LEDGER)), "ledger-ci", "publish:bank-bound-" + i);
            }
            List<String> services = new ArrayList<>();
            JsonNode page = fresh.get("/write-log?limit=500", as(PLATFORM)).expect(200).json();
            page.path("entries").forEach(e -> services.add(e.path("service").asText()));
            assertTrue(page.path("next").isNull(), "one page holds them all");
            assertTrue(services.size() >= 100 && services.size() <= 100 + WriteGate.PRUNE_EVERY - 1, "rows kept: " + services.size());
            assertEquals("bank-bound-299", services.get(0), "the newest is kept");
            assertEquals("bank-bound-" + (300 - services.size()), services.get(services.size() - 1), "the oldest kept follow on the newest");
            assertFalse(services.contains("bank-bound-0"), "the oldest went");
        }
    }

    /**
     * 2,000 anonymous refused writes naming 200 characters grew the SQLite file by 2.1 MB (a row of some 1 KB each).
     * Measured on the file itself, after a checkpoint folds the write-ahead log into it: at most 256 KiB now.
     */
    @Test
    void twoThousandAnonymousRefusedWritesGrowTheDatabaseByAtMost256KiB(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(backend() == TestDatabases.Backend.SQLITE, "the SQLite file is measured");
        Path file = dir.resolve("grown.db");
        try (RunningRegistry fresh = new RunningRegistry(file, RegistryServer.Config.local(0).withAccess(access))) {
            fresh.post("/services/bank-service/releases", BankManifests.bank("1.0.0"), as(BANK)).expect(201);
            long before = checkpointedSize(file);
            String name = "x".repeat(200);
            for (int i = 0; i < 2_000; i++) {
                Answer a = switch (i % 4) {
                    case 0 -> fresh.post("/services/" + name + "/releases", "{}");
                    case 1 -> fresh.post("/environments/" + name + "/deployments", deployment(name, "1.0.0"), as(name + i));
                    case 2 -> fresh.delete("/environments/" + name + "/deployments/" + name + i);
                    default -> fresh.post("/services/" + name + "/releases/1.0.0/withdraw", "", as("guess"));
                };
                assertEquals(401, a.status(), a.body());
            }
            long grown = checkpointedSize(file) - before;
            System.out.println("2,000 anonymous refused writes grew the SQLite file by " + grown + " bytes");
            assertTrue(grown <= 256 * 1024, "grown by " + grown + " bytes");
            long counted = 0;
            for (JsonNode e : fresh.get("/write-log?principal=anonymous&limit=500").json().path("entries")) counted += e.path("writes").asLong();
            assertEquals(2_000, counted, "each refused write is counted");
        }
        // On a registry without principals every writer is anonymous: its refused writes are counted the same way.
        Path open = dir.resolve("open.db");
        try (RunningRegistry fresh = new RunningRegistry(open, RegistryServer.Config.local(0))) {
            fresh.post("/services/bank-service/releases", BankManifests.bank("1.0.0")).expect(201);
            long before = checkpointedSize(open);
            String name = "%01".repeat(200);
            for (int i = 0; i < 2_000; i++) {
                Answer a = i % 2 == 0 ? fresh.delete("/environments/" + name + "/deployments/" + name + i)
                        : fresh.post("/environments/staging/deployments", deployment("x".repeat(200) + i, "1.0.0"));
                assertEquals(400, a.status(), a.body());
            }
            long grown = checkpointedSize(open) - before;
            System.out.println("2,000 refused writes on an open registry grew the SQLite file by " + grown + " bytes");
            assertTrue(grown <= 256 * 1024, "grown by " + grown + " bytes");
        }
    }

    /** The SQLite file's size once its write-ahead log is folded into it. */
    private static long checkpointedSize(Path file) throws Exception {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement st = c.createStatement()) {
            try (java.sql.ResultSet rs = st.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
                assertTrue(rs.next() && rs.getInt(1) == 0, "the checkpoint was not blocked");
            }
        }
        assertEquals(0, java.nio.file.Files.size(Path.of(file + "-wal")), "the write-ahead log is folded in");
        return java.nio.file.Files.size(file);
    }

    private static List<String> lines(Iterable<JsonNode> entries) {
        List<String> seen = new ArrayList<>();
        entries.forEach(e -> seen.add(e.path("principal").asText() + " " + e.path("method").asText() + " " + e.path("route").asText()
                + " " + e.path("service").asText() + " " + e.path("version").asText() + " " + e.path("environment").asText()
                + " " + e.path("status").asInt()));
        return seen;
    }

    @Test
    void aWithdrawnReleaseStaysReadableKeepsItsVersionAndIsNeverABaselineOrACandidate() {
        registry.post("/services/bank-wd/releases", BankManifests.bank("bank-wd", "1.0.0", 1, true), as(BANK)).expect(201);
        // 1.1.0 reads revision 2 of Deposited (staged); 1.2.0 writes it, which is safe only after a release that reads it.
        String squatted = BankManifests.bank("bank-wd", "1.1.0", 2, false);
        registry.post("/services/bank-wd/releases", squatted, as(BANK)).expect(201);
        String writesRevision2 = BankManifests.bank("bank-wd", "1.2.0", 2, true);
        JsonNode before = registry.post("/services/bank-wd/releases/check", writesRevision2).expect(200).json();
        assertEquals("compatible", before.path("verdict").asText(), before.toString());
        registry.post("/environments/wd-env/deployments", deployment("bank-wd", "1.0.0"), as(PLATFORM)).expect(201);
        problem(registry.post("/services/bank-wd/releases/1.0.0/withdraw", "", as(PLATFORM)), 409, "wow-compat.release.has-run");
        problem(registry.post("/services/bank-wd/releases/9.0.0/withdraw", "", as(PLATFORM)), 404, "wow-compat.release.not-found");

        JsonNode withdrawn = registry.post("/services/bank-wd/releases/1.1.0/withdraw", "", as(PLATFORM)).expect(200).json();
        assertFalse(withdrawn.path("alreadyWithdrawn").asBoolean());
        assertTrue(registry.post("/services/bank-wd/releases/1.1.0/withdraw", "", as(PLATFORM)).expect(200).json()
                .path("alreadyWithdrawn").asBoolean());
        JsonNode read = registry.get("/services/bank-wd/releases/1.1.0").expect(200).json();
        assertEquals(withdrawn.path("withdrawnAt").asLong(), read.path("withdrawnAt").asLong(), "it stays readable, marked");
        assertTrue(registry.get("/services/bank-wd/releases").json().at("/releases/1/withdrawnAt").isNumber());
        assertTrue(registry.get("/services/bank-wd/releases").json().at("/releases/0/withdrawnAt").isMissingNode());

        problem(registry.post("/services/bank-wd/releases", squatted, as(BANK)), 409, "wow-compat.release.version-exists");
        problem(registry.post("/environments/wd-env/deployments", deployment("bank-wd", "1.1.0"), as(PLATFORM)), 409,
                "wow-compat.release.withdrawn");
        Answer canDeploy = problem(registry.get("/can-deploy?service=bank-wd&version=1.1.0&environment=wd-env"), 409,
                "wow-compat.release.withdrawn");
        assertEquals("false", canDeploy.header("Wow-Compat-Deployable"));
        // Not a baseline any more: 1.2.0 is checked against 1.0.0 only, which does not read revision 2.
        JsonNode after = registry.post("/services/bank-wd/releases/check", writesRevision2).expect(200).json();
        assertEquals("breaking", after.path("verdict").asText(), after.toString());
        assertEquals(List.of("1.0.0"), after.path("baselines").findValuesAsText("version"));
        problem(registry.post("/services/bank-wd/releases", writesRevision2, as(BANK)), 409, "wow-compat.release.breaking");
        JsonNode log = registry.get("/write-log?service=bank-wd&limit=20").json().path("entries");
        assertTrue(log.findValuesAsText("route").contains("/services/{service}/releases/{version}/withdraw"), log.toString());
    }

    @Test
    void anAdminRemovesAReleasesProfilesInOneEnvironment() {
        registry.post("/services/bank-pr/releases", BankManifests.bank("bank-pr", "1.0.0", 1, true), as(BANK)).expect(201);
        registry.post("/environments/production/deployments", deployment("bank-pr", "1.0.0"), as(DEPLOYER)).expect(201);
        String profiles = ProfileApiTest.amounts("bank-pr@1.0.0", 20);
        registry.post("/environments/production/profiles", profiles, as(AUDITOR)).expect(200);
        registry.get("/environments/production/profiles/bank.account.Deposited?release=bank-pr@1.0.0").expect(200);

        problem(registry.delete("/environments/production/profiles", as(PLATFORM)), 400, "wow-compat.request.bad-parameter");
        JsonNode removed = registry.delete("/environments/production/profiles?release=bank-pr@1.0.0", as(PLATFORM)).expect(200).json();
        assertTrue(removed.path("removedFields").asInt() >= 1, removed.toString());
        problem(registry.get("/environments/production/profiles/bank.account.Deposited?release=bank-pr@1.0.0"), 404,
                "wow-compat.profile.not-found");
        problem(registry.delete("/environments/production/profiles?release=bank-pr@1.0.0", as(PLATFORM)), 404, "wow-compat.profile.not-found");
        JsonNode log = registry.get("/write-log?service=bank-pr&environment=production").json().path("entries");
        assertEquals(List.of("platform", "platform", "prod-auditor", "prod-deployer"), log.findValuesAsText("principal"));
        assertEquals("1.0.0", log.at("/0/version").asText());
    }

    @Test
    void readsNeedTheReadGrantWhenAskedTo() {
        Access reads = new Access(access.principals(), null, true);
        try (RunningRegistry guarded = new RunningRegistry(databases.create(backend()).open(),
                RegistryServer.Config.local(0).withAccess(reads))) {
            problem(guarded.get("/services"), 401, "wow-compat.auth.token-missing");
            problem(guarded.post("/validate", "{}"), 401, "wow-compat.auth.token-missing");
            forbidden(guarded.get("/services", as(AUDITOR)), "prod-auditor", "read");
            guarded.get("/services", as(READER)).expect(200);
            guarded.get("/write-log", as(PLATFORM)).expect(200);
            guarded.get("/health").expect(200);
            guarded.get("/ready").expect(200);
            // The page and its modules load without a token; only what they read needs one.
            guarded.get("/").expect(200);
            guarded.get("/js/router.js").expect(200);
            problem(guarded.get("/js/no-such-module.js"), 404, "wow-compat.request.not-found");
            // Writes keep their own grants: the auditor posts no release, the reader neither.
            forbidden(guarded.post("/services/bank-service/releases", BankManifests.bank("1.0.0"), as(READER)), "dashboard",
                    "publish:bank-service");
            guarded.post("/services/bank-service/releases", BankManifests.bank("1.0.0"), as(BANK)).expect(201);
        }
    }

    @Test
    void tokensOfTheTokensFileAreAdmins() {
        try (RunningRegistry old = new RunningRegistry(databases.create(backend()).open(),
                RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("old-token"))))) {
            old.post("/services/bank-service/releases", BankManifests.bank("1.0.0"), as("old-token")).expect(201);
            old.post("/services/bank-service/releases/1.0.0/withdraw", "", as("old-token")).expect(200);
            String principal = old.get("/write-log").json().at("/entries/0/principal").asText();
            assertEquals("token-" + PrincipalsFiles.sha256("old-token").substring(0, 8), principal);
        }
    }
}
