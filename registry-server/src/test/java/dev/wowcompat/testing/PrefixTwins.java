package dev.wowcompat.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.fingerprint.Fingerprint;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Two schemas whose fingerprints share their first 8 hex digits, and a release declaring both, so that an
 * ambiguous prefix can be looked up for real. About 2^16 variants find a pair (birthday bound); the search is
 * deterministic, so every run registers the same pair.
 *
 * @param first the fingerprint of one schema
 * @param second the fingerprint of the other; both start with {@link #sharedPrefix()}
 */
public record PrefixTwins(String first, String second, String manifest) {

    public static PrefixTwins find(String service) {
        ObjectMapper mapper = new ObjectMapper();
        Map<String, Integer> seen = new HashMap<>();
        try {
            for (int i = 0; ; i++) {
                String fp = Fingerprint.of(mapper.readTree(variant(i)));
                Integer earlier = seen.putIfAbsent(fp.substring(0, 8), i);
                if (earlier == null) continue;
                String manifest = """
                        {"manifest": 1, "service": "%s", "version": "1.0.0",
                         "contexts": {"p": {"aggregates": {"a": {"commands": {"One": {"schema": %s}, "Two": {"schema": %s}}}}}}}"""
                        .formatted(service, variant(earlier), variant(i));
                return new PrefixTwins(Fingerprint.of(mapper.readTree(variant(earlier))), fp, manifest);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String variant(int i) {
        return "{\"type\": \"object\", \"description\": \"variant " + i + "\"}";
    }

    /** The 8 digits both fingerprints start with. */
    public String sharedPrefix() {
        return first.substring(0, 8);
    }

    /** The shortest prefix of {@link #first()} that {@link #second()} does not share. */
    public String firstUniquePrefix() {
        int common = 8;
        while (first.charAt(common) == second.charAt(common)) common++;
        return first.substring(0, common + 1);
    }
}
