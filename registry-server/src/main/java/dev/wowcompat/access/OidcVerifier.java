package dev.wowcompat.access;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSetCacheRefreshEvaluator;
import com.nimbusds.jose.jwk.source.JWKSetSource;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.jwk.source.URLBasedJWKSetSource;
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
import java.time.Duration;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies the JWTs of CI identities with nimbus-jose-jwt (docs/decisions.md, "Who may write"): RS256 or ES256 by a
 * key of the configured JWKS only ({@code alg: none}, HMAC, and {@code jku}/{@code x5u}/{@code jwk} headers are never
 * used), {@code iss} and {@code aud} exact, {@code exp}, {@code nbf} and {@code iat} with 60 s of leeway. The JWKS is
 * read from the configured URL, kept for 5 minutes, and read again on an unknown {@code kid} at most once a minute.
 */
public final class OidcVerifier {
    /** Clock skew the time claims are given. */
    public static final int LEEWAY_SECONDS = 60;
    /** The least time between two reads of the JWKS. */
    public static final Duration MIN_REFETCH = Duration.ofMinutes(1);
    private static final long CACHE_MILLIS = Duration.ofMinutes(5).toMillis();
    private static final int JWKS_MAX_BYTES = 256 * 1024;

    private final DefaultJWTProcessor<SecurityContext> processor;
    private final String issuer;

    private OidcVerifier(String issuer, String audience, JWKSource<SecurityContext> keys) {
        this.issuer = issuer;
        this.processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256), keys));
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(Set.of(audience),
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("iss", "aud", "exp", "iat"), Set.of());
        claims.setMaxClockSkew(LEEWAY_SECONDS);
        processor.setJWTClaimsSetVerifier(claims);
    }

    /**
     * @param jwks an {@code https:}, {@code http:} or {@code file:} URL
     * @throws IllegalArgumentException when the URL is none of those
     */
    public static OidcVerifier of(String issuer, String audience, String jwks) {
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
        JWKSource<SecurityContext> keys = JWKSourceBuilder.create(new OnceAMinute(new URLBasedJWKSetSource<>(url, retriever)))
                .cache(CACHE_MILLIS, 15_000).rateLimited(false).retrying(false).build();
        return new OidcVerifier(issuer, audience, keys);
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
            if (iat.getTime() > System.currentTimeMillis() + LEEWAY_SECONDS * 1000L) return Optional.empty();
            return Optional.of(claims.getClaims());
        } catch (java.text.ParseException | com.nimbusds.jose.proc.BadJOSEException | com.nimbusds.jose.JOSEException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return "OIDC tokens of " + issuer;
    }

    /**
     * The JWKS read at most once a minute, whatever asks: an unknown {@code kid} cannot make the registry fetch the
     * JWKS more often (nimbus' own rate limit allows two reads per interval).
     */
    private static final class OnceAMinute implements JWKSetSource<SecurityContext> {
        private final JWKSetSource<SecurityContext> source;
        private long lastRead = Long.MIN_VALUE;

        OnceAMinute(JWKSetSource<SecurityContext> source) {
            this.source = source;
        }

        @Override
        public synchronized JWKSet getJWKSet(JWKSetCacheRefreshEvaluator refresh, long now, SecurityContext context)
                throws KeySourceException {
            if (lastRead != Long.MIN_VALUE && now - lastRead < MIN_REFETCH.toMillis()) throw new RateLimitReachedException();
            lastRead = now;
            return source.getJWKSet(refresh, now, context);
        }

        @Override
        public void close() throws IOException {
            source.close();
        }
    }
}
