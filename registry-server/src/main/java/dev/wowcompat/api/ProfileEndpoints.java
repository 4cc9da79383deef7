package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.names.NameForms;
import dev.wowcompat.profile.FieldKey;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.store.ProfileMerge;
import dev.wowcompat.store.ProfiledType;
import dev.wowcompat.store.DeploymentStore;
import dev.wowcompat.store.ProfileStore;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.StoredProfiles;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import dev.wowcompat.drift.DriftFinding;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.manifest.Version;

/** Profiles of the values releases write, per environment (docs/decisions.md, "Meaning drift"): record (merge), list the types, read a type's. */
final class ProfileEndpoints {
    /** Fields one post may hold: what one audit's profile set holds at most (docs/decisions.md, "Meaning drift"). */
    static final int MAX_POSTED_FIELDS = ProfileLimits.DEFAULT.maxFields();
    /** Fields one read answers at most; the answer says when there were more (narrow it by revision or release). */
    static final int READ_LIMIT = 2048;
    /**
     * Bytes the listed fields of one read take at most: a field's profile is some 6 KB with its frequent values full
     * (48 strings of 64 characters), more with its sketches full, so 2048 of them would be 12 MB and more. With {@link #DRIFT_BYTES} and the
     * deployments ({@link Listed#ENTRIES} short entries) the answer stays within {@link Listed#ANSWER_BYTES}.
     */
    static final int FIELD_BYTES = 512 * 1024;
    /** Bytes the drift of one read takes at most: a code list's drift names up to 48 values of each side. */
    static final int DRIFT_BYTES = 256 * 1024;
    /** {@code service@version}, as the Manifest spells both. */

    private final ReleaseStore releaseStore;
    private final DeploymentStore deploymentStore;
    private final ProfileStore profileStore;
    private final Registration registration;
    private final RequestBodies bodies;
    private final JsonInput input;
    private final JsonResponses json;

    ProfileEndpoints(ReleaseStore releaseStore, DeploymentStore deploymentStore, ProfileStore profileStore, Registration registration, RequestBodies bodies, JsonInput input, JsonResponses json) {
        this.releaseStore = releaseStore;
        this.deploymentStore = deploymentStore;
        this.profileStore = profileStore;
        this.registration = registration;
        this.bodies = bodies;
        this.input = input;
        this.json = json;
    }

    /** 200 merged (what each release now has stored) | 400 not a profile set | 404 a release is not registered. */
    void record(Context ctx) throws InvalidInputException {
        String environment = Names.environment(ctx.pathParam("env"));
        WriteGate.require(ctx, Grant.observe(environment));
        JsonNode body = input.parse(bodies.json(ctx), ctx.method() + " " + ctx.path());
        if (body.path("fields").size() > MAX_POSTED_FIELDS) {
            throw new ApiException(ProblemCode.INVALID_INPUT, "The profile set holds " + body.path("fields").size()
                    + " fields; post at most " + MAX_POSTED_FIELDS + " at a time.");
        }
        ProfileSet posted;
        try {
            posted = ProfileJson.read(body, new ProfileLimits(MAX_POSTED_FIELDS, ProfileLimits.DEFAULT.maxDepth()));
        } catch (IllegalArgumentException e) {
            throw new ApiException(ProblemCode.INVALID_INPUT, "This is not a profile set: " + e.getMessage() + ".");
        }
        for (FieldKey key : posted.fields().keySet()) release(key.release(), "a profile's release");
        java.util.Set<String> named = new java.util.TreeSet<>();
        for (FieldKey key : posted.fields().keySet()) named.add(key.release());
        if (named.size() == 1) {
            String[] sv = named.iterator().next().split("@", 2);
            WriteGate.about(ctx, sv[0], sv[1], null);
        }
        refuseUndeclared(posted);
        ProfileMerge merge = profileStore.mergeProfiles(environment, posted, WriteGate.principal(ctx), WriteGate.record(ctx, 200));
        if (merge.unregistered() != null) {
            throw new ApiException(ProblemCode.RELEASE_NOT_FOUND, merge.unregistered()
                    + " is not registered; profiles are kept for registered releases only. Nothing was stored.");
        }
        if (merge.neverRan() != null) {
            throw new ApiException(ProblemCode.PROFILE_RELEASE_NEVER_RAN, merge.neverRan() + " never ran in '" + environment
                    + "' (no deployment of it was recorded there, current or ended); record the deployment first. Nothing was stored.");
        }
        if (merge.overflowing() != null) {
            throw new ApiException(ProblemCode.PROFILE_OVERFLOW, "The counts of " + merge.overflowing() + ", added to those "
                    + "stored, would pass 2^53; a profile holds at most that many values. Nothing was stored.");
        }
        ObjectNode out = json.object().put("environment", environment).put("merged", merge.merged())
                .put("refusedValues", merge.refusedValues());
        ArrayNode releases = out.putArray("releases");
        for (Map.Entry<String, Integer> e : new java.util.TreeMap<>(merge.fieldsByRelease()).entrySet()) {
            releases.addObject().put("release", e.getKey()).put("fields", e.getValue());
        }
        json.send(ctx, 200, out);
    }

