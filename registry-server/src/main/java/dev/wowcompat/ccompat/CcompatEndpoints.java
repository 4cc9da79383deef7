package dev.wowcompat.ccompat;

import dev.wowcompat.names.NameForms;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.check.SchemaChecker;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Severity;
import dev.wowcompat.store.GateDecision;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.ReleaseSummary;
import dev.wowcompat.store.SchemaSubjects;
import dev.wowcompat.store.SchemaSubjects.Registered;
import dev.wowcompat.store.SchemaSubjects.SubjectVersion;
import dev.wowcompat.store.TypeUsage;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Confluent's Schema Registry API under {@code /ccompat/v7} (docs/ccompat.md), so that Kafka's serializers, UIs and
 * tools read this registry. A subject is either a registered type (its versions are the type's distinct schemas,
 * written only by registering releases) or a plain subject a team registers JSON Schemas to, checked at Confluent's
 * levels by the checker {@code check-schema} runs.
 */
public final class CcompatEndpoints {
    /** The base path a client is given (docs/ccompat.md, "Base URL"). */
    public static final String BASE = "/ccompat/v7";
    /** Confluent's media type; {@code application/json} is read and accepted as well. */
    public static final String MEDIA_TYPE = "application/vnd.schemaregistry.v1+json";
    /** Subjects one {@code GET /subjects} lists; past it the list is cut (docs/ccompat.md, "Tokens, grants and limits"). */
    static final int LISTED_SUBJECTS = 10_000;
    /** Subjects and versions one id lists. */
    static final int LISTED_USES = 1_000;
    /** The levels a subject or the registry may be set to, as Confluent names them. */
    static final List<String> LEVELS = List.of("BACKWARD", "BACKWARD_TRANSITIVE", "FORWARD", "FORWARD_TRANSITIVE", "FULL",
            "FULL_TRANSITIVE", "NONE");
    /** Confluent's default global level. */
    static final String DEFAULT_LEVEL = "BACKWARD";
    static final String READWRITE = "READWRITE";

    private final ReleaseStore releaseStore;
    private final UsageStore usageStore;
    private final SchemaSubjects subjects;
    private final ManifestCheck manifestCheck;
    private final WriteAccess writes;
    private final JsonInput input;
    private final Function<Context, byte[]> bodies;
    private final ObjectMapper mapper = new ObjectMapper();

    /**
     * @param bodies reads a request's JSON body within the registry's limit (a problem when it is not JSON, too large,
     *        or stalls), as every endpoint of the API reads its body
     */
    public CcompatEndpoints(ReleaseStore releaseStore, UsageStore usageStore, SchemaSubjects subjects, ManifestCheck manifestCheck, WriteAccess writes, JsonInput input,
                            Function<Context, byte[]> bodies) {
        this.releaseStore = releaseStore;
        this.usageStore = usageStore;
        this.subjects = subjects;
        this.manifestCheck = manifestCheck;
        this.writes = writes;
        this.input = input;
        this.bodies = bodies;
    }

    // ---- reads

    public void root(Context ctx) {
        send(ctx, 200, mapper.createObjectNode());
    }

    public void subjectList(Context ctx) {
        String prefix = ctx.queryParamMap().containsKey("subjectPrefix") ? ctx.queryParam("subjectPrefix") : "";
        boolean deleted = Boolean.parseBoolean(ctx.queryParam("deleted"));
        List<String> names = new ArrayList<>(subjects.typeSubjects(prefix, LISTED_SUBJECTS));
        for (String plain : subjects.plainSubjects(prefix, deleted, LISTED_SUBJECTS)) if (!names.contains(plain)) names.add(plain);
        names.sort(Comparator.naturalOrder());
        ArrayNode out = mapper.createArrayNode();
        names.stream().limit(LISTED_SUBJECTS).forEach(out::add);
        send(ctx, 200, out);
    }

