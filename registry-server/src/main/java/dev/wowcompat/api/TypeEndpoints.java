package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.diff.DiffContext;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.store.OperationsStore;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.UsageStore;
import dev.wowcompat.store.TypeMatch;
import dev.wowcompat.store.TypeRow;
import dev.wowcompat.store.TypeUsage;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/** Types by name: search, history, event revisions, and the diff between two versions of one type. */
final class TypeEndpoints {
    private static final int SEARCH_LIMIT = 50;

    private final ReleaseStore releaseStore;
    private final UsageStore usageStore;
    private final OperationsStore operationsStore;
    private final JsonResponses json;
    private final FieldIndex fields;

    TypeEndpoints(ReleaseStore releaseStore, UsageStore usageStore, OperationsStore operationsStore, JsonResponses json) {
        this.releaseStore = releaseStore;
        this.usageStore = usageStore;
        this.operationsStore = operationsStore;
        this.json = json;
        this.fields = new FieldIndex(releaseStore, usageStore, operationsStore, json.mapper());
    }

    /** {@code GET /fields?q=NAME}: the types whose newest schema has a property whose name contains NAME. */
    void fieldSearch(Context ctx) {
        String q = Objects.requireNonNullElse(ctx.queryParam("q"), "").strip();
        if (q.isEmpty()) throw new ApiException(ProblemCode.BAD_PARAMETER, "query parameter 'q' (a field name) is required.");
        ArrayNode out = json.array();
        for (FieldIndex.Field f : fields.search(q, SEARCH_LIMIT)) {
            ObjectNode o = out.addObject().put("field", f.name()).put("pointer", f.pointer()).put("type", f.type())
                    .put("typeName", f.typeName()).put("kind", f.kind());
            if (f.kind().equals("event")) o.put("revision", f.revision());
            o.put("service", f.service()).put("version", f.version());
        }
        json.send(ctx, 200, json.object().put("query", q).put("limit", SEARCH_LIMIT).set("fields", out));
    }

    void search(Context ctx) {
        String q = Objects.requireNonNullElse(ctx.queryParam("q"), "").strip();
        ArrayNode out = json.array();
        for (TypeMatch m : usageStore.searchTypes(q, SEARCH_LIMIT)) {
            ObjectNode o = out.addObject().put("name", m.name());
            m.kinds().forEach(o.putArray("kinds")::add);
            // Fifty matches of a thousand services each would pass 1 MiB: a match names its first hundred.
            Listed.first(m.services(), Listed.FINDINGS, o, "moreServices").forEach(o.putArray("services")::add);
        }
        json.send(ctx, 200, json.object().put("query", q).put("limit", SEARCH_LIMIT).set("types", out));
    }

    /** Kind(s), every release the type appears in, and its fingerprints over time. */
    void type(Context ctx) {
        String name = ctx.pathParam("name");
        List<TypeUsage> usages = usageStore.typeUsages(name);
        if (usages.isEmpty()) throw new ApiException(ProblemCode.TYPE_NOT_FOUND, "No release declares a type named '" + name + "'.");
        ObjectNode out = json.object().put("name", name);
        // The kinds are the Manifest's own (TypeKind: five at most); the services grow with the history.
        usages.stream().map(u -> u.type().kind()).distinct().forEach(out.putArray("kinds")::add);
        ArrayNode services = out.putArray("services");
        Listed.first(usages.stream().map(TypeUsage::service).distinct().toList(), Listed.ENTRIES, out, "moreServices").forEach(services::add);
        ArrayNode releases = out.putArray("releases");
        Listed.first(usages, Listed.ENTRIES, out).forEach(u -> usage(releases.addObject(), u));
        // Fingerprints in order of first appearance, per kind and revision: where the schema changed.
        Map<String, ObjectNode> fingerprints = new LinkedHashMap<>();
        for (TypeUsage u : usages) {
            if (u.type().fingerprint() == null) continue;
            String key = u.type().kind() + "@" + u.type().revision() + ":" + u.type().fingerprint();
            ObjectNode f = fingerprints.computeIfAbsent(key, k -> {
                ObjectNode n = json.object().put("fingerprint", u.type().fingerprint()).put("kind", u.type().kind());
                if (u.type().kind().equals("event")) n.put("revision", u.type().revision());
                n.set("firstRelease", release(u));
                n.putArray("releases");
                return n;
            });
            ((ArrayNode) f.get("releases")).add(u.service() + "@" + u.version());
        }
        ArrayNode listed = out.putArray("fingerprints");
        for (ObjectNode f : Listed.first(new ArrayList<>(fingerprints.values()), Listed.ENTRIES, out, "moreFingerprints")) {
            // Each schema names the releases it is in: the newest ENTRIES of them, and how many more.
            ArrayNode releasesOf = (ArrayNode) f.get("releases");
            if (releasesOf.size() > Listed.ENTRIES) {
                int left = releasesOf.size() - Listed.ENTRIES;
                ArrayNode newest = json.array();
                for (int i = left; i < releasesOf.size(); i++) newest.add(releasesOf.get(i));
                f.set("releases", newest);
                f.put("moreReleases", left);
            }
            listed.add(f);
        }
        json.send(ctx, 200, out);
    }

