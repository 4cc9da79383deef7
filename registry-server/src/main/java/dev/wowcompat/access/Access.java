package dev.wowcompat.access;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Who may do what on a registry (docs/deployment.md, "Who may write"): the principals holding tokens, the OIDC
 * verifier for CI identities (or null), and whether reads need the {@code read} grant.
 */
public record Access(Principals principals, OidcVerifier oidc, boolean readsNeedToken) {
    public Access {
        Objects.requireNonNull(principals, "principals");
        if (readsNeedToken && !principals.required()) {
            throw new IllegalArgumentException("reads can only need a token when principals or tokens are configured");
        }
        if (oidc != null && principals.oidc().isEmpty()) {
            throw new IllegalArgumentException("OIDC tokens need the principals file's oidc list to map them to grants");
        }
    }

    /** Nobody is known: writes are open (a registry on a developer's machine). */
    public static Access open() {
        return new Access(Principals.none(), null, false);
    }

    /** Whether writes need a principal. */
    public boolean required() {
        return principals.required();
    }

    /** What a bearer token says about its sender. */
    public sealed interface Caller {
        /** No {@code Authorization: Bearer} header. */
        record Anonymous() implements Caller {}

        /** A token no principal holds, or a JWT that fails verification. */
        record Unknown() implements Caller {}

        /** A JWT that passed verification but matches no OIDC entry: known issuer, no grants. */
        record Unmatched(String subject) implements Caller {}

        record Known(Principal principal) implements Caller {}
    }

    /** @param bearer the token after {@code Bearer }, or null when the request has none */
    public Caller identify(String bearer) {
        if (bearer == null) return new Caller.Anonymous();
        if (oidc != null && OidcVerifier.looksLikeJwt(bearer)) {
            Optional<Map<String, Object>> claims = oidc.verify(bearer);
            if (claims.isEmpty()) return new Caller.Unknown();
            return principals.byClaims(claims.get()).<Caller>map(Caller.Known::new)
                    .orElseGet(() -> new Caller.Unmatched(String.valueOf(claims.get().getOrDefault("sub", "a token without sub"))));
        }
        return principals.byToken(bearer).<Caller>map(Caller.Known::new).orElseGet(Caller.Unknown::new);
    }
}