    /**
     * Refuses the whole post when a field's type or pointer is not declared by the release it names, so that junk
     * cannot take a release's field slots (docs/decisions.md, "Profiles the registry can trust"); lists at most
     * {@link Problems#LISTED_PROBLEMS} of them, then {@code more}. A release that is not registered is left to the store.
     */
    private void refuseUndeclared(ProfileSet posted) {
        java.util.List<Map<String, String>> problems = new java.util.ArrayList<>();
        int count = 0;
        for (Map.Entry<FieldKey, String> undeclared : undeclared(releaseStore, registration, posted).entrySet()) {
            FieldKey key = undeclared.getKey();
            String why = undeclared.getValue();
            if (count++ < Problems.LISTED_PROBLEMS) {
                problems.add(Map.of("release", key.release(), "type", key.field().type(),
                        "revision", String.valueOf(key.field().revision()), "pointer", key.field().pointer(), "message", why + "."));
            }
        }
        if (count == 0) return;
        String detail = count == 1 ? key(problems.get(0)) + ": " + problems.get(0).get("message") + " Nothing was stored."
                : count + " profiled fields are not declared by their releases; see problems. Nothing was stored.";
        throw new ApiException(ProblemCode.PROFILE_UNDECLARED, detail, count > Problems.LISTED_PROBLEMS
                ? Map.of("problems", problems, "more", count - Problems.LISTED_PROBLEMS) : Map.of("problems", problems));
    }

    /**
     * The posted fields whose type or pointer the release they name does not declare, each with why; a release that is
     * not registered is left to the store.
     */
    static Map<FieldKey, String> undeclared(ReleaseStore store, Registration registration, ProfileSet posted) {
        StoredDeclarations.Manifests manifests = new StoredDeclarations.Manifests(store, registration);
        Map<FieldKey, String> out = new java.util.TreeMap<>();
        for (FieldKey key : posted.fields().keySet()) {
            dev.wowcompat.manifest.Manifest manifest = manifests.of(key.release());
            if (manifest == null) continue;
            String why = dev.wowcompat.drift.DeclaredMeaning.undeclared(manifest, key.field());
            if (why != null) out.put(key, why);
        }
        return out;
    }

    /** Whether the text is a release, {@code service@version}. */
    static boolean isRelease(String text) {
        int at = text.indexOf('@');
        return at > 0 && at == text.lastIndexOf('@') && NameForms.isService(text.substring(0, at)) && Version.isValid(text.substring(at + 1));
    }

    private static String key(Map<String, String> problem) {
        return problem.get("release") + " " + problem.get("type") + problem.get("pointer");
    }

