package dev.wowcompat.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.TypeUsage;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Schemas by fingerprint: the canonical schema itself, and which types and releases use it. */
final class SchemaEndpoints {
    private static final int CACHED_SCHEMAS = 4096;

    private final ReleaseStore releaseStore;
    private final UsageStore usageStore;
    private final JsonResponses json;
    /** A fingerprint names immutable content, so a cached body is never stale; the bound only limits memory. */
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(byte[] body, String etag) {}

    SchemaEndpoints(ReleaseStore releaseStore, UsageStore usageStore, JsonResponses json) {
        this.releaseStore = releaseStore;
        this.usageStore = usageStore;
        this.json = json;
    }

    /** The canonical schema; ETag is the fingerprint, and the answer may be cached for ever. */
    void schema(Context ctx) {
        // The hot path: a cached entry was validated when it was stored, so a hit needs no other check.
        Cached cached = cache.get(ctx.pathParam("fingerprint"));
        if (cached == null) {
            String fp = fingerprint(ctx, "/schemas/");
            if (fp == null) return;
            byte[] body = releaseStore.schema(fp).map(s -> s.getBytes(StandardCharsets.UTF_8)).orElseThrow(() -> unknown(fp));
            if (cache.size() >= CACHED_SCHEMAS) cache.clear();
            cached = new Cached(body, "\"" + fp + "\"");
            cache.put(fp, cached);
        }
        ctx.header("ETag", cached.etag());
        ctx.header("Cache-Control", "public, max-age=31536000, immutable");
        String ifNoneMatch = ctx.header("If-None-Match");
        if (ifNoneMatch != null && matches(ifNoneMatch, cached.etag())) {
            ctx.status(304);
            return;
        }
        ctx.contentType(JsonResponses.JSON).result(cached.body());
    }

    /** RFC 9110 If-None-Match: weak comparison, {@code *} or a list of tags. */
    private static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch.strip().equals("*")) return true;
        return List.of(ifNoneMatch.split(",")).stream().map(String::strip)
                .map(t -> t.startsWith("W/") ? t.substring(2) : t).anyMatch(etag::equals);
    }

    void usages(Context ctx) {
        String fp = fingerprint(ctx, "/fingerprints/");
        if (fp == null) return;
        List<TypeUsage> usages = usageStore.fingerprintUsages(fp);
        if (usages.isEmpty()) throw unknown(fp);
        ObjectNode out = json.object().put("fingerprint", fp).put("known", true).put("schema", "/schemas/" + fp);
        ArrayNode list = out.putArray("usages");
        for (TypeUsage u : Listed.first(usages, Listed.ENTRIES, out)) {
            ObjectNode o = list.addObject().put("service", u.service()).put("version", u.version())
                    .put("kind", u.type().kind()).put("name", u.type().name());
            if (u.type().kind().equals("event")) o.put("revision", u.type().revision()).put("subject", u.type().name() + "@" + u.type().revision());
            else o.put("subject", u.type().name());
            o.put("written", u.type().written());
        }
        json.send(ctx, 200, out);
    }

    /** Candidates listed for an ambiguous prefix; 8 hex digits rarely match more than one. */
    static final int PREFIX_CANDIDATES = 20;

    /**
     * The path's fingerprint, or null when the answer is already given: a unique prefix of 8 or more hex digits
     * (reports and pages show 12) redirects to the full fingerprint; an ambiguous one answers 300 with the matches.
     */
    private String fingerprint(Context ctx, String base) {
        String fp = ctx.pathParam("fingerprint");
        if (Fingerprint.isFingerprint(fp)) return fp;
        if (!fp.matches("[0-9a-f]{8,63}")) {
            throw new ApiException(ProblemCode.FINGERPRINT_MALFORMED, "'" + fp
                    + "' is not a fingerprint (64 lowercase hex digits) or a prefix of one (8 or more).");
        }
        List<String> matches = usageStore.fingerprintsStartingWith(fp, PREFIX_CANDIDATES + 1);
        if (matches.isEmpty()) throw new ApiException(ProblemCode.FINGERPRINT_UNKNOWN, "No registered schema has a fingerprint starting with " + fp + ".");
        if (matches.size() == 1) {
            ctx.status(302).header("Location", base + matches.get(0));
            return null;
        }
        ObjectNode out = json.object().put("prefix", fp).put("complete", matches.size() <= PREFIX_CANDIDATES);
        ArrayNode list = out.putArray("candidates");
        matches.stream().limit(PREFIX_CANDIDATES)
                .forEach(m -> list.addObject().put("fingerprint", m).put("schema", "/schemas/" + m).put("usages", "/fingerprints/" + m));
        json.send(ctx, 300, out);
        return null;
    }

    private static ApiException unknown(String fp) {
        return new ApiException(ProblemCode.FINGERPRINT_UNKNOWN, "No registered schema has fingerprint " + fp + ".");
    }
}
