package dev.wowcompat.access;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies the JWTs of CI identities with nimbus-jose-jwt (docs/decisions.md, "Who may write"): RS256 or ES256 by a
 * key of the configured JWKS only ({@code alg: none}, HMAC, and {@code jku}/{@code x5u}/{@code jwk} headers are never
 * used), {@code iss} and {@code aud} exact, {@code exp}, {@code nbf} and {@code iat} with 60 s of leeway, and a lifetime
 * ({@code exp - iat}) of at most the configured maximum. The JWKS is read from the configured URL only, kept for 5
 * minutes, and read again on an unknown {@code kid} at most once a minute ({@link KeysOfOneUrl}); an RSA key under
 * {@value #MIN_RSA_BITS} bits in it is never used.
 */
public final class OidcVerifier {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(OidcVerifier.class);
    /** Clock skew the time claims are given. */
    public static final int LEEWAY_SECONDS = 60;
    /** The shortest RSA modulus a key of the JWKS may have to be used (docs/deployment.md, "Who may write"). */
    public static final int MIN_RSA_BITS = 2048;
    /** The longest lifetime ({@code exp - iat}) a token may have unless {@code serve --oidc-max-lifetime} says otherwise. */
    public static final Duration DEFAULT_MAX_LIFETIME = Duration.ofDays(1);
    /** The least time between two reads of the JWKS. */
    public static final Duration MIN_REFETCH = Duration.ofMinutes(1);
    private static final int JWKS_MAX_BYTES = 256 * 1024;

    private final DefaultJWTProcessor<SecurityContext> processor;
    private final String issuer;
    private final Clock clock;
    private final Duration maxLifetime;
    private final KeysOfOneUrl keys;

    private OidcVerifier(String issuer, String audience, KeysOfOneUrl keys, Clock clock, Duration maxLifetime) {
        this.issuer = issuer;
        this.clock = clock;
        this.maxLifetime = maxLifetime;
        this.keys = keys;
        this.processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256), keys));
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(Set.of(audience),
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("iss", "aud", "exp", "iat"), Set.of()) {
            @Override
            protected Date currentTime() {
                // The one clock of this verifier, for the time claims as for the keys' cache.
                return new Date(clock.millis());
            }
        };
        claims.setMaxClockSkew(LEEWAY_SECONDS);
        processor.setJWTClaimsSetVerifier(claims);
    }

    /**
     * @param jwks an {@code https:}, {@code http:} or {@code file:} URL
     * @throws IllegalArgumentException when the URL is none of those
     */
    public static OidcVerifier of(String issuer, String audience, String jwks) {
        return of(issuer, audience, jwks, DEFAULT_MAX_LIFETIME);
    }

    /** The same, with the longest lifetime ({@code exp - iat}) a token may have. */
    public static OidcVerifier of(String issuer, String audience, String jwks, Duration maxLifetime) {
        return of(issuer, audience, jwks, Clock.systemUTC(), MIN_REFETCH, maxLifetime);
    }

    /**
     * The same, with the clock that times the cache and the least time between two reads of the JWKS (tests pass a
     * clock they move, and a short cool-down, to see a rotated key taken without waiting a minute).
     */
    public static OidcVerifier of(String issuer, String audience, String jwks, Clock clock, Duration minRefetch) {
        return of(issuer, audience, jwks, clock, minRefetch, DEFAULT_MAX_LIFETIME);
    }

    public static OidcVerifier of(String issuer, String audience, String jwks, Clock clock, Duration minRefetch, Duration maxLifetime) {
        if (maxLifetime.isNegative() || maxLifetime.isZero()) throw new IllegalArgumentException("the longest token lifetime must be above 0");
        URL url;
        try {
            URI uri = new URI(jwks);
            if (uri.getScheme() == null || !Set.of("https", "http", "file").contains(uri.getScheme())) {
                throw new IllegalArgumentException("--oidc-jwks must be an https:, http: or file: URL");
            }
            url = uri.toURL();
        } catch (URISyntaxException | java.net.MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--oidc-jwks must be an https:, http: or file: URL", e);
        }
        ResourceRetriever retriever = url.getProtocol().equals("file") ? OidcVerifier::readFile
                : new DefaultResourceRetriever(5_000, 5_000, JWKS_MAX_BYTES);
        return new OidcVerifier(issuer, audience, new KeysOfOneUrl(url, retriever, clock, minRefetch), clock, maxLifetime);
    }

    private static Resource readFile(URL url) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of(url.toURI()))) {
            byte[] bytes = in.readNBytes(JWKS_MAX_BYTES + 1);
            if (bytes.length > JWKS_MAX_BYTES) throw new IOException("the JWKS file is larger than " + JWKS_MAX_BYTES + " bytes");
            return new Resource(new String(bytes, StandardCharsets.UTF_8), "application/json");
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }

    /** Whether a bearer token looks like a JWT (three base64url parts) rather than an opaque token. */
    public static boolean looksLikeJwt(String token) {
        return token.startsWith("eyJ") && token.chars().filter(c -> c == '.').count() == 2;
    }

    /** The token's claims when it is valid by every rule above; empty otherwise (the reason is not told to the caller). */
    public Optional<Map<String, Object>> verify(String jwt) {
        try {
            JWTClaimsSet claims = processor.process(jwt, null);
            Date iat = claims.getIssueTime();
            if (iat.getTime() > clock.millis() + LEEWAY_SECONDS * 1000L) return Optional.empty();
            // A token that lives for years is a password in all but name: once leaked, it works until it expires.
            if (claims.getExpirationTime().getTime() - iat.getTime() > maxLifetime.toMillis()) return Optional.empty();
            return Optional.of(claims.getClaims());
        } catch (java.text.ParseException | com.nimbusds.jose.proc.BadJOSEException | com.nimbusds.jose.JOSEException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads the JWKS now (a start-up reads it before the first token does) and says what it found: whether it could be
     * read, and its RSA keys under {@value #MIN_RSA_BITS} bits, each as {@code kid} and size. Those keys are never used.
     */
    public KeysRead readKeys() {
        return keys.readNow();
    }

    /** What a read of the JWKS found: {@code weak} names each RSA key under {@value #MIN_RSA_BITS} bits. */
    public record KeysRead(String url, boolean readable, List<String> weak) {
        public KeysRead {
            weak = List.copyOf(weak);
        }
    }

    @Override
    public String toString() {
        return "OIDC tokens of " + issuer;
    }

    /**
     * The keys of the configured URL, and only of it: read when the first JWT arrives, kept {@link #CACHE}, and read
     * again when a token names a {@code kid} the kept set lacks, but never sooner than {@code minRefetch} after the
     * last read, whatever asks. A read that fails keeps the keys already held. Our own, rather than nimbus' caching
     * source, so that the clock and the cool-down are given here and no read can be forced by a token.
     */
    private static final class KeysOfOneUrl implements JWKSource<SecurityContext> {
        private static final Duration CACHE = Duration.ofMinutes(5);
        private final URL url;
        private final ResourceRetriever retriever;
        private final Clock clock;
        private final Duration minRefetch;
        private JWKSet keys;
        private Instant readAt;

        KeysOfOneUrl(URL url, ResourceRetriever retriever, Clock clock, Duration minRefetch) {
            this.url = url;
            this.retriever = retriever;
            this.clock = clock;
            this.minRefetch = minRefetch;
        }

        @Override
        public synchronized List<JWK> get(JWKSelector selector, SecurityContext context) throws KeySourceException {
            Instant now = clock.instant();
            if (keys == null || !now.isBefore(readAt.plus(CACHE))) read(now, true);
            List<JWK> found = keys == null ? List.of() : selector.select(keys);
            if (found.isEmpty() && !now.isBefore(readAt.plus(minRefetch))) {
                read(now, true);
                found = keys == null ? List.of() : selector.select(keys);
            }
            return found;
        }

        synchronized KeysRead readNow() {
            readAt = null;
            return read(clock.instant(), false);
        }

        /** @param tell whether to log weak keys (a start-up read reports them to its caller instead) */
        private KeysRead read(Instant now, boolean tell) {
            if (readAt != null && now.isBefore(readAt.plus(minRefetch))) return null;
            readAt = now;
            try {
                JWKSet all = JWKSet.parse(retriever.retrieveResource(url).getContent());
                List<JWK> usable = new ArrayList<>();
                List<String> weak = new ArrayList<>();
                for (JWK key : all.getKeys()) {
                    // nimbus verifies with an RSA key of any size (a 512-bit modulus is factored in hours).
                    if (key instanceof RSAKey rsa && rsa.size() < MIN_RSA_BITS) {
                        weak.add("kid \"" + key.getKeyID() + "\" of " + rsa.size() + " bits");
                    } else {
                        usable.add(key);
                    }
                }
                if (tell && !weak.isEmpty()) {
                    LOG.warn("the JWKS at {} holds RSA keys under {} bits ({}): tokens they sign are refused", url, MIN_RSA_BITS, String.join(", ", weak));
                }
                keys = new JWKSet(usable);
                return new KeysRead(url.toString(), true, weak);
            } catch (IOException | java.text.ParseException e) {
                // Unreadable now: the keys held stay in use (none before the first read), and the next try waits.
                return new KeysRead(url.toString(), false, List.of());
            }
        }
    }
}
