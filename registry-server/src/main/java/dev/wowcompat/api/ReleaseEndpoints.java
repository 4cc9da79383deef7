package dev.wowcompat.api;

import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.store.GateDecision;
import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.ReleaseSummary;
import dev.wowcompat.store.ReplayVerdict;
import dev.wowcompat.store.ServiceSummary;
import dev.wowcompat.store.StoredRelease;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/** Services and releases: register, dry-run check, list, read. */
final class ReleaseEndpoints {
    private final ReleaseStore store;
    private final Registration registration;
    private final RequestBodies bodies;
    private final JsonResponses json;
    private final Metrics metrics;

    ReleaseEndpoints(ReleaseStore store, Registration registration, RequestBodies bodies, JsonResponses json, Metrics metrics) {
        this.store = store;
        this.registration = registration;
        this.bodies = bodies;
        this.json = json;
        this.metrics = metrics;
    }

    /** 201 + report | 200 + stored report (same content again) | 409 breaking (report) | 409 version exists | 503 history kept moving. */
    void register(Context ctx) throws InvalidInputException {
        String service = Names.service(ctx.pathParam("service"));
        WriteGate.require(ctx, Grant.publish(service));
        RegistrationResult result;
        try {
            result = registration.register(service, bodies.json(ctx), ctx.method() + " " + ctx.path(),
                    WriteGate.record(ctx, 201, (RegistrationResult r) -> r.release().version()));
        } catch (ApiException e) {
            if (e.problem() == ProblemCode.BUSY) ctx.header("Retry-After", ExpensiveRequests.RETRY_AFTER_SECONDS);
            throw e;
        }
        if (result.release() != null) WriteGate.about(ctx, null, result.release().version(), null);
        metrics.registration(result.outcome());
        switch (result.outcome()) {
            case CREATED -> {
                ctx.header("Location", ctx.path() + "/" + result.release().version());
                json.sendText(ctx, 201, result.reportJson());
            }
            case SAME_CONTENT -> json.sendText(ctx, 200, result.reportJson());
            case VERSION_CONFLICT -> throw new ApiException(ProblemCode.VERSION_EXISTS,
                    service + "@" + result.release().version() + " is already registered with other content; releases are "
                            + "immutable: give the changed Manifest a new version.",
                    Map.of("existingContentDigest", result.release().contentDigest()));
            case REFUSED -> {
                JsonNode report = json.tree(result.reportJson());
                long breaking = report.path("summary").path("breaking").asLong();
                throw new ApiException(ProblemCode.RELEASE_BREAKING,
                        Counts.of(breaking, "breaking finding") + "; nothing was stored. Each finding says what changed, whom it breaks and the additive fix.",
                        Map.of("report", report));
            }
            default -> throw new IllegalStateException(result.outcome().name());
        }
    }

    /** The dry run: always 200 with the report; its verdict says whether registering would succeed. */
    void check(Context ctx) throws InvalidInputException {
        GateDecision decision = registration.check(Names.service(ctx.pathParam("service")), bodies.json(ctx), ctx.method() + " " + ctx.path());
        json.sendText(ctx, 200, decision.reportJson());
    }

    /** The bytes of stored reports one answer of {@code GET /services/{service}/releases} carries at most. */
    static final long REPORT_BYTES = Listed.LIST_BYTES;

    void services(Context ctx) {
        ObjectNode answer = json.object();
        ArrayNode out = answer.putArray("services");
        for (ServiceSummary s : Listed.first(store.services(), Listed.ENTRIES, answer)) {
            out.addObject().put("name", s.name()).put("releases", s.releases())
                    .put("latestVersion", s.latestVersion()).put("latestRegisteredAt", s.latestRegisteredAt());
        }
        json.send(ctx, 200, answer);
    }

    void releases(Context ctx) {
        String service = Names.service(ctx.pathParam("service"));
        List<ReleaseSummary> releases = store.releases(service);
        if (releases.isEmpty()) throw new ApiException(ProblemCode.SERVICE_NOT_FOUND, "No release of service '" + service + "' is registered.");
        ObjectNode answer = json.object().put("service", service);
        ArrayNode out = answer.putArray("releases");
        // Each release carries its report (at most 100 findings, 100 changes): listed while the reports stay within
        // REPORT_BYTES, so a long history of large reports still answers in bounded size; "more" counts the rest.
        Map<String, ReplayVerdict> replays = new java.util.HashMap<>();
        store.replays(service).forEach(v -> replays.put(v.version(), v));
        long reportBytes = 0;
        int listed = 0;
        for (ReleaseSummary r : releases) {
            if (listed == Listed.ENTRIES || (listed > 0 && reportBytes + r.reportJson().length() > REPORT_BYTES)) break;
            reportBytes += r.reportJson().length();
            listed++;
            ObjectNode o = out.addObject().put("version", r.version()).put("registeredAt", r.registeredAt())
                    .put("contentDigest", r.contentDigest());
            if (r.withdrawnAt() != null) o.put("withdrawnAt", r.withdrawnAt());
            JsonResponses.putRaw(o, "report", r.reportJson());
            ReplayEndpoints.json(java.util.Optional.ofNullable(replays.get(r.version())), o.putObject("replay"));
        }
        if (listed < releases.size()) answer.put("more", releases.size() - listed);
        json.send(ctx, 200, answer);
    }

    void release(Context ctx) {
        String service = Names.service(ctx.pathParam("service"));
        String version = Names.version(ctx.pathParam("version"));
        StoredRelease r = store.release(service, version).orElseThrow(() ->
                new ApiException(ProblemCode.RELEASE_NOT_FOUND, service + "@" + version + " is not registered."));
        ObjectNode o = json.object().put("service", r.service()).put("version", r.version())
                .put("registeredAt", r.registeredAt()).put("contentDigest", r.contentDigest());
        if (r.withdrawnAt() != null) o.put("withdrawnAt", r.withdrawnAt());
        JsonResponses.putRaw(o, "manifest", r.manifestJson());
        JsonResponses.putRaw(o, "report", r.reportJson());
        ReplayEndpoints.json(store.replay(service, version), o.putObject("replay"));
        json.send(ctx, 200, o);
    }
}
