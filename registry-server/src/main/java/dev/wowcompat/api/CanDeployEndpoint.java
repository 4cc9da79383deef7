package dev.wowcompat.api;

import dev.wowcompat.check.DeploymentCheck;
import dev.wowcompat.drift.DriftFinding;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.report.Waiver;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.store.EnvironmentView;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.store.StoredRelease;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * {@code GET /can-deploy} (docs/api.md, "GET /can-deploy"): a registered release against what runs in one environment, by
 * {@link DeploymentCheck}. The releases compared are read from the store at one moment and parsed through the
 * registration's cache of stored Manifests.
 */
final class CanDeployEndpoint {
    /** The verdict of every successful answer, whatever its format, so a script needs no parsing. */
    static final String DEPLOYABLE_HEADER = "Wow-Compat-Deployable";

    private final RegistryStore store;
    private final Registration registration;
    private final JsonResponses json;

    CanDeployEndpoint(RegistryStore store, Registration registration, JsonResponses json) {
        this.store = store;
        this.registration = registration;
        this.json = json;
    }

    /**
     * 200 with the report (deployable or not) | 400 a parameter missing or malformed | 404 the candidate is not
     * registered. An environment where nothing was ever recorded runs nothing: a first deployment, 200.
     */
    void check(Context ctx) {
        String service = required(ctx, "service");
        String version = required(ctx, "version");
        String environment = EnvironmentEndpoints.checkedName(required(ctx, "environment"));
        if (!Version.isValid(version)) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "version must be a release version, major.minor.patch; got '" + version + "'.");
        }
        ReportFormat format = format(ctx.queryParam("format"));
        List<Waiver> waivers = waivers(ctx.queryParams("ignore"));
        StoredRelease candidate = store.release(service, version).orElseThrow(() -> new ApiException(ProblemCode.RELEASE_NOT_FOUND,
                service + "@" + version + " is not registered; only a registered release can be checked for deployment."));
        if (candidate.withdrawnAt() != null) {
            ctx.header(DEPLOYABLE_HEADER, "false");
            throw new ApiException(ProblemCode.RELEASE_WITHDRAWN, service + "@" + version
                    + " was withdrawn; a withdrawn release is never a candidate for deployment.");
        }
        List<Manifest> running = store.runningReleases(environment).stream().map(r -> registration.stored(r.release())).toList();
        Manifest manifest = registration.stored(candidate);
        Report report = new DeploymentCheck().check(manifest, new DeploymentCheck.Environment(environment, running,
                        drifts(environment, manifest))).withWaivers(waivers);
        boolean deployable = report.compatible();
        ctx.header(DEPLOYABLE_HEADER, Boolean.toString(deployable));
        if (format == ReportFormat.JSON) {
            json.send(ctx, 200, ReportJson.toDeploymentNode(report, environment));
        } else {
            ctx.status(200).contentType(contentType(format)).result(format.render(report).getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * The drifts found there, from the profiles the registry keeps, of the event types and states the candidate reads
     * (one read of each type's profiles): what {@code consumed-type-drifted} warns about.
     */
    private List<DeploymentCheck.ObservedDrift> drifts(String environment, Manifest candidate) {
        SortedSet<String> types = new TreeSet<>(candidate.consumes().events().keySet());
        types.addAll(candidate.consumes().states());
        List<DeploymentCheck.ObservedDrift> out = new ArrayList<>();
        if (types.isEmpty()) return out;
        Optional<EnvironmentView> view = store.environment(environment, EnvironmentEndpoints.HISTORY_LIMIT);
        StoredDeclarations declared = new StoredDeclarations(store, registration);
        for (String type : types) {
            ProfileSet profiles = store.profiles(environment, type, null, null, ProfileEndpoints.READ_LIMIT).profiles();
            if (profiles.size() == 0) continue;
            for (DriftFinding f : DriftHistory.of(view, profiles, declared).drift()) {
                out.add(new DeploymentCheck.ObservedDrift(f.field().type(), f.field().revision(), f.field().pointer(), f.kind().id(), f.message()));
            }
        }
        return out;
    }

    /** The media type of a report format, as docs/openapi.json declares them. */
    static String contentType(ReportFormat format) {
        return switch (format) {
            case JSON -> JsonResponses.JSON;
            case TEXT, GITHUB -> "text/plain; charset=utf-8";
            case MARKDOWN -> "text/markdown; charset=utf-8";
            case JUNIT -> "application/xml; charset=utf-8";
            case SARIF -> "application/sarif+json";
        };
    }

    private static ReportFormat format(String text) {
        if (text == null || text.isBlank()) return ReportFormat.JSON;
        try {
            return ReportFormat.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "format '" + text.strip() + "' is not a report format; use one of "
                    + ReportFormat.names() + ".");
        }
    }

    /** Each {@code ignore} as the command line's {@code --ignore} takes it. */
    private static List<Waiver> waivers(List<String> texts) {
        List<Waiver> out = new ArrayList<>();
        for (String text : texts) {
            try {
                out.add(Waiver.parse(text));
            } catch (IllegalArgumentException e) {
                throw new ApiException(ProblemCode.BAD_PARAMETER, "ignore " + e.getMessage().replaceAll("\\.$", "") + ".");
            }
        }
        return out;
    }

    private static String required(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) throw new ApiException(ProblemCode.BAD_PARAMETER, "query parameter '" + name + "' is required.");
        return v.strip();
    }
}