    void revisions(Context ctx) {
        String name = ctx.pathParam("name");
        TreeMap<Integer, List<TypeUsage>> byRevision = eventRevisions(name);
        Integer current = currentRevision(byRevision);
        ObjectNode answer = json.object().put("name", name);
        if (current == null) answer.putNull("current");
        else answer.put("current", current);
        // One Manifest may declare thousands of revisions, each listing its schemas: the lowest are listed within
        // LIST_BYTES, "more" counts the rest, and GET /events/{name}/revisions/{n} answers any one of them.
        Map<String, Integer> writes = writtenRevisions(byRevision);
        Listed.bytes(List.copyOf(byRevision.entrySet()), e -> revision(json.object(), e.getKey(), e.getValue(), writes, false)
                .put("current", e.getKey().equals(current)), Listed.ENTRIES, Listed.LIST_BYTES, answer.putArray("revisions"), answer, "more");
        json.send(ctx, 200, answer);
    }

    void revision(Context ctx) {
        String name = ctx.pathParam("name");
        int n = intParam(ctx.pathParam("n"), "revision");
        TreeMap<Integer, List<TypeUsage>> byRevision = eventRevisions(name);
        List<TypeUsage> usages = byRevision.get(n);
        if (usages == null) throw new ApiException(ProblemCode.REVISION_NOT_FOUND, name + "@" + n + " is not registered.");
        ObjectNode out = json.object().put("name", name);
        revision(out, n, usages, writtenRevisions(byRevision), true).put("current", Integer.valueOf(n).equals(currentRevision(byRevision)));
        json.send(ctx, 200, out);
    }

    /**
     * The revision a reader meets in new events: the highest revision the newest release declaring the event
     * writes (staged revisions are read, not yet written); null when that release writes none.
     */
    private static Integer currentRevision(TreeMap<Integer, List<TypeUsage>> byRevision) {
        List<TypeUsage> all = byRevision.values().stream().flatMap(List::stream).toList();
        TypeUsage newest = StoreSchemas.newestUsage(all).orElseThrow();
        return all.stream().filter(u -> u.service().equals(newest.service()) && u.version().equals(newest.version()))
                .filter(u -> u.type().written()).map(u -> u.type().revision()).max(Integer::compare).orElse(null);
    }

    /**
     * The revision each release (service@version) writes: the highest it declares written, as for the current revision;
     * a release declaring older revisions too reads them and writes only that one.
     */
    private static Map<String, Integer> writtenRevisions(TreeMap<Integer, List<TypeUsage>> byRevision) {
        Map<String, Integer> writes = new HashMap<>();
        byRevision.forEach((n, usages) -> usages.stream().filter(u -> u.type().written())
                .forEach(u -> writes.merge(u.service() + "@" + u.version(), n, Math::max)));
        return writes;
    }

    private TreeMap<Integer, List<TypeUsage>> eventRevisions(String name) {
        List<TypeUsage> usages = usageStore.typeUsages(name).stream().filter(u -> u.type().kind().equals("event")).toList();
        if (usages.isEmpty()) throw new ApiException(ProblemCode.EVENT_NOT_FOUND, "No release declares an event named '" + name + "'.");
        TreeMap<Integer, List<TypeUsage>> byRevision = new TreeMap<>();
        usages.forEach(u -> byRevision.computeIfAbsent(u.type().revision(), k -> new ArrayList<>()).add(u));
        return byRevision;
    }

