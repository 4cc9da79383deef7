package dev.wowcompat.access;

import java.util.List;

/**
 * Who sent a request, as the registry knows them: a name (what the write log keeps) and what they may do.
 *
 * @param name the principal's name in the principals file, or {@code token-} and the first 8 hex digits of the
 *             token's SHA-256 for the tokens of {@code --tokens}
 */
public record Principal(String name, List<Grant> grants) {
    /** The name the write log gives a request without a principal. */
    public static final String ANONYMOUS = "anonymous";

    public Principal {
        grants = List.copyOf(grants);
    }

    public boolean allows(Grant needed) {
        for (Grant g : grants) {
            if (g.covers(needed)) return true;
        }
        return false;
    }
}
