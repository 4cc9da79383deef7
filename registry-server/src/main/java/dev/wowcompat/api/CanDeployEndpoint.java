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
import dev.wowcompat.store.DeploymentStore;
import dev.wowcompat.store.ProfileStore;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.WireStore;
import dev.wowcompat.store.ReplayVerdict;
import dev.wowcompat.store.RunningRelease;
import dev.wowcompat.store.RunningVersion;
import dev.wowcompat.store.StoredRelease;
import dev.wowcompat.json.Spelling;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * {@code GET /can-deploy} (docs/api.md, "GET /can-deploy"): a registered release against what runs in one environment, by
 * {@link DeploymentCheck}. The releases weighed are those that share a type with the candidate, found through the
 * store's indexes and parsed through the registration's cache of stored Manifests.
 */
final class CanDeployEndpoint {
    /** The verdict of every successful answer, whatever its format, so a script needs no parsing. */
    static final String DEPLOYABLE_HEADER = "Wow-Compat-Deployable";

    private final ReleaseStore releaseStore;
    private final UsageStore usageStore;
    private final DeploymentStore deploymentStore;
    private final ProfileStore profileStore;
    private final WireStore wireStore;
    private final Registration registration;
    private final JsonResponses json;

    CanDeployEndpoint(ReleaseStore releaseStore, UsageStore usageStore, DeploymentStore deploymentStore, ProfileStore profileStore, WireStore wireStore, Registration registration, JsonResponses json) {
        this.releaseStore = releaseStore;
        this.usageStore = usageStore;
        this.deploymentStore = deploymentStore;
        this.profileStore = profileStore;
        this.wireStore = wireStore;
        this.registration = registration;
        this.json = json;
    }

    /** Names of known environments a refusal's sentence lists; the problem's {@code environments} lists up to {@link Listed#ENTRIES}. */
    static final int NAMED = 20;