    public void versions(Context ctx) {
        String subject = ctx.pathParam("subject");
        ArrayNode out = mapper.createArrayNode();
        versionsOf(subject, Boolean.parseBoolean(ctx.queryParam("deleted"))).forEach(v -> out.add(v.version()));
        send(ctx, 200, out);
    }

    public void version(Context ctx) {
        String subject = ctx.pathParam("subject");
        SubjectVersion v = versionOf(subject, ctx.pathParam("version"), Boolean.parseBoolean(ctx.queryParam("deleted")));
        send(ctx, 200, describe(v));
    }

    public void versionSchema(Context ctx) {
        SubjectVersion v = versionOf(ctx.pathParam("subject"), ctx.pathParam("version"), Boolean.parseBoolean(ctx.queryParam("deleted")));
        sendRaw(ctx, v.canonical());
    }

    /** {@code POST /subjects/{subject}}: the version of the subject that holds the posted schema. */
    public void lookup(Context ctx) {
        String subject = ctx.pathParam("subject");
        PostedSchema posted = PostedSchema.read(bodies.apply(ctx), input);
        List<SubjectVersion> versions = versionsOf(subject, Boolean.parseBoolean(ctx.queryParam("deleted")));
        SubjectVersion found = versions.stream().filter(v -> v.fingerprint().equals(posted.fingerprint())).reduce((a, b) -> b)
                .orElseThrow(() -> ConfluentError.schemaNotFound("Subject '" + ConfluentError.shown(subject) + "' holds no such schema."));
        send(ctx, 200, describe(found));
    }

    public void schemaById(Context ctx) {
        SchemaSubjects.IdentifiedSchema s = byId(ctx);
        ObjectNode out = mapper.createObjectNode().put("schemaType", "JSON").put("schema", s.canonical());
        out.putArray("references");
        send(ctx, 200, out);
    }

    public void schemaByIdRaw(Context ctx) {
        sendRaw(ctx, byId(ctx).canonical());
    }

    public void idSubjects(Context ctx) {
        SchemaSubjects.IdentifiedSchema s = byId(ctx);
        ArrayNode out = mapper.createArrayNode();
        subjects.subjectsOf(s.fingerprint(), LISTED_USES).forEach(out::add);
        send(ctx, 200, out);
    }

    public void idVersions(Context ctx) {
        SchemaSubjects.IdentifiedSchema s = byId(ctx);
        ArrayNode out = mapper.createArrayNode();
        for (String subject : subjects.subjectsOf(s.fingerprint(), LISTED_USES)) {
            for (SubjectVersion v : versionsOf(subject, false)) {
                if (v.fingerprint().equals(s.fingerprint())) out.addObject().put("subject", subject).put("version", v.version());
            }
        }
        send(ctx, 200, out);
    }

    public void schemaTypes(Context ctx) {
        send(ctx, 200, mapper.createArrayNode().add("JSON"));
    }

    public void globalConfig(Context ctx) {
        send(ctx, 200, mapper.createObjectNode().put("compatibilityLevel", subjects.globalLevel().orElse(DEFAULT_LEVEL)));
    }

    /**
     * A subject's level: its own, or with {@code defaultToGlobal=true} the global one when it has none. A registered
     * type has no level of its own: its releases are judged by the registration's gate (docs/ccompat.md).
     */
    public void subjectConfig(Context ctx) {
        String subject = ctx.pathParam("subject");
        Optional<String> own = subjects.subjectLevel(subject);
        if (own.isEmpty() && !Boolean.parseBoolean(ctx.queryParam("defaultToGlobal"))) {
            throw new ConfluentError(404, ConfluentError.SUBJECT_NOT_FOUND, "Subject '" + ConfluentError.shown(subject)
                    + "' has no compatibility level of its own; ask with defaultToGlobal=true for the global one.");
        }
        send(ctx, 200, mapper.createObjectNode().put("compatibilityLevel", own.or(subjects::globalLevel).orElse(DEFAULT_LEVEL)));
    }

    public void mode(Context ctx) {
        send(ctx, 200, mapper.createObjectNode().put("mode", READWRITE));
    }

