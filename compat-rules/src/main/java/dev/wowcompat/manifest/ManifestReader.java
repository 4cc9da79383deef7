package dev.wowcompat.manifest;

import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.SchemaDialect;
import dev.wowcompat.json.TokenLocations;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.fingerprint.NotCanonicalizableException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Reads a Manifest (format 1, docs/architecture.md, "The Manifest"): parses within the limits, validates against
 * {@code schemas/manifest.schema.json}, checks names, refuses remote {@code $ref}s, fingerprints every schema.
 * Every problem found is reported at once, not just the first. Thread-safe; build one and reuse it.
 *
 * <p>A reader made by {@link #sharing} also shares schemas by fingerprint with every Manifest read through the
 * same {@link SchemaPool}: use one whenever a history of releases is read in one go.
 */
public final class ManifestReader {
    /** The only format this reader knows. */
    public static final int FORMAT = 1;

    private final InputLimits limits;
    private final JsonInput json;
    /** The format's validator, compiled on another thread from the reader's construction on ({@link #ready}). */
    private final CompletableFuture<ManifestSchema> manifestSchema;
    /** Null for a reader that shares nothing: each Manifest then holds its own schemas. */
    private final SchemaPool pool;
    /** Null unless a dialect was chosen for the schemas that do not say theirs ({@link #withDefaultDialect}). */
    private final SchemaDialect defaultDialect;
    /** Whether the input was checked before ({@link #trusting}): its schemas are not meta-validated again. */
    private final boolean trusted;

    public ManifestReader(InputLimits limits) {
        this(Objects.requireNonNull(limits, "limits"), new JsonInput(limits), compiling(), null, null, false);
    }

    /**
     * The format's validator and the drafts' meta-schemas (a moment's work) compile on another thread while the
     * caller reads and parses its first input, so a short-lived tool is not kept waiting for both in turn.
     */
    private static CompletableFuture<ManifestSchema> compiling() {
        return CompletableFuture.supplyAsync(() -> {
            MetaSchemas.shared();
            return new ManifestSchema(ManifestSchema.offlineRegistry());
        });
    }

    /**
     * Waits until the validators are compiled: a server calls it before it listens, so that its first request does
     * not wait for them.
     */
    public ManifestReader ready() {
        formatSchema();
        return this;
    }

    private ManifestSchema formatSchema() {
        return Futures.join(manifestSchema);
    }

    private ManifestReader(InputLimits limits, JsonInput json, CompletableFuture<ManifestSchema> manifestSchema, SchemaPool pool,
                           SchemaDialect defaultDialect, boolean trusted) {
        this.limits = limits;
        this.json = json;
        this.manifestSchema = manifestSchema;
        this.pool = pool;
        this.defaultDialect = defaultDialect;
        this.trusted = trusted;
    }

    public ManifestReader() {
        this(InputLimits.defaults());
    }

    public InputLimits limits() {
        return limits;
    }

    /**
     * A reader with this one's limits and (costly to build) format validator that interns every schema it reads
     * in {@code pool}: a schema whose fingerprint the pool already holds is not kept a second time. The Manifest
     * then refers to the pooled {@link SchemaDoc}, and its {@link Manifest#source() source} document to the pooled
     * schema node, so that consecutive releases of a history, which repeat most schemas unchanged, hold each one
     * once. Everything else about reading is unchanged: the same problems, the same fingerprints.
     *
     * <p>A pooled schema is equal to the one read as canonical JSON (that is what the fingerprint names), not
     * necessarily in key order or in how its numbers were written; re-serialising {@code source} can show the
     * order of the release that was read first. Code that must return the bytes as sent keeps the bytes.
     */
    public ManifestReader sharing(SchemaPool pool) {
        return new ManifestReader(limits, json, manifestSchema, Objects.requireNonNull(pool, "pool"), defaultDialect, trusted);
    }

    /**
     * A reader that takes every embedded schema without {@code $schema} to be written in {@code dialect}, as if it
     * said so (the command line's and the plugin's {@code --default-draft}): the schema is read, checked, compared and
     * fingerprinted with that {@code $schema} added. Without it, the dialect is told by the schema's keywords
     * ({@link SchemaDialect#of}).
     */
    public ManifestReader withDefaultDialect(SchemaDialect dialect) {
        return new ManifestReader(limits, json, manifestSchema, pool, Objects.requireNonNull(dialect, "dialect"), trusted);
    }

    /**
     * A reader for Manifests that were checked when they were written: a release the registry stored, the previous
     * release's artifact (and a baseline file, which {@link #verify} then completes). It does everything a reader does except validate
     * the embedded schemas against their meta-schemas, the costliest part of reading, which each of these passed
     * already; their format, names, dialects, patterns and references are still checked, so that nothing a
     * comparison cannot follow gets through. What it pools is not taken as checked by a later read of a candidate
     * through the same pool ({@link SchemaPool#checked}), so a candidate keeps every guarantee.
     */
    public ManifestReader trusting() {
        return new ManifestReader(limits, json, manifestSchema, pool, defaultDialect, true);
    }

    /**
     * Checks against their meta-schemas the schemas of a Manifest read {@link #trusting} that this reader's pool does
     * not hold as checked: after a candidate was read, that is what a baseline changed since, usually a few schemas.
     * So a baseline file can be read beside the candidate, trusting, and still be refused when it is not valid, with
     * every schema meta-validated once per run. Those that pass are held as checked from then on.
     *
     * @param source the name its problems show, as it was read
     * @throws InvalidInputException with a problem per place a meta-schema refuses
     */
    public void verify(Manifest manifest, String source) throws InvalidInputException {
        Map<JsonNode, SchemaDoc> docs = new IdentityHashMap<>();
        for (TypeEntry t : manifest.types()) {
            if (t.schema() != null) docs.put(t.schema().schema(), t.schema());
        }
        List<Located> schemas = embeddedSchemas(manifest.source());
        List<InputProblem> problems = new ArrayList<>();
        checkSchemas(schemas, docs, source, true, problems);
        if (!problems.isEmpty()) throw new InvalidInputException(problems);
        if (pool != null) for (SchemaDoc doc : docs.values()) pool.intern(doc, true);
    }

    public Manifest read(Path file) throws InvalidInputException {
        return readParsed(json.parse(file), file.toString());
    }

    /**
     * Reads a Manifest file and keeps its text, so that findings about it can be located on its lines
     * ({@code FindingLocator}). Command-line and build tools ask for this; a registry, which answers with pointers
     * only, reads with {@link #read(byte[], String)}.
     */
    public LocatedManifest readLocated(Path file) throws InvalidInputException {
        byte[] content = json.read(file);
        return new LocatedManifest(read(content, file.toString()), file.toString(), new TokenLocations(content));
    }

    /** @param source the name to show in problems (file name, URL, request) */
    public Manifest read(byte[] content, String source) throws InvalidInputException {
        return readParsed(json.parse(content, source), source);
    }

    /**
     * Reads a Manifest that this program stored after reading it with every check (a registry's stored release,
     * read {@link #trusting} as such): the text is parsed without proving its keys unique again
     * ({@link JsonInput#parseStored}).
     */
    public Manifest readStored(byte[] content, String source) throws InvalidInputException {
        return readParsed(json.parseStored(content, source), source);
    }

    /**
     * Reads a tree parsed elsewhere. It is measured against the depth limit as parsing would have, and copied, so
     * that later changes to the caller's tree cannot change what the fingerprints name.
     */
    public Manifest read(JsonNode document, String source) throws InvalidInputException {
        Objects.requireNonNull(document, "document");
        json.checkDepth(document, source);
        return readParsed(document.deepCopy(), source);
    }

    private Manifest readParsed(JsonNode document, String source) throws InvalidInputException {
        checkFormat(document, source);
        List<Located> schemas = embeddedSchemas(document);
        if (defaultDialect != null) schemas = declareDialect(schemas);
        if (schemas.size() > limits.maxSchemas()) {
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.TOO_MANY_SCHEMAS,
                    "the Manifest declares " + schemas.size() + " schemas, over the limit of " + limits.maxSchemas()
                            + ", which is fixed: split the service"));
        }
        List<InputProblem> problems = new ArrayList<>(formatSchema().validate(document, source));
        Map<JsonNode, SchemaDoc> docs = fingerprint(schemas, source, problems);
        checkSchemas(schemas, docs, source, !trusted, problems);
        checkNameClashes(document, source, problems);
        if (!problems.isEmpty()) throw new InvalidInputException(problems);
        if (pool != null) share(schemas, docs);
        return build(document, docs);
    }

    /**
     * The embedded schemas are checked even when the Manifest's structure is wrong elsewhere, so that one run lists
     * everything to fix. Validity is a matter of content, and meta-validation costs more than the rest of reading:
     * each fingerprint is checked once, at its first place in the document, and not at all when the pool holds it
     * checked. The checks run in parallel on a multi-core machine, in runs of consecutive schemas, and their
     * problems are kept in document order.
     *
     * @param metaSchema whether to check them against their meta-schemas too ({@link #trusting} does not)
     */
    private void checkSchemas(List<Located> schemas, Map<JsonNode, SchemaDoc> docs, String source, boolean metaSchema,
                              List<InputProblem> problems) {
        List<Located> first = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Located s : schemas) {
            SchemaDoc doc = docs.get(s.node);
            if (doc != null && (!seen.add(doc.fingerprint()) || pool != null && pool.checked(doc.fingerprint()))) continue;
            first.add(s);
        }
        MetaSchemas.Memo memo = metaSchema ? new MetaSchemas.Memo() : null;
        List<List<InputProblem>> found = Parallel.inRuns(first, run -> {
            List<InputProblem> out = new ArrayList<>();
            for (Located s : run) EmbeddedSchemaCheck.check(s.node, s.pointer, source, memo, out);
            return out;
        });
        for (List<InputProblem> f : found) problems.addAll(f);
    }

    /** Adds the default dialect's {@code $schema} to each schema that says none, in the document as in the list. */
    private List<Located> declareDialect(List<Located> schemas) {
        List<Located> out = new ArrayList<>(schemas.size());
        for (Located s : schemas) {
            JsonNode declared = SchemaDialect.declared(s.node, defaultDialect);
            if (declared != s.node) s.holder.set("schema", declared);
            out.add(new Located(s.holder, declared, s.pointer));
        }
        return out;
    }

    /**
     * Swaps each schema for the pooled one of the same fingerprint, in the model and in the document alike: the
     * document is this reader's own (parsed or copied here), and a schema node it still held would keep the
     * duplicate alive. Runs only on a valid Manifest, so an invalid one pools nothing.
     */
    private void share(List<Located> schemas, Map<JsonNode, SchemaDoc> docs) {
        for (Located s : schemas) {
            SchemaDoc own = docs.get(s.node);
            if (own == null) continue; // not a schema fingerprint() could take: nothing to share
            SchemaDoc pooled = pool.intern(own, !trusted);
            if (pooled == own) continue;
            // build() finds each schema by the node its holder has, so the pooled node must lead to its doc.
            docs.put(pooled.schema(), pooled);
            if (pooled.schema() != s.node) s.holder.set("schema", pooled.schema());
        }
    }

    /**
     * Fingerprints every embedded schema, in parallel runs (problems in document order). Keyed by identity: each
     * schema is its own node of the document (only the shared true/false nodes repeat, and those have one
     * fingerprint each anyway).
     */
    private static Map<JsonNode, SchemaDoc> fingerprint(List<Located> schemas, String source, List<InputProblem> problems) {
        List<List<Object>> runs = Parallel.inRuns(schemas, run -> {
            List<Object> out = new ArrayList<>(run.size()); // per schema: its SchemaDoc, its problem, or null
            for (Located s : run) {
                if (!s.node.isObject() && !s.node.isBoolean()) {
                    out.add(null); // reported by the format's schema
                    continue;
                }
                try {
                    out.add(new SchemaDoc(s.node, Fingerprint.of(s.node)));
                } catch (NotCanonicalizableException e) {
                    out.add(new InputProblem(source, s.pointer + e.pointer(), ProblemCodes.SCHEMA_NOT_CANONICALIZABLE,
                            "this schema has no canonical JSON form (RFC 8785), so it cannot be fingerprinted: " + e.reason()));
                }
            }
            return out;
        });
        Map<JsonNode, SchemaDoc> docs = new IdentityHashMap<>();
        for (List<Object> run : runs) {
            for (Object result : run) {
                if (result instanceof SchemaDoc doc) docs.put(doc.schema(), doc);
                else if (result instanceof InputProblem problem) problems.add(problem);
            }
        }
        return docs;
    }

    /**
     * A document of another format is not a broken format 1 document: one problem saying so beats a list of
     * violations of a schema it never claimed to follow.
     */
    private static void checkFormat(JsonNode document, String source) throws InvalidInputException {
        JsonNode format = document.get("manifest");
        if (format != null && format.isNumber() && format.decimalValue().compareTo(BigDecimal.valueOf(FORMAT)) != 0) {
            throw new InvalidInputException(new InputProblem(source, "/manifest", ProblemCodes.MANIFEST_UNSUPPORTED_FORMAT,
                    "Manifest format " + format.asText() + " is not supported: this version of wow-compat reads format " + FORMAT));
        }
    }

    /** @param holder the state, command or revision object whose {@code schema} member {@code node} is */
    private record Located(ObjectNode holder, JsonNode node, String pointer) {}

    /**
     * Every {@code schema} member where the format puts one, found leniently (wrong shapes are skipped here and
     * reported by the format's schema), in document order.
     */
    private static List<Located> embeddedSchemas(JsonNode document) {
        List<Located> out = new ArrayList<>();
        forEachMember(document.get("contexts"), "/contexts", (context, contextPointer) ->
                forEachMember(context.get("aggregates"), contextPointer + "/aggregates", (aggregate, aggregatePointer) -> {
                    JsonNode state = aggregate.get("state");
                    if (state instanceof ObjectNode holder && holder.has("schema")) {
                        out.add(new Located(holder, holder.get("schema"), aggregatePointer + "/state/schema"));
                    }
                    forEachMember(aggregate.get("commands"), aggregatePointer + "/commands", (command, commandPointer) -> {
                        if (command.has("schema")) out.add(new Located(command, command.get("schema"), commandPointer + "/schema"));
                    });
                    forEachMember(aggregate.get("events"), aggregatePointer + "/events", (event, eventPointer) ->
                            forEachMember(event.get("revisions"), eventPointer + "/revisions", (revision, revisionPointer) -> {
                                if (revision.has("schema")) out.add(new Located(revision, revision.get("schema"), revisionPointer + "/schema"));
                            }));
                }));
        return out;
    }

    private interface MemberVisitor {
        void visit(ObjectNode value, String pointer);
    }

    /** Calls the visitor for each member of {@code map} whose value is an object; does nothing if it is no object. */
    private static void forEachMember(JsonNode map, String pointer, MemberVisitor visitor) {
        if (map == null || !map.isObject()) return;
        for (Map.Entry<String, JsonNode> e : map.properties()) {
            if (e.getValue() instanceof ObjectNode value) visitor.visit(value, JsonPointers.child(pointer, e.getKey()));
        }
    }

    /**
     * Commands, events and error codes of one aggregate share a namespace ({@code bank.account.X}): two of them with
     * one name would be one identity for two things in every report, URL and lookup.
     */
    private static void checkNameClashes(JsonNode document, String source, List<InputProblem> problems) {
        forEachMember(document.get("contexts"), "/contexts", (context, contextPointer) ->
                forEachMember(context.get("aggregates"), contextPointer + "/aggregates", (aggregate, aggregatePointer) -> {
                    Map<String, String> seen = new HashMap<>();
                    for (String kind : List.of("commands", "events", "errors")) {
                        JsonNode map = aggregate.get(kind);
                        if (map == null || !map.isObject()) continue;
                        for (String name : iterable(map)) {
                            String first = seen.putIfAbsent(name, kind);
                            if (first != null) {
                                problems.add(new InputProblem(source, JsonPointers.child(aggregatePointer + "/" + kind, name),
                                        ProblemCodes.MANIFEST_DUPLICATE_NAME,
                                        singular(kind) + " " + MessageText.quote(name) + " has the same name as the "
                                                + singular(first) + " " + MessageText.quote(name)
                                                + " of this aggregate: names are identities, so each needs its own"));
                            }
                        }
                    }
                }));
    }

    private static Iterable<String> iterable(JsonNode map) {
        return map::fieldNames;
    }

    private static String singular(String kind) {
        return switch (kind) {
            case "commands" -> "command";
            case "events" -> "event";
            default -> "error code";
        };
    }

    /** Builds the model from a document that passed every check, so every value has its validated shape. */
    private static Manifest build(JsonNode document, Map<JsonNode, SchemaDoc> docs) {
        String service = document.get("service").asText();
        Version version = Version.parse(document.get("version").asText());
        Map<String, Manifest.Aggregate> aggregates = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> c : document.get("contexts").properties()) {
            String context = c.getKey();
            for (Map.Entry<String, JsonNode> a : c.getValue().get("aggregates").properties()) {
                Manifest.Aggregate aggregate = aggregate(context, a.getKey(), a.getValue(), docs);
                aggregates.put(aggregate.typeName(), aggregate);
            }
        }
        return new Manifest(FORMAT, service, version, aggregates, document, consumes(document.get("consumes")),
                sends(document.get("sends")));
    }

    private static Manifest.Consumes consumes(JsonNode node) {
        if (node == null) return Manifest.Consumes.NOTHING;
        Map<String, java.util.SortedSet<Integer>> events = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : properties(node.get("events"))) {
            java.util.SortedSet<Integer> revisions = new java.util.TreeSet<>();
            for (JsonNode r : e.getValue().get("revisions")) revisions.add(r.intValue());
            events.put(e.getKey(), revisions);
        }
        return new Manifest.Consumes(events, texts(node.get("states")));
    }

    private static Manifest.Sends sends(JsonNode node) {
        return node == null ? Manifest.Sends.NOTHING : new Manifest.Sends(texts(node.get("commands")));
    }

    private static java.util.SortedSet<String> texts(JsonNode array) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        if (array != null) for (JsonNode item : array) out.add(item.asText());
        return out;
    }

    private static Manifest.Aggregate aggregate(String context, String name, JsonNode node, Map<JsonNode, SchemaDoc> docs) {
        String prefix = context + "." + name + ".";
        Optional<Manifest.State> state = Optional.ofNullable(node.get("state"))
                .map(s -> new Manifest.State(docs.get(s.get("schema")), s.path("published").asBoolean(true)));
        Map<String, Manifest.Command> commands = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : properties(node.get("commands"))) {
            commands.put(e.getKey(), new Manifest.Command(prefix + e.getKey(), docs.get(e.getValue().get("schema")),
                    e.getValue().path("written").asBoolean(true)));
        }
        Map<String, Manifest.Event> events = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : properties(node.get("events"))) {
            // A type not written yet writes none of its revisions (docs/architecture.md, "The Manifest": staging is on a type or a revision).
            boolean typeWritten = e.getValue().path("written").asBoolean(true);
            TreeMap<Integer, Manifest.Revision> revisions = new TreeMap<>();
            for (Map.Entry<String, JsonNode> r : e.getValue().get("revisions").properties()) {
                int n = Integer.parseInt(r.getKey());
                JsonNode upgradesFrom = r.getValue().get("upgradesFrom");
                revisions.put(n, new Manifest.Revision(n, docs.get(r.getValue().get("schema")),
                        upgradesFrom == null ? null : upgradesFrom.asInt(), typeWritten && r.getValue().path("written").asBoolean(true)));
            }
            events.put(e.getKey(), new Manifest.Event(prefix + e.getKey(), revisions, typeWritten));
        }
        Map<String, Manifest.ErrorCode> errors = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : properties(node.get("errors"))) {
            errors.put(e.getKey(), new Manifest.ErrorCode(prefix + e.getKey(), e.getValue().path("description").asText("")));
        }
        return new Manifest.Aggregate(context, name, state, commands, events, errors);
    }

    private static Iterable<Map.Entry<String, JsonNode>> properties(JsonNode map) {
        return map == null ? List.of() : map.properties();
    }
}
