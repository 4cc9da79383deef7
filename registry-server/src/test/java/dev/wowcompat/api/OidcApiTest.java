package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import dev.wowcompat.access.Access;
import dev.wowcompat.access.OidcVerifier;
import dev.wowcompat.access.Principals;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestPrincipals;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI identities through the real server: JWTs signed with RSA and EC keys generated here, the JWKS served by a local
 * HTTP server on a free port (and from a file), verified by the registry with nimbus-jose-jwt. Every attack on a
 * JWT verifier we know of is tried and refused 401, and none makes the registry fetch keys from elsewhere or more
 * than once a minute.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class OidcApiTest {
    private static final String ISSUER = "https://token.actions.example.com", AUDIENCE = "wow-compat-registry";
    private static final String ADMIN = "platform-token-for-oidc";

    private RSAKey rsa;
    private ECKey ec;
    private RSAKey stranger;
    private HttpServer keys;
    private HttpServer attacker;
    private final AtomicInteger jwksReads = new AtomicInteger();
    private final AtomicInteger attackerReads = new AtomicInteger();
    private RunningRegistry registry;
    private Principals principals;
    private Path dir;
    private TestDatabases databases;

    @BeforeAll
    void start(TestDatabases testDatabases, @TempDir Path tmp) throws Exception {
        databases = testDatabases;
        dir = tmp;
        rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        stranger = new RSAKeyGenerator(2048).keyID("evil").generate();
        String jwks = new JWKSet(List.of(rsa.toPublicJWK(), ec.toPublicJWK())).toString();
        keys = serve("/jwks", jwks, jwksReads);
        attacker = serve("/jwks", new JWKSet(stranger.toPublicJWK()).toString(), attackerReads);
        principals = new TestPrincipals().principal("platform", ADMIN, "admin")
                .oidc("bank-service CI", Map.of("repository", "acme/bank-service", "ref", "refs/heads/main"),
                        "publish:bank-service", "deploy:staging")
                .read(dir);
        registry = open("http://127.0.0.1:" + keys.getAddress().getPort() + "/jwks");
    }

    private RunningRegistry open(String jwksUrl) throws Exception {
        return open(OidcVerifier.of(ISSUER, AUDIENCE, jwksUrl));
    }

    private RunningRegistry open(OidcVerifier verifier) throws Exception {
        Access access = new Access(principals, verifier, false);
        return new RunningRegistry(databases.create(TestDatabases.Backend.SQLITE).open(), RegistryServer.Config.local(0).withAccess(access));
    }

    private static HttpServer serve(String path, String body, AtomicInteger reads) throws Exception {
        return serve(path, () -> body, reads);
    }

    /** A JWKS server on a free loopback port that counts its reads and serves what {@code body} holds at each. */
    private static HttpServer serve(String path, Supplier<String> body, AtomicInteger reads) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(path, exchange -> {
            reads.incrementAndGet();
            byte[] bytes = body.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return server;
    }

    @AfterAll
    void stop() {
        registry.close();
        keys.stop(0);
        attacker.stop(0);
    }

    /** GitHub Actions' claims for acme/bank-service on main, valid for five minutes from now. */
    private static JWTClaimsSet.Builder claims() {
        long now = System.currentTimeMillis();
        return new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE).subject("repo:acme/bank-service:ref:refs/heads/main")
                .claim("repository", "acme/bank-service").claim("ref", "refs/heads/main")
                .issueTime(new Date(now - 1_000)).notBeforeTime(new Date(now - 1_000)).expirationTime(new Date(now + 300_000));
    }

    private static String rs256(RSAKey key, JWTClaimsSet claims, Consumer<JWSHeader.Builder> header) throws Exception {
        JWSHeader.Builder h = new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).type(JOSEObjectType.JWT);
        header.accept(h);
        SignedJWT jwt = new SignedJWT(h.build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    private String rs256(JWTClaimsSet claims) throws Exception {
        return rs256(rsa, claims, h -> {});
    }

    private String es256(JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(ec.getKeyID()).build(), claims);
        jwt.sign(new ECDSASigner(ec));
        return jwt.serialize();
    }

    private Answer register(RunningRegistry on, String version, String token) {
        return on.post("/services/bank-service/releases", BankManifests.bank(version), as(token));
    }

    private static void refused(Answer a) {
        assertEquals(401, a.status(), a.body());
        assertEquals("wow-compat.auth.token-invalid", a.code());
    }

    @Test
    void rsaAndEcTokensOfTheIssuerGetTheirEntrysGrants() throws Exception {
        register(registry, "1.0.0", rs256(claims().build())).expect(201);
        registry.post("/environments/staging/deployments", "{\"service\": \"bank-service\", \"version\": \"1.0.0\"}",
                as(es256(claims().build()))).expect(201);
        Answer production = registry.post("/environments/production/deployments", "{\"service\": \"bank-service\", \"version\": \"1.0.0\"}",
                as(rs256(claims().build())));
        assertEquals(403, production.status(), production.body());
        assertEquals("bank-service CI", production.json().path("principal").asText());
        assertEquals("deploy:production:bank-service", production.json().path("grant").asText());
        // A verified token of another repository (or branch) matches no entry: it holds no grant.
        Answer fork = register(registry, "1.1.0", rs256(claims().claim("ref", "refs/heads/fork").build()));
        assertEquals(403, fork.status(), fork.body());
        assertEquals("wow-compat.auth.forbidden", fork.code());
        assertTrue(fork.json().path("detail").asText().contains("matches no oidc entry"), fork.body());
        // Within the 60 s of leeway, an expired token still passes.
        long now = System.currentTimeMillis();
        register(registry, "1.1.0", rs256(claims().expirationTime(new Date(now - 30_000)).build())).expect(201);
        List<String> who = registry.get("/write-log?service=bank-service").json().path("entries").findValuesAsText("principal");
        assertTrue(who.contains("bank-service CI"), who.toString());
        assertTrue(registry.get("/write-log", Map.of("Authorization", "Bearer " + ADMIN)).body().contains("\"remoteAddress\""));
    }

    @Test
    void everyForgeryIsRefused() throws Exception {
        long now = System.currentTimeMillis();
        JWTClaimsSet valid = claims().build();
        // alg: none, with the claims of a valid token.
        refused(register(registry, "2.0.0", new PlainJWT(valid).serialize()));
        // HS256 "signed" with the RSA public key's bytes: a verifier taking the key for a secret would accept it.
        SignedJWT hs = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa-1").build(), valid);
        hs.sign(new MACSigner(rsa.toRSAPublicKey().getEncoded()));
        refused(register(registry, "2.0.0", hs.serialize()));
        // Expired past the leeway; not yet valid; issued in the future.
        refused(register(registry, "2.0.0", rs256(claims().issueTime(new Date(now - 600_000)).notBeforeTime(new Date(now - 600_000))
                .expirationTime(new Date(now - 120_000)).build())));
        refused(register(registry, "2.0.0", rs256(claims().notBeforeTime(new Date(now + 120_000)).build())));
        refused(register(registry, "2.0.0", rs256(claims().issueTime(new Date(now + 120_000)).build())));
        refused(register(registry, "2.0.0", rs256(claims().expirationTime(null).build())));
        // Another audience, another issuer.
        refused(register(registry, "2.0.0", rs256(claims().audience("another-registry").build())));
        refused(register(registry, "2.0.0", rs256(claims().issuer("https://evil.example").build())));
        // A key the JWKS does not hold: under a known kid, under an unknown kid, and offered by the token itself.
        refused(register(registry, "2.0.0", rs256(stranger, valid, h -> h.keyID("rsa-1"))));
        refused(register(registry, "2.0.0", rs256(stranger, valid, h -> {})));
        String attackerJwks = "http://127.0.0.1:" + attacker.getAddress().getPort() + "/jwks";
        refused(register(registry, "2.0.0", rs256(stranger, valid, h -> h.jwkURL(URI.create(attackerJwks)))));
        refused(register(registry, "2.0.0", rs256(stranger, valid, h -> h.jwk(stranger.toPublicJWK()))));
        refused(register(registry, "2.0.0", rs256(stranger, valid, h -> h.keyID("rsa-1").x509CertURL(URI.create(attackerJwks)))));
        // A tampered payload under a valid signature.
        String[] parts = rs256(valid).split("\\.");
        String other = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                claims().claim("repository", "acme/other").build().toString().getBytes(StandardCharsets.UTF_8));
        refused(register(registry, "2.0.0", parts[0] + "." + other + "." + parts[2]));

        assertEquals(0, attackerReads.get(), "keys are never fetched from a URL the token names");
        assertEquals(404, registry.get("/services/bank-service/releases/2.0.0").status(), "nothing was stored");
    }

    @Test
    void unknownKeyIdsDoNotMakeTheRegistryReadTheJwksMoreThanOnceAMinute() throws Exception {
        try (RunningRegistry fresh = open("http://127.0.0.1:" + keys.getAddress().getPort() + "/jwks")) {
            int before = jwksReads.get();
            register(fresh, "1.0.0", rs256(claims().build())).expect(201);
            assertEquals(before + 1, jwksReads.get(), "the first token reads the JWKS once");
            for (int i = 0; i < 20; i++) {
                // A kid the JWKS does not hold; the stranger's key pair, since making 20 RSA keys costs seconds of CPU.
                RSAKey unknown = new RSAKey.Builder(stranger).keyID("rotated-" + i).build();
                refused(register(fresh, "2.0.0", rs256(unknown, claims().build(), h -> {})));
            }
            register(fresh, "1.1.0", es256(claims().build())).expect(201);
            assertEquals(before + 1, jwksReads.get(), "20 unknown kids within a minute: no further read");
        }
    }

    /** A clock the test moves: the verifier's cache and cool-down run on it, so no test waits a minute. */
    private static final class MovingClock extends Clock {
        private final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());

        void advance(Duration d) {
            now.updateAndGet(t -> t.plus(d));
        }

        @Override
        public Instant instant() {
            return now.get();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Test
    void aRotatedKeyIsTakenOnceTheCoolDownHasPassedAndUnknownKidsReadAtMostOnceAMinute() throws Exception {
        RSAKey first = new RSAKeyGenerator(2048).keyID("2026-first").generate();
        RSAKey rotated = new RSAKeyGenerator(2048).keyID("2026-rotated").generate();
        AtomicReference<String> published = new AtomicReference<>(new JWKSet(first.toPublicJWK()).toString());
        AtomicInteger reads = new AtomicInteger();
        HttpServer issuer = serve("/jwks", published::get, reads);
        MovingClock clock = new MovingClock();
        String url = "http://127.0.0.1:" + issuer.getAddress().getPort() + "/jwks";
        try (RunningRegistry fresh = open(OidcVerifier.of(ISSUER, AUDIENCE, url, clock, OidcVerifier.MIN_REFETCH))) {
            register(fresh, "1.0.0", rs256(first, claims().build(), h -> {})).expect(201);
            assertEquals(1, reads.get(), "the first token reads the JWKS");

            // The issuer rotates: the new key is published, and tokens signed with it arrive at once.
            published.set(new JWKSet(List.of(first.toPublicJWK(), rotated.toPublicJWK())).toString());
            refused(register(fresh, "1.1.0", rs256(rotated, claims().build(), h -> {})));
            clock.advance(Duration.ofSeconds(59));
            refused(register(fresh, "1.1.0", rs256(rotated, claims().build(), h -> {})));
            assertEquals(1, reads.get(), "within the minute after a read, an unknown kid reads nothing");

            clock.advance(Duration.ofSeconds(2));
            register(fresh, "1.1.0", rs256(rotated, claims().build(), h -> {})).expect(201);
            assertEquals(2, reads.get(), "a minute after the last read, the unknown kid reads the JWKS once, and its key is taken");
            register(fresh, "1.2.0", rs256(rotated, claims().build(), h -> {})).expect(201);
            register(fresh, "1.3.0", rs256(first, claims().build(), h -> {})).expect(201);
            assertEquals(2, reads.get(), "known kids are served from the cache");

            // A flood of unknown kids: one read a minute at most, however many arrive.
            RSAKey stray = new RSAKeyGenerator(2048).keyID("never-published").generate();
            for (int minute = 0; minute < 3; minute++) {
                clock.advance(Duration.ofSeconds(61));
                for (int i = 0; i < 10; i++) refused(register(fresh, "9.9.9", rs256(stray, claims().build(), h -> {})));
                assertEquals(3 + minute, reads.get(), "minute " + minute + ": ten unknown kids, one read");
            }
        } finally {
            issuer.stop(0);
        }
    }

    /**
     * A JWKS holding a real 1024-bit RSA key beside a 2048-bit one: a token signed (really) by the weak key is refused
     * 401, one signed by the strong key passes, and a read of the keys names the weak one (what stops {@code serve}).
     */
    @Test
    void anRsaKeyUnder2048BitsIsNeverUsed() throws Exception {
        RSAKey weak = new RSAKeyGenerator(1024, true).keyID("weak-1024").generate();
        RSAKey strong = new RSAKeyGenerator(2048).keyID("strong-2048").generate();
        assertEquals(1024, weak.toRSAPublicKey().getModulus().bitLength(), "a real 1024-bit modulus");
        Path file = Files.writeString(dir.resolve("weak-jwks.json"), new JWKSet(List.of(weak.toPublicJWK(), strong.toPublicJWK())).toString());
        OidcVerifier verifier = OidcVerifier.of(ISSUER, AUDIENCE, file.toUri().toString());
        OidcVerifier.KeysRead read = verifier.readKeys();
        assertTrue(read.readable());
        assertEquals(List.of("kid \"weak-1024\" of 1024 bits"), read.weak());
        try (RunningRegistry fromFile = open(verifier)) {
            SignedJWT signedByWeak = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("weak-1024").build(), claims().build());
            signedByWeak.sign(new RSASSASigner(weak.toPrivateKey(), true));
            assertTrue(signedByWeak.verify(new com.nimbusds.jose.crypto.RSASSAVerifier(weak.toRSAPublicKey())), "a real signature");
            refused(register(fromFile, "1.0.0", signedByWeak.serialize()));
            register(fromFile, "1.0.0", rs256(strong, claims().build(), h -> {})).expect(201);
        }
        Path none = dir.resolve("no-jwks.json");
        assertEquals(false, OidcVerifier.of(ISSUER, AUDIENCE, none.toUri().toString()).readKeys().readable(), "an unreadable JWKS is said so");
    }

    /**
     * A token's lifetime ({@code exp - iat}) is at most a day unless configured: {@code exp} in the year 3000 was
     * accepted, and such a token once leaked works for ever. A shorter maximum refuses what the default takes.
     */
    @Test
    void aTokenLivingLongerThanTheMaximumIsRefused() throws Exception {
        long now = System.currentTimeMillis();
        Date year3000 = Date.from(Instant.parse("3000-01-01T00:00:00Z"));
        refused(register(registry, "3.0.0", rs256(claims().expirationTime(year3000).build())));
        refused(register(registry, "3.0.0", rs256(claims().issueTime(new Date(now - 1_000))
                .expirationTime(new Date(now - 1_000 + Duration.ofDays(1).plusSeconds(1).toMillis())).build())));
        register(registry, "3.0.0", rs256(claims().issueTime(new Date(now - 1_000))
                .expirationTime(new Date(now - 1_000 + Duration.ofHours(23).toMillis())).build())).expect(201);

        String url = "http://127.0.0.1:" + keys.getAddress().getPort() + "/jwks";
        try (RunningRegistry tight = open(OidcVerifier.of(ISSUER, AUDIENCE, url, Duration.ofMinutes(10)))) {
            refused(register(tight, "1.0.0", rs256(claims().expirationTime(new Date(now + Duration.ofHours(1).toMillis())).build())));
            register(tight, "1.0.0", rs256(claims().expirationTime(new Date(now + Duration.ofMinutes(5).toMillis())).build())).expect(201);
        }
    }

    /**
     * A claim an entry matches on must be a string: a token carrying {@code "ref": ["refs/heads/x", "refs/heads/main"]}
     * matched the main-only entry. Such a token is verified, matches no entry and holds no grant (403).
     */
    @Test
    void aClaimSentAsAListMatchesNoEntry() throws Exception {
        Answer listed = register(registry, "4.0.0", rs256(claims().claim("ref", List.of("refs/heads/x", "refs/heads/main")).build()));
        assertEquals(403, listed.status(), listed.body());
        assertTrue(listed.json().path("detail").asText().contains("matches no oidc entry"), listed.body());
        Answer one = register(registry, "4.0.0", rs256(claims().claim("repository", List.of("acme/bank-service")).build()));
        assertEquals(403, one.status(), one.body());
        assertEquals(404, registry.get("/services/bank-service/releases/4.0.0").status(), "nothing was stored");
        register(registry, "4.0.0", rs256(claims().build())).expect(201);
    }

    @Test
    void theJwksMayBeAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("jwks.json"), new JWKSet(List.of(rsa.toPublicJWK(), ec.toPublicJWK())).toString());
        try (RunningRegistry fromFile = open(file.toUri().toString())) {
            register(fromFile, "1.0.0", es256(claims().build())).expect(201);
            refused(register(fromFile, "1.1.0", rs256(stranger, claims().build(), h -> {})));
        }
    }
}