    /**
     * One revision: its newest schema's fingerprint, the release it first appeared in, whether the newest release
     * writes it or only reads it (staged), the release that first wrote it, upgradesFrom, every schema it had
     * (first and last release of each), and with {@code withSchema} its schema and every release it is in.
     */
    private ObjectNode revision(ObjectNode o, int n, List<TypeUsage> usages, Map<String, Integer> writes, boolean withSchema) {
        List<TypeUsage> ordered = usages.stream().sorted(Comparator.comparingLong(TypeUsage::registeredAt).thenComparing(StoreSchemas.BY_RELEASE)).toList();
        TypeUsage newest = StoreSchemas.newestUsage(usages).orElseThrow();
        o.put("revision", n);
        o.put("fingerprint", newest.type().fingerprint());
        o.set("firstRelease", release(ordered.get(0)));
        o.set("newestRelease", release(newest));
        o.put("written", newest.type().written());
        Optional<TypeUsage> firstWritten = ordered.stream().filter(u -> u.type().written()).findFirst();
        o.set("writtenSince", firstWritten.map(this::release).orElse(null));
        // Which releases wrote it: those whose written revision it is, first to last ("since" would say it still is).
        List<TypeUsage> writers = ordered.stream().filter(u -> Integer.valueOf(n).equals(writes.get(u.service() + "@" + u.version()))).toList();
        if (writers.isEmpty()) {
            o.putNull("writtenBy");
        } else {
            ObjectNode by = o.putObject("writtenBy");
            by.set("first", release(writers.get(0)));
            by.set("last", release(writers.get(writers.size() - 1)));
            by.put("releases", writers.size());
        }
        if (newest.type().upgradesFrom() == null) o.putNull("upgradesFrom");
        else o.put("upgradesFrom", newest.type().upgradesFrom());
        // Both lists grow with every change of the schema: the newest ENTRIES, and how many older ones were left out.
        ArrayNode fps = o.putArray("fingerprints");
        Listed.last(ordered.stream().map(u -> u.type().fingerprint()).distinct().toList(), Listed.ENTRIES, o, "moreFingerprints").forEach(fps::add);
        ArrayNode schemas = json.array();
        schemas(schemas, ordered.stream().sorted(StoreSchemas.BY_RELEASE).toList());
        List<JsonNode> everySchema = new ArrayList<>();
        schemas.forEach(everySchema::add);
        Listed.last(everySchema, Listed.ENTRIES, o, "moreSchemas").forEach(o.putArray("schemas")::add);
        if (withSchema) {
            // Every release, only for one revision: the list's answer stays the same size however many releases.
            ArrayNode history = o.putArray("history");
            for (TypeUsage u : Listed.first(ordered, Listed.ENTRIES, o, "moreHistory")) {
                history.addObject().put("service", u.service()).put("version", u.version())
                        .put("written", u.type().written()).put("fingerprint", u.type().fingerprint());
            }
            JsonResponses.putRaw(o, "schema", schemaText(newest.type().fingerprint()));
        }
        return o;
    }

    /** Each schema the revision had, in release order: a new entry wherever the fingerprint changed. */
    private void schemas(ArrayNode out, List<TypeUsage> inReleaseOrder) {
        ObjectNode last = null;
        String lastFingerprint = null;
        for (TypeUsage u : inReleaseOrder) {
            if (!u.type().fingerprint().equals(lastFingerprint)) {
                lastFingerprint = u.type().fingerprint();
                last = out.addObject().put("fingerprint", lastFingerprint);
                last.set("firstRelease", release(u));
                last.put("releases", 0);
            }
            last.set("lastRelease", release(u));
            last.put("releases", last.get("releases").asInt() + 1);
        }
    }

    private ObjectNode release(TypeUsage u) {
        return json.object().put("service", u.service()).put("version", u.version()).put("registeredAt", u.registeredAt());
    }

    private static void usage(ObjectNode o, TypeUsage u) {
        TypeRow t = u.type();
        o.put("service", u.service()).put("version", u.version()).put("kind", t.kind());
        if (t.kind().equals("event")) o.put("revision", t.revision());
        o.put("written", t.written());
        if (t.kind().equals("state")) o.put("published", t.published());
        if (t.upgradesFrom() != null) o.put("upgradesFrom", t.upgradesFrom());
        if (t.fingerprint() != null) o.put("fingerprint", t.fingerprint());
    }