    /**
     * {@code POST /compatibility/subjects/{subject}/versions/{version}}: a registered type's schema is judged as the
     * registration judges the type's next schema of the same revision; a plain subject's by its level.
     */
    public void compatibility(Context ctx) {
        String subject = ctx.pathParam("subject");
        String asked = ctx.pathParam("version");
        PostedSchema posted = PostedSchema.read(bodies.apply(ctx), input);
        boolean verbose = Boolean.parseBoolean(ctx.queryParam("verbose"));
        List<String> messages;
        List<SubjectVersion> typed = subjects.typeVersions(subject);
        if (!typed.isEmpty()) {
            SubjectVersion against = pick(subject, typed, asked);
            messages = judgeTyped(subject, against, posted);
        } else {
            List<SubjectVersion> live = subjects.plainVersions(subject, false);
            if (live.isEmpty()) {
                if (!isLatest(asked)) throw ConfluentError.subjectNotFound(subject);
                messages = List.of();
            } else if (isLatest(asked)) {
                messages = judgePlain(level(subject), live, posted);
            } else {
                SubjectVersion one = pick(subject, live, asked);
                messages = judgePlain(nonTransitive(level(subject)), List.of(one), posted);
            }
        }
        ObjectNode out = mapper.createObjectNode().put("is_compatible", messages.isEmpty());
        if (verbose) messages.forEach(out.putArray("messages")::add);
        if (verbose && messages.isEmpty()) out.putArray("messages");
        send(ctx, 200, out);
    }

    // ---- writes

    /**
     * {@code POST /subjects/{subject}/versions}: a registered type answers the id of a schema it holds and refuses
     * any other (its schemas come from releases); a plain subject registers the schema when its level allows it.
     */
    public void register(Context ctx) {
        String subject = ctx.pathParam("subject");
        writes.about(ctx, subject, null);
        PostedSchema posted = PostedSchema.read(bodies.apply(ctx), input);
        List<SubjectVersion> typed = subjects.typeVersions(subject);
        if (!typed.isEmpty()) {
            SubjectVersion held = typed.stream().filter(v -> v.fingerprint().equals(posted.fingerprint())).findFirst()
                    .orElseThrow(() -> typeIsReleased(subject));
            send(ctx, 200, mapper.createObjectNode().put("id", held.id()));
            return;
        }
        requirePlainName(subject);
        writes.require(ctx, Grant.publish(subject));
        Registered r = subjects.registerPlain(subject, posted.fingerprint(), posted.canonical(), history -> {
            String level = history.subjectLevel() != null ? history.subjectLevel()
                    : history.globalLevel() != null ? history.globalLevel() : DEFAULT_LEVEL;
            List<String> broken = judgePlain(level, history.live(), posted);
            return broken.isEmpty() ? null : "Schema being registered is incompatible with an earlier schema for subject '"
                    + ConfluentError.shown(subject) + "' at level " + level + ": " + String.join("; ", broken);
        }, writes.record(ctx, 200, created -> Integer.toString(created.version())));
        if (r.outcome() == Registered.Outcome.REFUSED) throw new ConfluentError(409, ConfluentError.INCOMPATIBLE, r.refusal());
        if (r.outcome() == Registered.Outcome.EXISTING) writes.about(ctx, subject, Integer.toString(r.version()));
        send(ctx, 200, mapper.createObjectNode().put("id", r.id()));
    }

    public void deleteVersion(Context ctx) {
        String subject = ctx.pathParam("subject");
        String asked = ctx.pathParam("version");
        writes.about(ctx, subject, asked);
        if (!subjects.typeVersions(subject).isEmpty()) throw typeIsReleased(subject);
        writes.require(ctx, Grant.publish(subject));
        SubjectVersion v = pick(subject, subjects.plainVersions(subject, false), asked);
        SubjectVersion deleted = subjects.deletePlainVersion(subject, v.version(), writes.record(ctx, 200))
                .orElseThrow(() -> ConfluentError.versionNotFound(subject, asked));
        send(ctx, 200, mapper.getNodeFactory().numberNode(deleted.version()));
    }