    /** 200 the types with profiles (an empty list when none) | 400 not an environment name. */
    void types(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        ObjectNode out = json.object().put("environment", environment);
        // Types and their releases grow with the environment's history: each type names its first hundred releases,
        // and the types are listed within LIST_BYTES and ENTRIES; "more" counts the types left out.
        Listed.bytes(profileStore.profiledTypes(environment), t -> {
            ObjectNode o = json.object().put("type", t.type()).put("revision", t.revision()).put("pointers", t.pointers());
            ArrayNode releases = o.putArray("releases");
            Listed.first(t.releases(), Listed.FINDINGS, o, "moreReleases").forEach(releases::add);
            return o;
        }, Listed.ENTRIES, Listed.LIST_BYTES, out.putArray("types"), out, "more");
        json.send(ctx, 200, out);
    }

    /** 200 the profile set of the type (one revision, one release) | 400 bad parameter | 404 none stored. */
    void type(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        String type = ctx.pathParam("type");
        Integer revision = revision(ctx.queryParam("revision"));
        String release = ctx.queryParam("release") == null ? null : release(ctx.queryParam("release"), "release");
        StoredProfiles stored = profileStore.profiles(environment, type, revision, release, READ_LIMIT);
        if (stored.profiles().size() == 0) {
            throw new ApiException(ProblemCode.PROFILE_NOT_FOUND, "No profile of '" + type + "'"
                    + (revision == null ? "" : " revision " + revision) + (release == null ? "" : " by " + release)
                    + " is stored in '" + environment + "'.");
        }
        ObjectNode out = json.object().put("environment", environment).put("type", type).put("truncated", stored.truncated());
        // The set's own members (format, refused values) as ProfileJson writes them; its fields listed within FIELD_BYTES.
        out.setAll(ProfileJson.head(stored.profiles()));
        List<Map.Entry<FieldKey, FieldProfile>> fields = List.copyOf(stored.profiles().fields().entrySet());
        if (Listed.bytes(fields, f -> ProfileJson.write(f.getKey(), f.getValue()), READ_LIMIT, FIELD_BYTES,
                (ArrayNode) out.get("fields"), out, "moreFields") > 0) {
            out.put("truncated", true);
        }
        DriftHistory history = DriftHistory.of(deploymentStore.environment(environment, EnvironmentEndpoints.HISTORY_LIMIT), stored.profiles(),
                new StoredDeclarations(releaseStore, registration));
        ArrayNode deployments = out.putArray("deployments");
        for (DriftHistory.Step step : Listed.first(history.deployments(), Listed.ENTRIES, out, "moreDeployments")) {
            deployments.addObject().put("release", step.release()).put("deployedAt", step.deployedAt());
        }
        Listed.bytes(history.drift(), DriftFinding::toJson, Listed.ENTRIES, DRIFT_BYTES, out.putArray("drift"), out, "moreDrift");
        json.send(ctx, 200, out);
    }

    private static Integer revision(String text) {
        if (text == null) return null;
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // refused below, with the form a revision has
        }
        throw new ApiException(ProblemCode.BAD_PARAMETER, "revision must be a whole number, 0 or more (0 for states and commands); got '"
                + text + "'.");
    }

    /**
     * {@code text} when it is {@code service@version} with both of their form ({@link NameForms}). In a query parameter,
     * no {@code @} is a bad parameter and a part not of its form a bad name; in a body, either is invalid input.
     */
    static String release(String text, String what) {
        if (!isRelease(text)) {
            int at = text.indexOf('@');
            boolean split = at > 0 && at == text.lastIndexOf('@');
            ProblemCode code = !what.equals("release") ? ProblemCode.INVALID_INPUT : split ? ProblemCode.BAD_NAME : ProblemCode.BAD_PARAMETER;
            throw new ApiException(code, what + " must be service@major.minor.patch (e.g. bank-service@1.2.0); got " + NameForms.shown(text) + ".");
        }
        return text;
    }
}
