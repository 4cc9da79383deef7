package dev.wowcompat.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.report.ReplaySummary;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.ReplayVerdict;
import io.javalin.http.Context;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code PUT /services/{service}/releases/{version}/replay} (docs/api.md): the verdict of a {@code wow-compat replay} of
 * a registered release, kept with it (docs/decisions.md, "The replay's verdict"), and how every answer shows it.
 */
final class ReplayEndpoints {
    private final ReleaseStore store;
    private final RequestBodies bodies;
    private final JsonResponses json;
    private final Clock clock;

    ReplayEndpoints(ReleaseStore store, RequestBodies bodies, JsonResponses json, Clock clock) {
        this.store = store;
        this.bodies = new RequestBodies(Math.min(bodies.maxBytes(), ReplaySummary.MAX_BYTES));
        this.json = json;
        this.clock = clock;
    }

    /** 201 stored (or replacing an earlier replay's) | 200 the same verdict again | 400 not a replay report | 404 not registered. */
    void put(Context ctx) {
        String service = Names.service(ctx.pathParam("service"));
        String version = Names.version(ctx.pathParam("version"));
        WriteGate.about(ctx, service, version, null);
        // The grant that registers the release: the team that registers it gives the evidence it was replayed.
        WriteGate.require(ctx, Grant.publish(service));
        ReplaySummary summary;
        try {
            summary = ReplaySummary.read(bodies.json(ctx), Instant.now(clock));
        } catch (IllegalArgumentException e) {
            throw new ApiException(ProblemCode.REPLAY_REPORT_INVALID, "The body cannot be kept as a replay: " + e.getMessage() + ".");
        }
        ReplayVerdict verdict = new ReplayVerdict(service, version, summary, clock.millis(), WriteGate.principal(ctx));
        ReplayVerdict.Outcome outcome = store.recordReplay(verdict, WriteGate.record(ctx, 201));
        switch (outcome) {
            case NOT_REGISTERED -> throw new ApiException(ProblemCode.RELEASE_NOT_FOUND, service + "@" + version
                    + " is not registered; register the release before its replay.");
            case STORED -> json.send(ctx, 201, json(store.replay(service, version), json.object()));
            case SAME -> json.send(ctx, 200, json(store.replay(service, version), json.object()));
            default -> throw new IllegalStateException(outcome.name());
        }
    }

    /**
     * The release's replay as every answer shows it: {@code {"replayed": false}} when it was never replayed (which is
     * no failure), else when and by which tool, on how many aggregates and events, and each finding's count.
     */
    static ObjectNode json(Optional<ReplayVerdict> stored, ObjectNode into) {
        into.put("replayed", stored.isPresent());
        if (stored.isEmpty()) return into;
        ReplaySummary s = stored.get().summary();
        into.put("replayedAt", Instant.ofEpochMilli(s.replayedAt()).toString()).put("toolVersion", s.toolVersion())
                .put("aggregates", s.aggregates()).put("events", s.events()).put("breaking", s.breaking());
        ArrayNode findings = into.putArray("findings");
        for (ReplaySummary.Found f : s.findings()) findings.addObject().put("id", f.id()).put("severity", f.severity()).put("count", f.count());
        into.put("storedAt", Instant.ofEpochMilli(stored.get().storedAt()).toString()).put("storedBy", stored.get().principal());
        return into;
    }
}