    /** {@code DELETE /subjects/{subject}}: every live version of a plain subject deleted; the numbers deleted answered. */
    public void deleteSubject(Context ctx) {
        String subject = ctx.pathParam("subject");
        writes.about(ctx, subject, null);
        if (!subjects.typeVersions(subject).isEmpty()) throw typeIsReleased(subject);
        writes.require(ctx, Grant.publish(subject));
        List<SubjectVersion> live = subjects.plainVersions(subject, false);
        if (live.isEmpty()) throw ConfluentError.subjectNotFound(subject);
        ArrayNode out = mapper.createArrayNode();
        for (SubjectVersion v : live) {
            subjects.deletePlainVersion(subject, v.version(), writes.record(ctx, 200)).ifPresent(d -> out.add(d.version()));
        }
        send(ctx, 200, out);
    }

    public void putGlobalConfig(Context ctx) {
        writes.require(ctx, Grant.ADMIN);
        String level = postedLevel(ctx);
        subjects.setSetting("compatibility", level, writes.record(ctx, 200));
        send(ctx, 200, mapper.createObjectNode().put("compatibility", level));
    }

    public void deleteGlobalConfig(Context ctx) {
        writes.require(ctx, Grant.ADMIN);
        String previous = subjects.globalLevel().orElse(DEFAULT_LEVEL);
        subjects.setSetting("compatibility", null, writes.record(ctx, 200));
        send(ctx, 200, mapper.createObjectNode().put("compatibilityLevel", previous));
    }

    public void putSubjectConfig(Context ctx) {
        String subject = ctx.pathParam("subject");
        writes.about(ctx, subject, null);
        if (!subjects.typeVersions(subject).isEmpty()) throw typeIsReleased(subject);
        requirePlainName(subject);
        writes.require(ctx, Grant.publish(subject));
        String level = postedLevel(ctx);
        subjects.setSubjectLevel(subject, level, writes.record(ctx, 200));
        send(ctx, 200, mapper.createObjectNode().put("compatibility", level));
    }

    public void deleteSubjectConfig(Context ctx) {
        String subject = ctx.pathParam("subject");
        writes.about(ctx, subject, null);
        writes.require(ctx, Grant.publish(subject));
        String previous = subjects.subjectLevel(subject).orElseThrow(() -> ConfluentError.subjectNotFound(subject));
        subjects.setSubjectLevel(subject, null, writes.record(ctx, 200));
        send(ctx, 200, mapper.createObjectNode().put("compatibilityLevel", previous));
    }

    /** {@code PUT /mode}: only READWRITE is served (no IMPORT: ids are the registry's own). */
    public void putMode(Context ctx) {
        writes.require(ctx, Grant.ADMIN);
        JsonNode body = body(ctx);
        String mode = body.path("mode").asText("");
        if (!mode.equals(READWRITE)) {
            throw new ConfluentError(422, ConfluentError.INVALID_MODE, "Only the mode READWRITE is served: subjects of registered "
                    + "types are written by registering releases, and ids are given by this registry (no IMPORT).");
        }
        send(ctx, 200, mapper.createObjectNode().put("mode", READWRITE));
    }

    // ---- the rules

    private List<SubjectVersion> versionsOf(String subject, boolean deleted) {
        List<SubjectVersion> typed = subjects.typeVersions(subject);
        if (!typed.isEmpty()) return typed;
        List<SubjectVersion> plain = subjects.plainVersions(subject, deleted);
        if (plain.isEmpty()) throw ConfluentError.subjectNotFound(subject);
        return plain;
    }

    private SubjectVersion versionOf(String subject, String asked, boolean deleted) {
        return pick(subject, versionsOf(subject, deleted), asked);
    }