    /**
     * {@code GET /diff?subject=&from=&to=[&service=]}. A side is a fingerprint, an event revision number (for an
     * event subject), or a release version (with {@code subject} {@code name@revision} for one event revision).
     */
    void diff(Context ctx) {
        String subject = required(ctx, "subject");
        String from = required(ctx, "from");
        String to = required(ctx, "to");
        String service = ctx.queryParam("service");
        String name = subject.contains("@") ? subject.substring(0, subject.lastIndexOf('@')) : subject;
        Integer fixedRevision = subject.contains("@") ? intParam(subject.substring(subject.lastIndexOf('@') + 1), "subject revision") : null;
        List<TypeUsage> usages = usageStore.typeUsages(name).stream().filter(u -> u.type().fingerprint() != null).toList();
        if (usages.isEmpty()) throw new ApiException(ProblemCode.TYPE_NOT_FOUND, "No release declares a type named '" + name + "' with a schema.");
        Side old = side(usages, from, fixedRevision, service, "from");
        Side young = side(usages, to, fixedRevision, service, "to");
        String kind = young.usage() != null ? young.usage().type().kind() : old.usage() != null ? old.usage().type().kind() : usages.get(0).type().kind();
        String findingSubject = kind.equals("event") && young.usage() != null ? name + "@" + young.usage().type().revision() : name;
        DiffContext.Role role = switch (kind) {
            case "event" -> DiffContext.Role.EVENT;
            case "command" -> DiffContext.Role.COMMAND;
            case "state" -> DiffContext.Role.STATE;
            default -> DiffContext.Role.PLAIN;
        };
        JsonNode oldSchema = json.tree(schemaText(old.fingerprint()));
        JsonNode newSchema = json.tree(schemaText(young.fingerprint()));
        SchemaDiff.Result diff = old.fingerprint().equals(young.fingerprint()) ? new SchemaDiff.Result(List.of(), List.of())
                : SchemaDiff.diff(oldSchema, newSchema, new DiffContext(findingSubject, role, false, false));
        Report report = new Report("ADDITIVE", new Report.Release(name, young.label()), List.of(new Report.Release(name, old.label())),
                diff.findings(), List.of(), diff.changes());
        ObjectNode out = json.object().put("subject", subject).put("kind", kind);
        out.set("from", sideJson(old, oldSchema));
        out.set("to", sideJson(young, newSchema));
        JsonResponses.putRaw(out, "report", ReportJson.write(report, Listed.FINDINGS));
        json.send(ctx, 200, out);
    }

    private record Side(String label, String fingerprint, TypeUsage usage) {}

    private Side side(List<TypeUsage> usages, String value, Integer fixedRevision, String service, String param) {
        if (Fingerprint.isFingerprint(value)) {
            TypeUsage u = usages.stream().filter(x -> value.equals(x.type().fingerprint())).findFirst().orElse(null);
            if (u == null && releaseStore.schema(value).isEmpty()) {
                throw new ApiException(ProblemCode.DIFF_SIDE_NOT_FOUND, param + "=" + value + " names no registered schema.");
            }
            return new Side(value.substring(0, 12), value, u);
        }
        List<TypeUsage> candidates;
        String label;
        if (value.matches("\\d{1,9}") && fixedRevision == null) {
            int revision = Integer.parseInt(value);
            candidates = usages.stream().filter(u -> u.type().kind().equals("event") && u.type().revision() == revision).toList();
            label = "@" + revision;
            Optional<TypeUsage> newest = StoreSchemas.newestUsage(candidates);
            if (newest.isEmpty()) throw new ApiException(ProblemCode.DIFF_SIDE_NOT_FOUND, param + ": revision " + revision + " is not registered.");
            return new Side(label, newest.get().type().fingerprint(), newest.get());
        }
        if (!Version.isValid(value)) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, param + " must be a fingerprint, an event revision number or a release version; got '" + value + "'.");
        }
        candidates = usages.stream().filter(u -> u.version().equals(value)
                && (service == null || u.service().equals(service))
                && (fixedRevision == null || u.type().revision() == fixedRevision)).toList();
        List<String> services = candidates.stream().map(TypeUsage::service).distinct().toList();
        if (services.size() > 1) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "several services declare this type at " + value + " (" + String.join(", ", services) + "); add service=.");
        }
        // Without a revision, an event "as of a release" is its highest revision in that release.
        TypeUsage chosen = candidates.stream().max(Comparator.comparingInt(u -> u.type().revision())).orElseThrow(() ->
                new ApiException(ProblemCode.DIFF_SIDE_NOT_FOUND, param + ": the type is not in release " + value + "."));
        return new Side(value, chosen.type().fingerprint(), chosen);
    }

    private ObjectNode sideJson(Side side, JsonNode schema) {
        ObjectNode o = json.object().put("label", side.label()).put("fingerprint", side.fingerprint());
        if (side.usage() != null) {
            o.put("service", side.usage().service()).put("version", side.usage().version());
            if (side.usage().type().kind().equals("event")) o.put("revision", side.usage().type().revision());
        }
        o.set("schema", schema);
        return o;
    }

    private String schemaText(String fingerprint) {
        return releaseStore.schema(fingerprint).orElseThrow(() -> new IllegalStateException("schema " + fingerprint + " is referenced but not stored"));
    }

    private static String required(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) throw new ApiException(ProblemCode.BAD_PARAMETER, "query parameter '" + name + "' is required.");
        return v.strip();
    }

    private static int intParam(String text, String what) {
        if (text == null || !text.matches("\\d{1,9}")) throw new ApiException(ProblemCode.BAD_PARAMETER, what + " must be a number; got '" + text + "'.");
        return Integer.parseInt(text);
    }
}
