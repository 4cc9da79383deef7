package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A deterministic generator of synthetic release histories: Manifests (format 1, docs/architecture.md, "The Manifest") of one service
 * whose every release is an additive step on the one before, so the whole history checks clean.
 *
 * <p>The first release declares about {@link Options#types()} schemas (states, commands and event revisions)
 * spread over aggregates in several contexts, with nested objects, arrays, enums, formats, {@code x-wow-unit}
 * annotations, {@code $defs} with local {@code $ref}s (a few recursive), some draft-07 schemas, and error codes.
 * Every later release follows read-before-write, the way a careful team works:
 * <ul>
 *   <li>it writes what the release before it staged: properties lose {@code "x-wow-written": false},
 *       staged event revisions lose {@code "written": false};</li>
 *   <li>it stages new optional properties with defaults on a share ({@link Options#changeRate()}) of the
 *       schemas, at the top level or inside a nested object;</li>
 *   <li>it stages new event revisions (copies of the latest revision plus a new required field, with
 *       {@code upgradesFrom}) on a share ({@link Options#revisionRate()}) of the events.</li>
 * </ul>
 * Everything else stays byte-identical, so most fingerprints repeat from release to release, as they do in a
 * real history. The same options always give the same bytes.
 */
public final class SyntheticReleases {

    static final String DRAFT_07 = "http://json-schema.org/draft-07/schema#";
    static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

    private static final String[] CONTEXT_WORDS = {"billing", "orders", "shipping", "catalog", "identity", "payments",
        "inventory", "support", "pricing", "loyalty", "reporting", "accounts", "fleet", "booking", "claims"};
    private static final String[] AGGREGATE_WORDS = {"invoice", "order", "parcel", "product", "user", "payment",
        "stock-item", "ticket", "price-list", "member", "report", "account", "vehicle", "reservation", "claim", "cart"};
    private static final String[] COMMAND_VERBS = {"Create", "Rename", "Approve", "Reject", "Close", "Reopen", "Assign",
        "Archive", "Cancel", "Schedule", "Confirm", "Suspend"};
    private static final String[] EVENT_VERBS = {"Created", "Renamed", "Approved", "Rejected", "Closed", "Reopened",
        "Assigned", "Archived", "Cancelled", "Scheduled", "Confirmed", "Suspended"};
    private static final String[] ERROR_CODES = {"not-found", "already-closed", "limit-exceeded", "insufficient-balance",
        "invalid-state", "duplicate-request", "not-allowed"};
    private static final String[] FIELD_WORDS = {"name", "title", "amount", "quantity", "reference", "note", "owner",
        "status", "created", "due", "tags", "lines", "address", "contact", "total", "discount", "weight", "channel",
        "region", "comment", "level", "score", "limit", "period"};
    private static final String[] STRING_FORMATS = {"date-time", "date", "email", "uri", "uuid"};
    private static final String[] INTEGER_UNITS = {"ms", "s", "EUR-cent", "bytes", "count", "g"};
    private static final String[] NUMBER_UNITS = {"EUR", "kg", "percent", "km"};

    /**
     * What to generate.
     *
     * @param types schemas in the first release: states + commands + event revisions (later releases add the
     *        staged revisions)
     * @param releases how many releases, versions {@code 1.0.0} to {@code 1.(releases-1).0}
     * @param seed the random seed: the same options give the same bytes
     * @param changeRate share of the schemas that gets one new staged property in each release
     * @param revisionRate share of the events that gets one new staged revision in each release
     * @param service the service name
     */
    public record Options(int types, int releases, long seed, double changeRate, double revisionRate, String service) {
        public static final long DEFAULT_SEED = 20_240_601L;
        public static final double DEFAULT_CHANGE_RATE = 0.01;
        public static final double DEFAULT_REVISION_RATE = 0.002;
        public static final String DEFAULT_SERVICE = "synthetic-service";

        public Options {
            if (types < 1) throw new IllegalArgumentException("types must be at least 1, not " + types);
            if (releases < 1) throw new IllegalArgumentException("releases must be at least 1, not " + releases);
            if (!(changeRate >= 0 && changeRate <= 1)) throw new IllegalArgumentException("change rate must be in [0, 1]");
            if (!(revisionRate >= 0 && revisionRate <= 1)) throw new IllegalArgumentException("revision rate must be in [0, 1]");
            if (service == null || !service.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
                throw new IllegalArgumentException("service must be kebab-case, not '" + service + "'");
            }
        }

        public static Options of(int types, int releases) {
            return new Options(types, releases, DEFAULT_SEED, DEFAULT_CHANGE_RATE, DEFAULT_REVISION_RATE, DEFAULT_SERVICE);
        }

        public Options withSeed(long s) {
            return new Options(types, releases, s, changeRate, revisionRate, service);
        }

        public Options withChangeRate(double r) {
            return new Options(types, releases, seed, r, revisionRate, service);
        }
    }

    /**
     * One generated release.
     *
     * @param index 0 for the first release
     * @param document the Manifest; subtrees of unchanged schemas are shared with the other releases' documents,
     *        so it must not be mutated
     * @param schemas how many schemas (states, commands, event revisions) it declares
     * @param stagedProperties properties this release added with {@code "x-wow-written": false}
     * @param stagedRevisions event revisions this release added with {@code "written": false}
     */
    public record Release(int index, String version, ObjectNode document, int schemas, int stagedProperties,
                          int stagedRevisions) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper EXACT_JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    private final Options options;

    public SyntheticReleases(Options options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public Options options() {
        return options;
    }

    /** Every release, oldest first. Unchanged schemas are shared between the documents, so this is cheap. */
    public List<Release> releases() {
        List<Release> out = new ArrayList<>(options.releases());
        generate(out::add);
        return out;
    }

    /** Every release, oldest first, as compact UTF-8 JSON: what a service would publish. */
    public List<byte[]> serialized() {
        List<byte[]> out = new ArrayList<>(options.releases());
        generate(r -> out.add(toBytes(r.document())));
        return out;
    }

    public static byte[] toBytes(JsonNode document) {
        try {
            return JSON.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("a generated tree always serialises", e);
        }
    }

    /**
     * Parses a serialised document the way the product's reader does (exact decimals), without validating it:
     * for measurements that must not include the reader.
     */
    public static JsonNode parse(byte[] document) {
        try {
            return EXACT_JSON.readTree(document);
        } catch (IOException e) {
            throw new UncheckedIOException("a generated document always parses", e);
        }
    }

    /** Every schema of a Manifest document (states, commands, event revisions), in declaration order. */
    public static List<JsonNode> schemasOf(JsonNode document) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode context : iterable(document.path("contexts"))) {
            for (JsonNode aggregate : iterable(context.path("aggregates"))) {
                if (aggregate.has("state")) out.add(aggregate.get("state").get("schema"));
                iterable(aggregate.path("commands")).forEach(c -> out.add(c.get("schema")));
                for (JsonNode event : iterable(aggregate.path("events"))) {
                    iterable(event.path("revisions")).forEach(r -> out.add(r.get("schema")));
                }
            }
        }
        return out;
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        return node::elements;
    }

    /** Hands each release to the sink as soon as it is made, oldest first; nothing is kept but the working model. */
    public void generate(Consumer<Release> sink) {
        new Run(options).generate(sink);
    }

    // ---------------------------------------------------------------------------------------------------------
    // The working model of one generation run. It is mutable on purpose and never leaves the run: the released
    // documents only share its schema nodes, which are replaced (copied), never changed, once released.

    /** One schema-carrying type: a state, a command or an event revision. */
    private static final class Slot {
        final int revision;
        ObjectNode schema;
        /** Paths (keys from the schema root) of properties staged in the previous release, written in the next. */
        List<List<String>> staged = new ArrayList<>();
        Integer upgradesFrom;
        /** For event revisions: false while staged. */
        boolean written = true;
        /** Set for revisions created in the release being made: they take no staged properties in it. */
        boolean createdNow;
        boolean copiedNow;

        Slot(ObjectNode schema, int revision) {
            this.schema = schema;
            this.revision = revision;
        }

        /** A private copy of the schema to change in this release; the released one stays as it was. */
        ObjectNode editable() {
            if (!copiedNow) {
                schema = schema.deepCopy();
                copiedNow = true;
            }
            return schema;
        }
    }

    private static final class AggregateModel {
        final String context;
        final String name;
        Slot state;
        boolean published = true;
        final Map<String, Slot> commands = new LinkedHashMap<>();
        final Map<String, TreeMap<Integer, Slot>> events = new LinkedHashMap<>();
        final Map<String, String> errors = new LinkedHashMap<>();

        AggregateModel(String context, String name) {
            this.context = context;
            this.name = name;
        }
    }

    private static final class Run {
        private final Options options;
        private final SplittableRandom random;
        private final JsonNodeFactory nodes = JsonNodeFactory.withExactBigDecimals(true);
        private final List<AggregateModel> aggregates = new ArrayList<>();
        /** Every slot in declaration order; new revisions are appended. */
        private final List<Slot> slots = new ArrayList<>();
        private int schemaCounter;

        Run(Options options) {
            this.options = options;
            this.random = new SplittableRandom(options.seed());
        }

        void generate(Consumer<Release> sink) {
            buildFirstRelease();
            sink.accept(release(0, 0, 0));
            for (int i = 1; i < options.releases(); i++) {
                slots.forEach(s -> {
                    s.copiedNow = false;
                    s.createdNow = false;
                });
                writeWhatWasStaged();
                int revisions = stageRevisions(i);
                int properties = stageProperties(i);
                sink.accept(release(i, properties, revisions));
            }
        }

        // ----- the first release

        private void buildFirstRelease() {
            int remaining = options.types();
            int contextIndex = 0;
            while (remaining > 0) {
                String context = word(CONTEXT_WORDS, contextIndex++);
                int aggregatesInContext = between(5, 15);
                for (int a = 0; a < aggregatesInContext && remaining > 0; a++) {
                    AggregateModel agg = new AggregateModel(context, word(AGGREGATE_WORDS, a));
                    remaining -= fill(agg, remaining);
                    aggregates.add(agg);
                }
            }
        }

        /** Fills an aggregate with at most {@code budget} schemas; returns how many it took. */
        private int fill(AggregateModel agg, int budget) {
            int used = 0;
            agg.state = newSlot(schema("state"), 0);
            agg.published = random.nextInt(10) != 0;
            used++;
            int commands = Math.min(between(2, 5), budget - used);
            for (int c = 0; c < commands; c++) {
                agg.commands.put(COMMAND_VERBS[c], newSlot(schema("command"), 0));
                used++;
            }
            int events = between(2, 6);
            for (int e = 0; e < events && used < budget; e++) {
                int revisions = Math.min(pick(new int[] {1, 1, 1, 1, 1, 1, 2, 2, 2, 3}), budget - used);
                TreeMap<Integer, Slot> revs = new TreeMap<>();
                ObjectNode schema = schema("event");
                for (int r = 1; r <= revisions; r++) {
                    Slot slot = newSlot(schema, r);
                    slot.upgradesFrom = r == 1 ? null : r - 1;
                    revs.put(r, slot);
                    used++;
                    schema = nextRevisionSchema(schema, r + 1);
                }
                agg.events.put(EVENT_VERBS[e], revs);
            }
            int errors = between(0, 4);
            for (int x = 0; x < errors; x++) {
                String code = ERROR_CODES[(x * 3 + agg.name.length()) % ERROR_CODES.length];
                agg.errors.putIfAbsent(code, "raised when the " + agg.name + " is " + code.replace('-', ' '));
            }
            return used;
        }

        private Slot newSlot(ObjectNode schema, int revision) {
            Slot slot = new Slot(schema, revision);
            slots.add(slot);
            return slot;
        }

        // ----- later releases

        private void writeWhatWasStaged() {
            for (Slot slot : slots) {
                if (!slot.staged.isEmpty()) {
                    ObjectNode schema = slot.editable();
                    for (List<String> path : slot.staged) {
                        ((ObjectNode) at(schema, path)).remove("x-wow-written");
                    }
                    slot.staged = new ArrayList<>();
                }
                slot.written = true;
            }
        }

        private int stageRevisions(int release) {
            List<TreeMap<Integer, Slot>> events = new ArrayList<>();
            aggregates.forEach(a -> events.addAll(a.events.values()));
            int count = share(options.revisionRate(), events.size());
            for (int index : sample(events.size(), count)) {
                TreeMap<Integer, Slot> revs = events.get(index);
                Slot latest = revs.lastEntry().getValue();
                int next = latest.revision + 1;
                Slot added = newSlot(nextRevisionSchema(latest.schema, next), next);
                added.upgradesFrom = latest.revision;
                added.written = false;
                added.createdNow = true;
                revs.put(next, added);
            }
            return count;
        }

        private int stageProperties(int release) {
            List<Slot> candidates = slots.stream().filter(s -> !s.createdNow).toList();
            int count = share(options.changeRate(), candidates.size());
            for (int index : sample(candidates.size(), count)) {
                Slot slot = candidates.get(index);
                ObjectNode schema = slot.editable();
                List<List<String>> targets = objectsWithProperties(schema);
                List<String> target = random.nextInt(10) < 6 ? List.of() : targets.get(random.nextInt(targets.size()));
                ObjectNode properties = (ObjectNode) at(schema, target).get("properties");
                String name = FIELD_WORDS[random.nextInt(FIELD_WORDS.length)] + "R" + release;
                ObjectNode property = stagedProperty();
                properties.set(name, property);
                List<String> path = new ArrayList<>(target);
                path.add("properties");
                path.add(name);
                slot.staged.add(List.copyOf(path));
            }
            return count;
        }

        /** A new optional property with a default, read but not yet written. */
        private ObjectNode stagedProperty() {
            ObjectNode p = nodes.objectNode();
            switch (random.nextInt(7)) {
                case 0 -> p.put("type", "string").put("maxLength", 200).put("default", "");
                case 1 -> p.put("type", "integer").put("minimum", 0).put("x-wow-unit", pick(INTEGER_UNITS)).put("default", 0);
                case 2 -> {
                    p.set("type", nodes.arrayNode().add("string").add("null"));
                    p.put("format", "date-time");
                    p.putNull("default");
                }
                case 3 -> p.put("type", "boolean").put("default", false);
                case 4 -> {
                    p.put("type", "string");
                    p.set("enum", nodes.arrayNode().add("none").add("low").add("high"));
                    p.put("default", "none");
                }
                case 5 -> {
                    p.put("type", "array");
                    p.set("items", nodes.objectNode().put("type", "string").put("maxLength", 64));
                    p.put("maxItems", 50);
                    p.set("default", nodes.arrayNode());
                }
                default -> {
                    p.put("type", "object");
                    ObjectNode inner = nodes.objectNode();
                    inner.set("label", nodes.objectNode().put("type", "string").put("default", ""));
                    inner.set("count", nodes.objectNode().put("type", "integer").put("x-wow-unit", "count").put("default", 0));
                    p.set("properties", inner);
                    p.set("default", nodes.objectNode());
                }
            }
            p.put("x-wow-written", false);
            return p;
        }

        // ----- documents

        private Release release(int index, int stagedProperties, int stagedRevisions) {
            String version = "1." + index + ".0";
            ObjectNode doc = nodes.objectNode();
            doc.put("manifest", 1);
            doc.put("service", options.service());
            doc.put("version", version);
            ObjectNode contexts = doc.putObject("contexts");
            for (AggregateModel agg : aggregates) {
                ObjectNode context = (ObjectNode) contexts.get(agg.context);
                if (context == null) {
                    context = contexts.putObject(agg.context);
                    context.putObject("aggregates");
                }
                ObjectNode a = ((ObjectNode) context.get("aggregates")).putObject(agg.name);
                ObjectNode state = a.putObject("state");
                state.set("schema", agg.state.schema);
                if (!agg.published) state.put("published", false);
                ObjectNode commands = a.putObject("commands");
                agg.commands.forEach((name, slot) -> commands.putObject(name).set("schema", slot.schema));
                ObjectNode events = a.putObject("events");
                agg.events.forEach((name, revs) -> {
                    ObjectNode revisions = events.putObject(name).putObject("revisions");
                    revs.forEach((n, slot) -> {
                        ObjectNode r = revisions.putObject(Integer.toString(n));
                        r.set("schema", slot.schema);
                        if (slot.upgradesFrom != null) r.put("upgradesFrom", slot.upgradesFrom);
                        if (!slot.written) r.put("written", false);
                    });
                });
                if (!agg.errors.isEmpty()) {
                    ObjectNode errors = a.putObject("errors");
                    agg.errors.forEach((code, description) -> errors.putObject(code).put("description", description));
                }
            }
            return new Release(index, version, doc, slots.size(), stagedProperties, stagedRevisions);
        }

        // ----- schemas

        /** A fresh object schema for a state, command or event with 3 to 12 properties. */
        private ObjectNode schema(String role) {
            int number = ++schemaCounter;
            boolean draft07 = random.nextInt(10) == 0;
            ObjectNode s = nodes.objectNode();
            if (draft07) {
                s.put("$schema", DRAFT_07);
            } else if (random.nextInt(5) == 0) {
                s.put("$schema", DRAFT_2020_12);
            }
            s.put("title", role + " " + number);
            s.put("type", "object");
            ObjectNode props = s.putObject("properties");
            ObjectNode defs = nodes.objectNode();
            ArrayNode required = nodes.arrayNode();
            props.set("id", nodes.objectNode().put("type", "string").put("format", "uuid"));
            required.add("id");
            int count = between(2, 11);
            for (int i = 0; i < count; i++) {
                String name = FIELD_WORDS[random.nextInt(FIELD_WORDS.length)] + (i == 0 ? "" : Integer.toString(i));
                props.set(name, property(defs, draft07, 0));
                if (random.nextInt(4) == 0) required.add(name);
            }
            if (random.nextInt(30) == 0) {
                // A recursive definition: the diff must terminate on it.
                props.set("tree", nodes.objectNode().put("$ref", ref(draft07, "node")));
                defs.set("node", recursiveNode(draft07));
            }
            s.set("required", required);
            if (!defs.isEmpty()) s.set(draft07 ? "definitions" : "$defs", defs);
            return s;
        }

        private ObjectNode property(ObjectNode defs, boolean draft07, int depth) {
            int kind = random.nextInt(depth >= 2 ? 8 : 12);
            ObjectNode p = nodes.objectNode();
            switch (kind) {
                case 0 -> p.put("type", "string").put("minLength", 1).put("maxLength", between(16, 512));
                case 1 -> p.put("type", "string").put("format", pick(STRING_FORMATS));
                case 2 -> p.put("type", "integer").put("minimum", 0).put("maximum", 1_000_000_000L)
                        .put("x-wow-unit", pick(INTEGER_UNITS));
                case 3 -> p.put("type", "number").put("multipleOf", new BigDecimal("0.01"))
                        .put("x-wow-unit", pick(NUMBER_UNITS));
                case 4 -> p.put("type", "boolean");
                case 5 -> {
                    p.put("type", "string");
                    ArrayNode values = p.putArray("enum");
                    int n = between(2, 6);
                    for (int i = 0; i < n; i++) values.add("value-" + i);
                }
                case 6 -> {
                    p.set("type", nodes.arrayNode().add("string").add("null"));
                    p.put("x-wow-meaning", "free text, absent when unknown");
                }
                case 7 -> p.put("type", "string").put("pattern", "^[A-Z]{2}-[0-9]{4,8}$");
                case 8 -> {
                    p.put("type", "array").put("uniqueItems", true).put("maxItems", 100);
                    p.set("items", nodes.objectNode().put("type", "string").put("maxLength", 64));
                }
                case 9 -> {
                    p.put("type", "array");
                    p.set("items", nestedObject(defs, draft07, depth + 1));
                }
                case 10 -> {
                    return nestedObject(defs, draft07, depth + 1);
                }
                default -> {
                    String def = pick(new String[] {"money", "address", "actor"});
                    if (!defs.has(def)) defs.set(def, definition(def));
                    p.put("$ref", ref(draft07, def));
                }
            }
            return p;
        }

        private ObjectNode nestedObject(ObjectNode defs, boolean draft07, int depth) {
            ObjectNode o = nodes.objectNode().put("type", "object");
            ObjectNode props = o.putObject("properties");
            int n = between(2, 5);
            for (int i = 0; i < n; i++) {
                props.set(FIELD_WORDS[random.nextInt(FIELD_WORDS.length)] + "_" + i, property(defs, draft07, depth));
            }
            return o;
        }

        private ObjectNode definition(String name) {
            ObjectNode d = nodes.objectNode().put("type", "object");
            ObjectNode props = d.putObject("properties");
            switch (name) {
                case "money" -> {
                    props.set("amount", nodes.objectNode().put("type", "integer").put("x-wow-unit", "minor-unit"));
                    props.set("currency", nodes.objectNode().put("type", "string").put("pattern", "^[A-Z]{3}$"));
                    d.set("required", nodes.arrayNode().add("amount").add("currency"));
                }
                case "address" -> {
                    props.set("street", nodes.objectNode().put("type", "string").put("maxLength", 200));
                    props.set("city", nodes.objectNode().put("type", "string").put("maxLength", 100));
                    props.set("country", nodes.objectNode().put("type", "string").put("pattern", "^[A-Z]{2}$"));
                }
                default -> {
                    props.set("id", nodes.objectNode().put("type", "string").put("format", "uuid"));
                    props.set("kind", nodes.objectNode().put("type", "string")
                            .set("enum", nodes.arrayNode().add("user").add("system").add("service")));
                }
            }
            return d;
        }

        private ObjectNode recursiveNode(boolean draft07) {
            ObjectNode d = nodes.objectNode().put("type", "object");
            ObjectNode props = d.putObject("properties");
            props.set("label", nodes.objectNode().put("type", "string"));
            ObjectNode children = nodes.objectNode().put("type", "array");
            children.set("items", nodes.objectNode().put("$ref", ref(draft07, "node")));
            props.set("children", children);
            return d;
        }

        private static String ref(boolean draft07, String def) {
            return (draft07 ? "#/definitions/" : "#/$defs/") + def;
        }

        /** The schema of a new revision: the latest one plus a field whose arrival is why the revision exists. */
        private ObjectNode nextRevisionSchema(ObjectNode latest, int revision) {
            ObjectNode s = latest.deepCopy();
            String name = "reasonRev" + revision;
            ((ObjectNode) s.get("properties")).set(name, nodes.objectNode().put("type", "string").put("maxLength", 500));
            ArrayNode required = s.has("required") ? (ArrayNode) s.get("required") : s.putArray("required");
            required.add(name);
            return s;
        }

        /** Paths of the inline objects (with {@code properties}) a property can be added to, the root first. */
        private static List<List<String>> objectsWithProperties(ObjectNode schema) {
            List<List<String>> out = new ArrayList<>();
            out.add(List.of());
            JsonNode props = schema.get("properties");
            props.fieldNames().forEachRemaining(name -> {
                JsonNode p = props.get(name);
                if (p.has("properties") && p.get("properties").isObject()) out.add(List.of("properties", name));
            });
            return out;
        }

        private static JsonNode at(JsonNode root, List<String> path) {
            JsonNode n = root;
            for (String key : path) n = n.get(key);
            return n;
        }

        // ----- randomness

        private int between(int lowInclusive, int highInclusive) {
            return lowInclusive + random.nextInt(highInclusive - lowInclusive + 1);
        }

        private String pick(String[] values) {
            return values[random.nextInt(values.length)];
        }

        private int pick(int[] values) {
            return values[random.nextInt(values.length)];
        }

        /** {@code rate * n}, rounded, and at least one when the rate is positive. */
        private static int share(double rate, int n) {
            if (rate <= 0 || n == 0) return 0;
            return (int) Math.max(1, Math.min(n, Math.round(rate * n)));
        }

        /** {@code count} distinct indices below {@code n}, ascending. */
        private int[] sample(int n, int count) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) all[i] = i;
            for (int i = 0; i < count; i++) {
                int j = i + random.nextInt(n - i);
                int t = all[i];
                all[i] = all[j];
                all[j] = t;
            }
            int[] chosen = Arrays.copyOf(all, count);
            Arrays.sort(chosen);
            return chosen;
        }

        private static String word(String[] words, int index) {
            return index < words.length ? words[index] : words[index % words.length] + "-" + (index / words.length);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Command line: writes a history to a folder for the CLI, registry and plugin load tests.

    private static final String USAGE = "usage: SyntheticReleases --types N --releases K --out DIR"
            + " [--seed S] [--change-rate R] [--revision-rate R] [--service NAME]";

    public static void main(String[] args) {
        try {
            Map<String, String> a = parseArgs(args);
            Options o = new Options(
                    intArg(a, "--types", null),
                    intArg(a, "--releases", null),
                    a.containsKey("--seed") ? Long.parseLong(a.get("--seed")) : Options.DEFAULT_SEED,
                    a.containsKey("--change-rate") ? Double.parseDouble(a.get("--change-rate")) : Options.DEFAULT_CHANGE_RATE,
                    a.containsKey("--revision-rate") ? Double.parseDouble(a.get("--revision-rate")) : Options.DEFAULT_REVISION_RATE,
                    a.getOrDefault("--service", Options.DEFAULT_SERVICE));
            String out = a.get("--out");
            if (out == null) throw new IllegalArgumentException("--out is missing");
            write(o, Path.of(out));
        } catch (IllegalArgumentException e) {
            System.err.println("SyntheticReleases: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("SyntheticReleases: cannot write: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Writes {@code <service>-NNN-<version>.json} per release (NNN keeps the files in release order). */
    static void write(Options o, Path dir) throws IOException {
        Files.createDirectories(dir);
        long[] bytes = {0};
        int[] last = {0};
        try {
            new SyntheticReleases(o).generate(r -> {
                byte[] content = toBytes(r.document());
                Path file = dir.resolve(String.format("%s-%03d-%s.json", o.service(), r.index(), r.version()));
                try {
                    Files.write(file, content);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                bytes[0] += content.length;
                last[0] = r.schemas();
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        System.out.printf("wrote %d releases of %s to %s: %d schemas in the first, %d in the last, %.1f MB in all%n",
                o.releases(), o.service(), dir, o.types(), last[0], bytes[0] / 1e6);
    }

    private static Map<String, String> parseArgs(String[] args) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String key = args[i];
            if (!key.startsWith("--") || !USAGE.contains(key + " ")) throw new IllegalArgumentException("unknown option " + key);
            if (i + 1 >= args.length) throw new IllegalArgumentException(key + " needs a value");
            out.put(key, args[++i]);
        }
        return out;
    }

    private static int intArg(Map<String, String> a, String key, Integer fallback) {
        String v = a.get(key);
        if (v == null) {
            if (fallback == null) throw new IllegalArgumentException(key + " is missing");
            return fallback;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, not '" + v + "'");
        }
    }
}