    /** {@code latest} (or -1) is the newest version; otherwise a positive number the subject has. */
    private static SubjectVersion pick(String subject, List<SubjectVersion> versions, String asked) {
        if (isLatest(asked)) {
            if (versions.isEmpty()) throw ConfluentError.subjectNotFound(subject);
            return versions.get(versions.size() - 1);
        }
        int n;
        try {
            n = Integer.parseInt(asked);
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n <= 0) {
            throw new ConfluentError(422, ConfluentError.INVALID_VERSION, "The version '" + ConfluentError.shown(asked)
                    + "' is not a positive integer, 'latest' or -1.");
        }
        int wanted = n;
        return versions.stream().filter(v -> v.version() == wanted).findFirst()
                .orElseThrow(() -> ConfluentError.versionNotFound(subject, asked));
    }

    private static boolean isLatest(String asked) {
        return asked.equals("latest") || asked.equals("-1");
    }

    private String level(String subject) {
        return subjects.subjectLevel(subject).or(subjects::globalLevel).orElse(DEFAULT_LEVEL);
    }

    /** A specific version is compared with that version alone, whatever the transitive form says. */
    private static String nonTransitive(String level) {
        return level.replace("_TRANSITIVE", "");
    }

    /** The breaks of the level, as sentences; none: compatible. The same checker as {@code check-schema}. */
    private static List<String> judgePlain(String level, List<SubjectVersion> live, PostedSchema posted) {
        if (live.isEmpty()) return List.of();
        Level l = Level.parse(level);
        List<JsonNode> earlier = new ArrayList<>();
        for (SubjectVersion v : live) earlier.add(parse(v.canonical()));
        Report report = SchemaChecker.check(l, earlier, posted.schema());
        return report.findings().stream().filter(f -> f.severity() == Severity.BREAKING).map(CcompatEndpoints::sentence).toList();
    }

    private static String sentence(Finding f) {
        return f.rule().id() + (f.pointer().isEmpty() ? "" : " at " + f.pointer()) + ": " + f.message();
    }

    /**
     * The registered type's next schema: for each service whose releases declare the version judged, its newest release
     * that may be a baseline with that schema in place of the version's revision, judged by the registration's dry run.
     * A type two services declare is compatible when both would take it.
     */
    private List<String> judgeTyped(String subject, SubjectVersion against, PostedSchema posted) {
        List<String> services = usageStore.typeUsages(subject).stream().filter(u -> against.fingerprint().equals(u.type().fingerprint()))
                .map(TypeUsage::service).distinct().toList();
        List<String> out = new ArrayList<>();
        boolean judged = false;
        for (String service : services) {
            Optional<byte[]> candidate = candidate(service, subject, against.revision(), posted);
            if (candidate.isEmpty()) continue;
            judged = true;
            out.addAll(judge(service, candidate.get()));
        }
        if (!judged) {
            throw new ConfluentError(422, ConfluentError.NOT_PERMITTED, "No release that may be a baseline (registered, not withdrawn) declares '"
                    + ConfluentError.shown(subject) + "' at revision " + against.revision() + ", so nothing can judge its next schema.");
        }
        return out;
    }

    private Optional<byte[]> candidate(String service, String subject, int revision, PostedSchema posted) {
        List<ReleaseSummary> releases = releaseStore.releases(service);
        Optional<Version> newest = releases.stream().map(r -> Version.parse(r.version())).max(Comparator.naturalOrder());
        if (newest.isEmpty()) return Optional.empty();
        return releases.stream().filter(r -> r.withdrawnAt() == null).map(r -> Version.parse(r.version()))
                .sorted(Comparator.reverseOrder())
                .map(v -> releaseStore.release(service, v.toString()))
                .flatMap(Optional::stream)
                .map(r -> ManifestCandidate.of(mapper, r.manifestJson(), newest.get(), subject, revision, posted.schema()))
                .flatMap(Optional::stream)
                .findFirst();
    }