    /**
     * 200 with the report (deployable or not) | 400 a parameter missing or malformed | 404 the candidate is not
     * registered, or the environment is one where no deployment was ever recorded and the request does not say it is
     * new ({@code newEnvironment=true}): a typo never passes the gate as a first deployment (docs/decisions.md, "An
     * environment the registry does not know").
     */
    void check(Context ctx) {
        String service = Names.service(required(ctx, "service"));
        String version = Names.version(required(ctx, "version"));
        String environment = Names.environment(required(ctx, "environment"));
        ReportFormat format = format(ctx.queryParam("format"));
        List<Waiver> waivers = waivers(ctx.queryParams("ignore"));
        boolean saidNew = flag(ctx, "newEnvironment");
        StoredRelease candidate = releaseStore.release(service, version).orElseThrow(() -> new ApiException(ProblemCode.RELEASE_NOT_FOUND,
                service + "@" + version + " is not registered; only a registered release can be checked for deployment."));
        if (candidate.withdrawnAt() != null) {
            ctx.header(DEPLOYABLE_HEADER, "false");
            throw new ApiException(ProblemCode.RELEASE_WITHDRAWN, service + "@" + version
                    + " was withdrawn; a withdrawn release is never a candidate for deployment.");
        }
        List<RunningVersion> running = deploymentStore.runningVersions(environment);
        // Something runs there, so it is known; else one index probe for a deployment that ended.
        if (!saidNew && running.isEmpty() && deploymentStore.environment(environment, 1).isEmpty()) throw unknown(environment);
        Manifest manifest = registration.stored(candidate);
        Optional<ReplayVerdict> replay = releaseStore.replay(service, version);
        Report report = new DeploymentCheck().check(manifest, environment(environment, running, manifest, drifts(environment, manifest)),
                replay.map(ReplayVerdict::summary)).withWaivers(waivers);
        boolean deployable = report.compatible();
        ctx.header(DEPLOYABLE_HEADER, Boolean.toString(deployable));
        if (format == ReportFormat.JSON) {
            // Whether the candidate was replayed, on how much, and what it found: said also when it was not.
            ObjectNode answer = ReportJson.toDeploymentNode(report, environment, Listed.FINDINGS);
            ReplayEndpoints.json(replay, answer.putObject("replay"));
            json.send(ctx, 200, answer);
        } else {
            // The other formats list the first findings too; the JSON's summary and "more" count them all.
            ctx.status(200).contentType(format.mediaType()).result(format.render(report.listing(Listed.FINDINGS)).getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * What runs in the environment as the check weighs it: the candidate's own service's release, and the releases that
     * declare an aggregate whose types the candidate reads or sends, or read or send a type of an aggregate the candidate
     * (or the release it replaces) declares; every check of {@link DeploymentCheck} is between such a pair. The others
     * share nothing with the candidate: they are listed as compared, and their Manifests are not read
     * (docs/decisions.md, "Indexing what releases read").
     */
    private DeploymentCheck.Environment environment(String environment, List<RunningVersion> running, Manifest candidate,
                                                    List<DeploymentCheck.ObservedDrift> drifts) {
        Optional<Manifest> replaced = running.stream().filter(d -> d.service().equals(candidate.service())).findFirst()
                .flatMap(d -> releaseStore.release(d.service(), d.version())).map(registration::stored);
        Set<String> used = new TreeSet<>();
        Registration.usesOf(candidate).forEach(u -> used.add(u.aggregate()));
        Set<String> declared = new TreeSet<>(candidate.aggregates().keySet());
        replaced.ifPresent(r -> declared.addAll(r.aggregates().keySet()));
        List<Manifest> weighed = new ArrayList<>();
        replaced.ifPresent(weighed::add);
        Set<String> weighedServices = new TreeSet<>();
        for (RunningRelease r : usageStore.runningReleasesSharing(environment, used, declared)) {
            if (r.deployment().service().equals(candidate.service())) continue;
            weighed.add(registration.stored(r.release()));
            weighedServices.add(r.deployment().service());
        }
        List<Report.Release> unrelated = running.stream()
                .filter(d -> !d.service().equals(candidate.service()) && !weighedServices.contains(d.service()))
                .map(d -> new Report.Release(d.service(), d.version())).toList();
        String runningRelease = running.stream().filter(d -> d.service().equals(candidate.service())).findFirst()
                .map(d -> d.service() + "@" + d.version()).orElse(null);
        return new DeploymentCheck.Environment(environment, weighed, drifts, unrelated, wire(environment, candidate, runningRelease));
    }

    /**
     * What the wire carried there since the candidate last ran there (since ever when it never ran there; nothing
     * when it runs there now), and the findings of the release of its service running there: what
     * {@code wire-unread} and {@code wire-findings-open} weigh (docs/decisions.md, "The registry watches the wire").
     */
    private DeploymentCheck.Wire wire(String environment, Manifest candidate, String runningRelease) {
        WireStore.WireSince since = wireStore.wireSince(environment, candidate.service(), candidate.version().toString(), runningRelease);
        List<DeploymentCheck.Carried> carried = since.carried().stream().map(c -> new DeploymentCheck.Carried(c.kind(), c.type(),
                c.revision(), c.count(), c.first().topic() + " partition " + c.first().partition() + " offset " + c.first().offset()
                        + " (" + java.time.Instant.ofEpochMilli(c.firstSeen()) + ")")).toList();
        List<DeploymentCheck.WireFinding> findings = since.findings().stream()
                .map(f -> new DeploymentCheck.WireFinding(f.release(), f.id(), f.severity(), f.type(), f.count())).toList();
        String lastRan = since.lastRan() == null ? null : java.time.Instant.ofEpochMilli(since.lastRan() == Long.MAX_VALUE
                ? System.currentTimeMillis() : since.lastRan()).toString();
        return new DeploymentCheck.Wire(lastRan, carried, findings);
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
        Optional<EnvironmentView> view = null; // read once, and only when a type has profiles there
        StoredDeclarations declared = new StoredDeclarations(releaseStore, registration);
        for (String type : types) {
            ProfileSet profiles = profileStore.profiles(environment, type, null, null, ProfileEndpoints.READ_LIMIT).profiles();
            if (profiles.size() == 0) continue;
            if (view == null) view = deploymentStore.environment(environment, EnvironmentEndpoints.HISTORY_LIMIT);
            for (DriftFinding f : DriftHistory.of(view, profiles, declared).drift()) {
                out.add(new DeploymentCheck.ObservedDrift(f.field().type(), f.field().revision(), f.field().pointer(), f.kind().id(), f.message()));
            }
        }
        return out;
    }

    /**
     * The refusal of an environment no deployment was ever recorded in: the names the registry knows (those
     * {@code GET /environments} lists) and the near ones, so that every client can say "did you mean".
     */
    private ApiException unknown(String environment) {
        List<String> known = deploymentStore.environmentNames();
        List<String> near = Spelling.nearest(environment, known, UnaryOperator.identity());
        StringBuilder detail = new StringBuilder("No deployment was ever recorded in '").append(environment).append("'");
        detail.append(near.isEmpty() ? "." : "; did you mean " + quoted(near, " or ") + "?");
        detail.append(known.isEmpty() ? " The registry knows no environment yet." : " The registry knows "
                + quoted(known.subList(0, Math.min(NAMED, known.size())), ", ")
                + (known.size() > NAMED ? " and " + (known.size() - NAMED) + " more." : "."));
        detail.append(" A first deployment there is checked with newEnvironment=true.");
        Map<String, Object> extensions = new LinkedHashMap<>();
        extensions.put("environment", environment);
        extensions.put("environments", known.subList(0, Math.min(Listed.ENTRIES, known.size())));
        if (known.size() > Listed.ENTRIES) extensions.put("moreEnvironments", known.size() - Listed.ENTRIES);
        extensions.put("nearest", near);
        return new ApiException(ProblemCode.ENVIRONMENT_NOT_FOUND, detail.toString(), extensions);
    }

    private static String quoted(List<String> names, String separator) {
        return names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(separator));
    }

    /** A query flag: absent, {@code true} or {@code false}. */
    private static boolean flag(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank() || v.strip().equalsIgnoreCase("false")) return false;
        if (v.strip().equalsIgnoreCase("true")) return true;
        throw new ApiException(ProblemCode.BAD_PARAMETER, "query parameter '" + name + "' is true or false.");
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