    private List<String> judge(String service, byte[] candidate) {
        GateDecision decision;
        try {
            decision = manifestCheck.check(service, candidate);
        } catch (InvalidInputException e) {
            throw ConfluentError.invalidSchema("The schema cannot be part of a Manifest: "
                    + (e.problems().isEmpty() ? e.getMessage() : e.problems().get(0).message()));
        }
        if (decision.accepted()) return List.of();
        List<String> out = new ArrayList<>();
        JsonNode report = parse(decision.reportJson());
        for (JsonNode f : report.path("findings")) {
            if (f.path("severity").asText().equals("breaking")) {
                String pointer = f.path("pointer").asText();
                out.add(f.path("rule").asText() + " (" + f.path("subject").asText() + (pointer.isEmpty() ? "" : " at " + pointer) + "): "
                        + f.path("message").asText());
            }
        }
        if (out.isEmpty()) out.add("The release this schema would make of " + service + " is refused: " + report.path("verdict").asText());
        return out;
    }

    private ConfluentError typeIsReleased(String subject) {
        return new ConfluentError(422, ConfluentError.NOT_PERMITTED, "Subject '" + ConfluentError.shown(subject) + "' is a type that "
                + "registered releases declare: its schemas change only by registering a release's Manifest "
                + "(POST /services/{service}/releases, or wow-compat register); this API answers the ids of the schemas it holds.");
    }

    private void requirePlainName(String subject) {
        if (!NameForms.isSubject(subject)) {
            throw new ConfluentError(422, ConfluentError.INVALID_SUBJECT, "A subject registered here is " + NameForms.SUBJECT_FORM
                    + "; '" + ConfluentError.shown(subject) + "' is not.");
        }
        if (subjects.isRegisteredName(subject)) {
            throw new ConfluentError(422, ConfluentError.NOT_PERMITTED, "'" + ConfluentError.shown(subject) + "' is the name of a registered "
                    + "type or service; a plain subject may not take it.");
        }
    }

    private String postedLevel(Context ctx) {
        JsonNode body = body(ctx);
        String level = body.path("compatibility").asText(body.path("compatibilityLevel").asText("")).toUpperCase(Locale.ROOT);
        if (!LEVELS.contains(level)) {
            throw new ConfluentError(422, ConfluentError.INVALID_LEVEL, "Invalid compatibility level: send {\"compatibility\": L} with L one of "
                    + String.join(", ", LEVELS) + ".");
        }
        return level;
    }

    private JsonNode body(Context ctx) {
        try {
            JsonNode node = input.parse(bodies.apply(ctx), "request body");
            if (node.isObject()) return node;
        } catch (InvalidInputException e) {
            // answered below
        }
        throw new ConfluentError(422, 422, "The body must be a JSON object.");
    }

    private SchemaSubjects.IdentifiedSchema byId(Context ctx) {
        String text = ctx.pathParam("id");
        long id;
        try {
            id = Long.parseLong(text);
        } catch (NumberFormatException e) {
            id = 0;
        }
        long wanted = id;
        if (wanted <= 0) throw ConfluentError.schemaNotFound("Schema " + ConfluentError.shown(text) + " not found: an id is a positive integer.");
        return subjects.schemaById(wanted).orElseThrow(() -> ConfluentError.schemaNotFound("Schema " + wanted + " not found."));
    }

    private ObjectNode describe(SubjectVersion v) {
        ObjectNode out = mapper.createObjectNode().put("subject", v.subject()).put("version", v.version()).put("id", v.id())
                .put("schemaType", "JSON").put("schema", v.canonical());
        out.putArray("references");
        if (v.deleted()) out.put("deleted", true);
        return out;
    }

    private static JsonNode parse(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    private void send(Context ctx, int status, JsonNode body) {
        try {
            ctx.status(status).contentType(MEDIA_TYPE).result(mapper.writeValueAsBytes(body));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("an answer does not serialise", e);
        }
    }

    /** A stored schema as it is, the body of the {@code /schema} endpoints. */
    private static void sendRaw(Context ctx, String canonical) {
        ctx.status(200).contentType(MEDIA_TYPE).result(canonical.getBytes(StandardCharsets.UTF_8));
    }
}
