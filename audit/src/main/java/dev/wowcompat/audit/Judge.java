package dev.wowcompat.audit;

import dev.wowcompat.text.Counts;
import dev.wowcompat.text.Sizes;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.wire.JsonSchemas;
import dev.wowcompat.wire.Violation;
import dev.wowcompat.wire.WireRefusal;
import dev.wowcompat.wire.WireStructure;
import dev.wowcompat.wire.WireValidator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Judges records one by one: the one place that decides every {@link AuditFinding}. It recognises each record's
 * encoding from its value (the wire protocol's format-1 envelope, or what Wow 8's wow-kafka writes), checks the
 * envelope (format, kind, headers, topic, key, the partition of commands), then what it carries against the
 * registered releases: the checks of {@code POST /validate} ({@link WireValidator}, the same code), the state's
 * fingerprint as {@code POST /verify/state} reads it, and, with an environment, the release that ran when the record
 * was written. {@link #read} is thread-safe; {@link #judge} is confined to one thread, which judges records in order.
 */
public final class Judge {
    /** The framework's own error codes, known to every reader. */
    private static final String FRAMEWORK_CODES = "wow.";
    private static final java.util.regex.Pattern WELL_FORMED_FINGERPRINT = java.util.regex.Pattern.compile("[0-9a-f]{64}");
    private static final String FORMAT_HEADER = Integer.toString(WireStructure.KNOWN_FORMAT);

    private final Catalog catalog;
    private final Deployments deployments;
    private final Tally tally;
    private final PayloadObserver observer;
    private final int maxRecordBytes;
    private final JsonSchemas schemas = new JsonSchemas();
    private final WireValidator wire = new WireValidator(schemas);
    private final UnwrittenProperties unwritten = new UnwrittenProperties();
    private final VersionWatch versions;
    /**
     * A member that repeats is refused as the tree is built (its map says the name was there), not by the parser's
     * set of names per object: the same verdict at no cost per member (docs/performance.md, "The audit").
     */
    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
    private long notedEvictions;
    private long unjudged;
    private String firstUnjudged;
    /** The verdict of the record being judged, for the checks both encodings share. */
    private Verdict currentVerdict;

    /**
     * @param deployments the environment's history, or null to judge without one (no release attribution)
     * @param maxRecordBytes larger values are counted as {@code record-too-large}, not parsed
     * @param maxAggregates how many aggregates the version check remembers (docs/audit.md, "Memory")
     */
    public Judge(Catalog catalog, Deployments deployments, Tally tally, PayloadObserver observer, int maxRecordBytes, int maxAggregates) {
        this.catalog = catalog;
        this.deployments = deployments;
        this.tally = tally;
        this.observer = observer;
        this.maxRecordBytes = maxRecordBytes;
        this.versions = new VersionWatch(maxAggregates);
    }

    /** What one record has: each finding once, with the first place and message (and how many more of it). */
    private final class Verdict {
        private final AuditRecord record;
        /** Made at the first finding: most records have none, and every record gets a verdict. */
        private Map<AuditFinding, String[]> first;
        private Map<AuditFinding, Integer> more;

        Verdict(AuditRecord record) {
            this.record = record;
        }

        void add(AuditFinding finding, String pointer, String message) {
            if (first == null) {
                first = new EnumMap<>(AuditFinding.class);
                more = new EnumMap<>(AuditFinding.class);
            }
            if (first.putIfAbsent(finding, new String[] {pointer, message}) != null) more.merge(finding, 1, Integer::sum);
        }

        boolean has(AuditFinding finding) {
            return first != null && first.containsKey(finding);
        }

        void close() {
            if (first == null) return;
            first.forEach((f, pm) -> {
                int extra = more.getOrDefault(f, 0);
                tally.add(f, record, pm[0], extra == 0 ? pm[1] : pm[1] + " (and " + extra + " more in this record)");
            });
        }
    }

    /**
     * A record with its value read as JSON, or the one finding that stopped the reading (a tombstone, a value too large,
     * not a JSON object). Reading needs none of the judge's state, so the pass reads and parses records on one thread
     * while it judges the ones before on another (docs/decisions.md, "The audit's speed").
     *
     * @param value the value, an object; null when {@code finding} says why there is none
     * @param failure what the parser threw that it should not have, to be counted as the judge counts its own
     */
    public record Read(AuditRecord record, JsonNode value, AuditFinding finding, String message, RuntimeException failure) {
        private static Read stopped(AuditRecord record, AuditFinding finding, String message) {
            return new Read(record, null, finding, message, null);
        }
    }

    /** Reads one record's value. Thread-safe: the pass calls it on the thread that reads the source. */
    public Read read(AuditRecord r) {
        if (r.value() == null) {
            return Read.stopped(r, AuditFinding.TOMBSTONE, "a record without value (a tombstone) for key " + r.keyText());
        }
        if (r.value().length > maxRecordBytes) {
            return Read.stopped(r, AuditFinding.RECORD_TOO_LARGE, "the value has " + Sizes.show(r.value().length) + ", more than --max-record-bytes "
                    + Sizes.show(maxRecordBytes) + "; it was not judged");
        }
        JsonNode value;
        try {
            value = mapper.readTree(r.value());
        } catch (MismatchedInputException e) {
            // FAIL_ON_READING_DUP_TREE_KEY reports a repeated member so; said in our words, as the Manifest reader does.
            Optional<String> repeated = JsonInput.repeatedKey(e.getOriginalMessage());
            if (repeated.isEmpty()) return Read.stopped(r, AuditFinding.MESSAGE_NOT_JSON, Wording.notJson(e));
            return Read.stopped(r, AuditFinding.MESSAGE_NOT_JSON, "the value is not JSON a reader can trust: the member '" + repeated.get()
                    + "' appears twice in one object (the second ends at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + "), and readers differ on which of the two they keep");
        } catch (JsonProcessingException e) {
            return Read.stopped(r, AuditFinding.MESSAGE_NOT_JSON, Wording.notJson(e));
        } catch (IOException e) {
            return Read.stopped(r, AuditFinding.MESSAGE_NOT_JSON, "the value is not JSON: it could not be read as text");
        } catch (RuntimeException e) {
            return new Read(r, null, null, null, e);
        }
        if (value == null || value.isMissingNode() || !value.isObject()) {
            return Read.stopped(r, AuditFinding.MESSAGE_NOT_JSON, "the value is JSON but not an object ("
                    + (value == null || value.isMissingNode() ? "empty" : value.getNodeType().name().toLowerCase(java.util.Locale.ROOT)) + ")");
        }
        return new Read(r, value, null, null, null);
    }

    /**
     * Judges one record read by {@link #read}, and counts what it has; records are judged in their order.
     *
     * @throws AuditException when the registry cannot be reached to look a type up
     */
    public void judge(Read read) throws AuditException {
        AuditRecord record = read.record();
        tally.message(record);
        Verdict verdict = new Verdict(record);
        currentVerdict = verdict;
        try {
            if (read.failure() != null) throw read.failure();
            if (read.finding() != null) verdict.add(read.finding(), "", read.message());
            else judge(record, read.value(), verdict);
        } catch (RuntimeException e) {
            // No record stops the audit: one the judge cannot handle is counted and named, and the pass goes on.
            unjudged++;
            tally.note("unjudged", Counts.of(unjudged, "record") + " could not be judged (the first at " + (firstUnjudged == null ? firstUnjudged = record.place()
                    : firstUnjudged) + ": " + e + "); please report it");
        } finally {
            verdict.close();
        }
        if (versions.evicted() > notedEvictions) {
            notedEvictions = versions.evicted();
            tally.note("evicted", "The version check remembers " + versions.capacity() + " aggregates (--max-aggregates); it forgot "
                    + notedEvictions + " to stay within that bound, so a regression of a forgotten aggregate may be missed.");
        }
    }

    private void judge(AuditRecord r, JsonNode value, Verdict verdict) throws AuditException {
        if (value.has("kind") || value.has("format")) {
            new FormatOne(r, value, verdict).judge();
        } else if (value.has("contextName") && value.has("aggregateName")) {
            new WowEight(r, value, verdict).judge();
        } else {
            verdict.add(AuditFinding.ENVELOPE_UNKNOWN_FORMAT, "", "the value is neither a format-1 envelope {format, kind, id, type, "
                    + "payload} nor what Wow 8's wow-kafka writes {contextName, aggregateName, ...}");
        }
    }

    /** The release of the aggregate's service that ran when the record was written, or null (no environment, none ran). */
    private Catalog.Declared releaseThen(List<Catalog.Declared> declared, long writtenAt) {
        if (deployments == null || declared.isEmpty()) return null;
        String service = declared.get(declared.size() - 1).release().service();
        Optional<String> version = writtenAt < 0 ? Optional.empty() : deployments.runningAt(service, writtenAt);
        if (version.isEmpty()) {
            tally.release(service + "@(none)");
            return null;
        }
        tally.release(service + "@" + version.get());
        for (Catalog.Declared d : declared) {
            if (d.release().service().equals(service) && d.release().version().toString().equals(version.get())) return d;
        }
        // The release ran but does not declare this aggregate: it writes nothing of it (nor reads it).
        return new Catalog.Declared(null, null);
    }

    private static String refText(JsonNode ref) {
        JsonNode type = ref.path("type");
        if (!type.path("context").isTextual() || !type.path("name").isTextual() || !ref.path("tenantId").isTextual()) return null;
        String id = ref.path("id").isTextual() ? ref.get("id").asText() : null;
        return type.get("context").asText() + "." + type.get("name").asText() + "/" + ref.get("tenantId").asText() + "/" + id;
    }

    /**
     * A 64-bit FNV-1a hash of the node's content, walked in document order (as its JSON text would be hashed, without
     * writing the text: the version check hashes every commit).
     */
    private static long contentHash(JsonNode node) {
        return contentHash(node, 0xcbf29ce484222325L);
    }

    private static long contentHash(JsonNode node, long hash) {
        long h = mix(hash, node.getNodeType().ordinal());
        if (node.isObject()) {
            h = mix(h, node.size());
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                h = mix(h, e.getKey());
                h = contentHash(e.getValue(), h);
            }
        } else if (node.isArray()) {
            h = mix(h, node.size());
            for (JsonNode element : node) h = contentHash(element, h);
        } else if (node.isIntegralNumber() && node.canConvertToLong()) {
            h = mix(h, node.longValue());
        } else if (node.isValueNode()) {
            h = mix(h, (node.isNumber() ? "n" : "t") + node.asText()); // 1.0 and 1 stay apart, as in their JSON text
        }
        return h;
    }

    private static long mix(long hash, long value) {
        long h = hash;
        for (int i = 0; i < 8; i++) {
            h ^= (value >>> (i * 8)) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static long mix(long hash, String text) {
        long h = mix(hash, text.length());
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    // ------------------------------------------------------------------------------------------------------------
    // The format-1 envelope (schemas/wire/envelope.schema.json)

    /** One record being judged in one encoding: the record, its parsed value, what it has. */
    private abstract class Reading {
        final AuditRecord r;
        final JsonNode v;
        final Verdict verdict;

        Reading(AuditRecord r, JsonNode v, Verdict verdict) {
            this.r = r;
            this.v = v;
            this.verdict = verdict;
        }

        abstract void judge() throws AuditException;
    }

    private final class FormatOne extends Reading {
        FormatOne(AuditRecord r, JsonNode v, Verdict verdict) {
            super(r, v, verdict);
        }

        @Override

        void judge() throws AuditException {
            JsonNode format = v.get("format");
            if (format == null || !format.isIntegralNumber() || format.asLong() != WireStructure.KNOWN_FORMAT) {
                verdict.add(AuditFinding.ENVELOPE_UNKNOWN_FORMAT, "/format", "envelope format " + format
                        + " is unknown; a reader of format " + WireStructure.KNOWN_FORMAT + " refuses it");
                return;
            }
            JsonNode kindNode = v.path("kind");
            if (kindNode.isTextual() && !WireStructure.ENVELOPE_KINDS.contains(kindNode.asText())) {
                verdict.add(AuditFinding.ENVELOPE_UNKNOWN_KIND, "/kind", "envelope kind '" + kindNode.asText() + "' is unknown; a reader refuses it (known: "
                        + String.join(", ", WireStructure.ENVELOPE_KINDS) + ")");
                return;
            }
            String kind = kindNode.asText("");
            String type = v.path("type").isTextual() ? v.get("type").asText() : null;
            headers(kind, type);
            JsonNode payload = v.path("payload");
            if (type != null) topic(kind, type);
            String aggregate = type == null ? null : Catalog.aggregateOf(type);
            List<Catalog.Declared> declared = aggregate == null ? List.of() : catalog.aggregate(aggregate);
            if (type != null && declared.isEmpty()) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, "/type", "no registered release declares " + aggregateWord(kind) + " " + type);
            }
            long writtenAt = r.timestamp() >= 0 ? r.timestamp() : payload.path("commitTime").asLong(-1);
            Catalog.Declared then = releaseThen(declared, writtenAt);
            ReleaseSchemas registered = new ReleaseSchemas(catalog, declared, then != null && then.release() != null ? then : null);
            WireValidator.Judged judged;
            try {
                judged = wire.judge(v, WireStructure.ENVELOPE, registered);
            } catch (WireRefusal e) {
                verdict.add(e.reason() == WireRefusal.Reason.UNKNOWN_KIND ? AuditFinding.ENVELOPE_UNKNOWN_KIND : AuditFinding.ENVELOPE_UNKNOWN_FORMAT,
                        e.pointer(), e.getMessage());
                return;
            }
            String foreign = kind.equals("state-event") ? foreignFingerprint(payload, aggregate, declared) : null;
            for (WireValidator.Found f : mostSpecificFirst(judged.found())) {
                Violation x = f.violation();
                if (declared.isEmpty() && f.problem() != WireValidator.Problem.STRUCTURE) continue; // type-unregistered says it all
                switch (f.problem()) {
                    case STRUCTURE -> verdict.add(AuditFinding.ENVELOPE_INVALID, x.pointer(), structureMessage(x));
                    case PAYLOAD_INVALID -> {
                        // A state measured against a schema that is not its aggregate's is the fingerprint's fault, already said.
                        if (!f.subject().equals(foreign)) verdict.add(AuditFinding.PAYLOAD_INVALID, x.pointer(), subject(f.subject()) + ": " + x.message());
                    }
                    case FINGERPRINT_UNKNOWN -> {
                        // A fingerprint that is no SHA-256 at all is envelope-invalid, said once (docs/audit.md#state-fingerprint-unknown).
                        if (WELL_FORMED_FINGERPRINT.matcher(f.subject()).matches()) {
                            verdict.add(AuditFinding.STATE_FINGERPRINT_UNKNOWN, x.pointer(), "no registered release has fingerprint "
                                    + f.subject() + " as a schema" + (aggregate == null ? "" : " of " + aggregate));
                        }
                    }
                    case COMMAND_UNREGISTERED -> {
                        if (!declared.isEmpty()) verdict.add(AuditFinding.TYPE_UNREGISTERED, x.pointer(), x.message());
                    }
                    case EVENT_REVISION_UNREGISTERED -> {
                        if (!declared.isEmpty()) eventUnregistered(declared, f.subject(), x.pointer());
                    }
                }
            }
            switch (kind) {
                case "state-event" -> stateEvent(payload, aggregate, declared, then, writtenAt);
                case "command" -> command(payload, declared, then, writtenAt);
                case "command-receipt" -> receipt(payload);
                default -> { }
            }
        }

        /** Whether some registered release of the aggregate declares the event at this revision. */
        private static boolean registered(List<Catalog.Declared> declared, String type, int revision) {
            String name = type.substring(type.lastIndexOf('.') + 1);
            for (Catalog.Declared d : declared) {
                Manifest.Event e = d.aggregate().events().get(name);
                if (e != null && e.revisions().containsKey(revision)) return true;
            }
            return false;
        }

        /** An event the registry does not know at this revision: unknown altogether, or only at this revision. */
        private void eventUnregistered(List<Catalog.Declared> declared, String subject, String pointer) {
            String type = subject.substring(0, subject.lastIndexOf('@'));
            String name = type.substring(type.lastIndexOf('.') + 1);
            if (declared.stream().noneMatch(d -> d.aggregate().events().containsKey(name))) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, pointer, "no registered release declares the event type " + type);
            } else {
                verdict.add(AuditFinding.EVENT_REVISION_UNREGISTERED, pointer, subject + " is not a registered event revision (registered: "
                        + declared.stream().flatMap(d -> d.aggregate().events().getOrDefault(name, new Manifest.Event(type, new java.util.TreeMap<>()))
                        .revisions().keySet().stream()).distinct().sorted().toList() + ")");
            }
        }

        /**
         * The state's fingerprint when it is a registered schema but no release's state schema of the aggregate (the
         * finding state-fingerprint-unknown, said once here), else null.
         */
        private String foreignFingerprint(JsonNode payload, String aggregate, List<Catalog.Declared> declared) {
            JsonNode fp = payload.path("state").path("schemaFingerprint");
            if (!fp.isTextual() || declared.isEmpty() || catalog.schema(fp.asText()).isEmpty()) return null;
            String fingerprint = fp.asText();
            for (Catalog.Declared d : declared) {
                if (d.aggregate().state().isPresent() && d.aggregate().state().get().schema().fingerprint().equals(fingerprint)) return null;
            }
            verdict.add(AuditFinding.STATE_FINGERPRINT_UNKNOWN, "/payload/state/schemaFingerprint", "fingerprint " + fingerprint
                    + " is a registered schema, but no release has it as the state schema of " + aggregate);
            return fingerprint;
        }

        private String aggregateWord(String kind) {
            return kind.equals("state-event") ? "the aggregate" : "the command type";
        }

        private String subject(String subject) {
            return subject.length() == 64 && subject.chars().allMatch(c -> Character.digit(c, 16) >= 0)
                    ? "the state (schema " + subject.substring(0, 12) + ")" : subject;
        }

        /** The wow-format, wow-kind and wow-type headers say what the value says (a header may repeat, alike). */
        private void headers(String kind, String type) {
            header("wow-format", FORMAT_HEADER);
            header("wow-kind", kind);
            if (type != null) header("wow-type", type);
        }

        private void header(String name, String expected) {
            boolean present = false;
            for (AuditRecord.Header h : r.headers()) {
                if (!h.key().equals(name)) continue;
                present = true;
                if (!h.says(expected)) {
                    verdict.add(AuditFinding.ENVELOPE_HEADER_MISMATCH, "", "the " + name + " header says '" + h.text() + "', the value says '" + expected + "'");
                    return;
                }
            }
            if (!present) verdict.add(AuditFinding.ENVELOPE_HEADER_MISMATCH, "", "the " + name + " header is missing; the value says '" + expected + "'");
        }

        /**
         * A state event goes on {@code wow.<context>.<aggregate>.state}, a command on {@code wow.<context>.commands},
         * a receipt on a context's {@code wow.<context>.receipts}. Topics outside {@code wow.} are not judged: an
         * aggregate may name its own.
         */
        private void topic(String kind, String type) {
            String topic = r.topic();
            if (!topic.startsWith("wow.")) return;
            String context = type.indexOf('.') < 0 ? type : type.substring(0, type.indexOf('.'));
            String expected = switch (kind) {
                case "state-event" -> "wow." + type + ".state";
                case "command" -> "wow." + context + ".commands";
                default -> null;
            };
            if (expected != null && !topic.equals(expected)) {
                verdict.add(AuditFinding.ENVELOPE_TOPIC_MISMATCH, "/type", "a " + kind + " of " + type + " belongs on " + expected + ", not on " + topic);
            } else if (kind.equals("command-receipt") && !(topic.endsWith(".receipts") && topic.indexOf('.', 4) == topic.length() - ".receipts".length())) {
                verdict.add(AuditFinding.ENVELOPE_TOPIC_MISMATCH, "/kind", "a command-receipt belongs on a context's receipts topic wow.<context>.receipts, not on " + topic);
            }
        }

        private void key(String expected, String what) {
            if (expected != null && !r.keyIs(expected)) {
                String key = r.keyText();
                verdict.add(AuditFinding.ENVELOPE_KEY_MISMATCH, "", "the key is " + (key == null ? "absent" : "'" + key + "'")
                        + "; " + what + " is keyed by '" + expected + "'");
            }
        }

        private void stateEvent(JsonNode payload, String aggregate, List<Catalog.Declared> declared, Catalog.Declared then, long writtenAt) {
            String ref = refText(payload.path("ref"));
            key(ref, "a state event");
            JsonNode state = payload.path("state");
            String fingerprint = state.path("schemaFingerprint").isTextual() ? state.get("schemaFingerprint").asText() : null;
            String release = then == null || then.release() == null ? null : then.label();
            if (then != null && fingerprint != null && !verdict.has(AuditFinding.STATE_FINGERPRINT_UNKNOWN)) {
                String deployed = then.aggregate() == null ? null : then.aggregate().state().map(s -> s.schema().fingerprint()).orElse(null);
                if (!fingerprint.equals(deployed)) {
                    verdict.add(AuditFinding.STATE_FINGERPRINT_NOT_DEPLOYED, "/payload/state/schemaFingerprint", "fingerprint "
                            + fingerprint.substring(0, 12) + " is not the state schema of " + (then.release() == null ? "the release then running"
                            : then.label()) + (deployed == null ? " (it declares none)" : " (" + deployed.substring(0, 12) + ")")
                            + ", which ran when the record was written; views and snapshots carrying it must be rebuilt");
                }
            }
            JsonNode events = payload.path("events");
            for (int i = 0; events.isArray() && i < events.size(); i++) {
                JsonNode e = events.get(i);
                if (!e.path("name").isTextual() || !e.path("revision").canConvertToInt()) continue;
                String name = e.get("name").asText();
                int revision = e.get("revision").asInt();
                String at = "/payload/events/" + i;
                // A revision no release registers is event-revision-unregistered (or type-unregistered), said once:
                // written-not-declared is for what a registered release declares (docs/audit.md#written-not-declared).
                if (then != null && registered(declared, name, revision)) writtenEvent(then, name, revision, e.path("payload"), at);
                observer.observe(new PayloadObserver.Observed("event", name, revision, release, writtenAt, e.path("payload")));
            }
            if (state.isObject() && state.has("state")) {
                if (then != null && then.aggregate() != null) {
                    then.aggregate().state().ifPresent(s -> unwrittenMembers(s.schema().fingerprint(), s.schema().schema(), state.get("state"),
                            "/payload/state/state", then.label(), aggregate + "'s state"));
                }
                observer.observe(new PayloadObserver.Observed("state", aggregate, 0, release, writtenAt, state.get("state")));
            }
            if (ref != null && payload.path("version").canConvertToLong()) {
                version(ref, payload.get("version").asLong(), events, "/payload/version");
            }
        }

        private void command(JsonNode payload, List<Catalog.Declared> declared, Catalog.Declared then, long writtenAt) {
            JsonNode ref = payload.path("ref");
            String text = refText(ref);
            if (text != null && !ref.path("id").isTextual() && payload.path("requestId").isTextual()) {
                // A creation whose id the server chooses: keyed, and hashed, by (none):<requestId>.
                text = text.substring(0, text.lastIndexOf('/') + 1) + "(none):" + payload.get("requestId").asText();
            }
            key(text, "a command");
            if (text != null && r.partitions() > 0) {
                if (!PartitionHash.powerOfTwo(r.partitions())) {
                    tally.note("Topic " + r.topic() + " has " + r.partitions() + " partitions, not a power of two as the protocol needs: "
                            + "the partition of its commands was not checked.");
                } else {
                    int expected = PartitionHash.partition(text, r.partitions());
                    if (expected != r.partition()) {
                        verdict.add(AuditFinding.ENVELOPE_PARTITION_MISMATCH, "", "the command to " + text + " is in partition " + r.partition()
                                + "; the protocol's FNV-1a hash assigns partition " + expected + " of " + r.partitions());
                    }
                }
            } else if (text != null) {
                tally.note("The partition count of " + r.topic() + " is not known (records read with --input; give --partitions): "
                        + "the partition of its commands was not checked.");
            }
            String type = payload.path("type").asText(null);
            String release = then == null || then.release() == null ? null : then.label();
            if (type != null && then != null && then.aggregate() != null && payload.path("body").isObject()) {
                Manifest.Command c = then.aggregate().commands().get(type.substring(type.lastIndexOf('.') + 1));
                if (c != null && !c.written()) {
                    verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, "/payload/type", type + " is declared \"written\": false by "
                            + then.label() + ", which ran when the record was written");
                } else if (c != null) {
                    unwrittenMembers(c.schema().fingerprint(), c.schema().schema(), payload.get("body"), "/payload/body", then.label(), type);
                }
            }
            if (type != null && payload.path("body").isObject()) {
                observer.observe(new PayloadObserver.Observed("command", type, 0, release, writtenAt, payload.get("body")));
            }
        }

        private void receipt(JsonNode payload) throws AuditException {
            key(refText(payload.path("executionId").path("ref")), "a receipt (by the saga commit it answers)");
            JsonNode code = payload.path("error").path("code");
            if (!code.isTextual() || code.asText().startsWith(FRAMEWORK_CODES)) return;
            String target = refText(payload.path("ref"));
            if (target == null) return;
            String aggregate = target.substring(0, target.indexOf('/'));
            String error = code.asText();
            boolean declaredCode = false;
            for (Catalog.Declared d : catalog.aggregate(aggregate)) {
                if (d.aggregate().errors().values().stream().anyMatch(e -> e.code().equals(error))) declaredCode = true;
            }
            if (!declaredCode) {
                verdict.add(AuditFinding.ERROR_CODE_UNREGISTERED, "/payload/error/code", "error code " + error
                        + " is not declared by " + aggregate + " in any registered release");
            }
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // What Wow 8's wow-kafka writes: its JsonSerializer form of DomainEventStream, StateEvent and CommandMessage

    private final class WowEight extends Reading {
        WowEight(AuditRecord r, JsonNode v, Verdict verdict) {
            super(r, v, verdict);
        }

        @Override

        void judge() throws AuditException {
            String context = v.path("contextName").asText();
            String name = v.path("aggregateName").asText();
            String aggregate = context + "." + name;
            JsonNode body = v.path("body");
            String suffix;
            if (body.isArray()) suffix = v.has("state") ? "state" : "event";
            else if (body.isObject() && v.has("name")) suffix = "command";
            else {
                verdict.add(AuditFinding.ENVELOPE_UNKNOWN_FORMAT, "/body", "a Wow 8 message carries a body: an array of events "
                        + "(an event stream or a state event) or a command object with its name; this one has neither");
                return;
            }
            List<Catalog.Declared> declared = catalog.aggregate(aggregate);
            if (declared.isEmpty()) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, "/contextName", "no registered release declares the aggregate " + aggregate
                        + " (contextName and aggregateName)");
                return;
            }
            long writtenAt = r.timestamp() >= 0 ? r.timestamp() : v.path("createTime").asLong(-1);
            Catalog.Declared then = releaseThen(declared, writtenAt);
            Catalog.Declared newest = then != null && then.release() != null ? then : declared.get(declared.size() - 1);
            String release = then == null || then.release() == null ? null : then.label();
            String expected = "wow." + newest.release().contextAlias(context) + "." + name + "." + suffix;
            if (!r.topic().equals(expected)) {
                verdict.add(AuditFinding.ENVELOPE_TOPIC_MISMATCH, "/aggregateName", "a " + (suffix.equals("event") ? "domain event stream"
                        : suffix.equals("state") ? "state event" : "command") + " of " + aggregate + " belongs on " + expected + ", not on " + r.topic());
            }
            String id = v.path("aggregateId").isTextual() ? v.get("aggregateId").asText() : null;
            if (id != null && !r.keyIs(id)) {
                String key = r.keyText();
                verdict.add(AuditFinding.ENVELOPE_KEY_MISMATCH, "", "the key is " + (key == null ? "absent" : "'" + key + "'")
                        + "; wow-kafka keys a message of " + aggregate + " by its aggregate id '" + id + "'");
            }
            switch (suffix) {
                case "command" -> command(aggregate, declared, then, release, writtenAt);
                default -> {
                    for (int i = 0; i < body.size(); i++) event(aggregate, declared, then, release, writtenAt, body.get(i), "/body/" + i);
                    if (suffix.equals("state")) state(aggregate, declared, then, release, writtenAt);
                    if (id != null && v.path("version").canConvertToLong()) {
                        version(aggregate + "/" + v.path("tenantId").asText() + "/" + id, v.get("version").asLong(), body, "/version");
                    }
                }
            }
        }

        private void event(String aggregate, List<Catalog.Declared> declared, Catalog.Declared then, String release, long writtenAt,
                           JsonNode event, String at) {
            if (!event.path("name").isTextual()) {
                verdict.add(AuditFinding.ENVELOPE_INVALID, at + "/name", "an event of a Wow 8 event stream has no name");
                return;
            }
            String name = event.get("name").asText();
            String type = aggregate + "." + name;
            String label = event.path("revision").asText("");
            JsonNode payload = event.path("body");
            List<Catalog.Declared> order = preferred(declared, then);
            Manifest.Event known = null;
            Catalog.Declared in = null;
            for (Catalog.Declared d : order) {
                Manifest.Event e = d.aggregate().events().get(name);
                if (e != null) {
                    known = e;
                    in = d;
                    break;
                }
            }
            if (known == null) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, at + "/name", "no registered release declares the event type " + type);
                return;
            }
            // Wow's revision label ("0.0.1") to the Manifest's number: the release's labels, in the release that ran then first.
            List<Manifest.Revision> candidates = new ArrayList<>();
            boolean anyLabel = false;
            for (Catalog.Declared d : order) {
                Manifest.Event e = d.aggregate().events().get(name);
                if (e == null) continue;
                for (Manifest.Revision rev : e.revisions().values()) {
                    Optional<String> l = d.release().revisionLabel(d.aggregate(), name, rev.revision());
                    anyLabel |= l.isPresent();
                    if (l.isPresent() && sameLabel(l.get(), label)) {
                        candidates.add(rev);
                        in = d;
                        break;
                    }
                }
                if (!candidates.isEmpty()) break;
            }
            if (candidates.isEmpty() && anyLabel) {
                verdict.add(AuditFinding.EVENT_REVISION_UNREGISTERED, at + "/revision", type + " revision '" + label
                        + "' is not a registered revision (no release labels one so)");
                return;
            }
            if (candidates.isEmpty()) candidates.addAll(known.revisions().values()); // no labels: any revision may be the one
            List<Violation> violations = null;
            Manifest.Revision matched = null;
            for (Manifest.Revision rev : candidates) {
                List<Violation> v = validate(rev.schema().fingerprint(), rev.schema().schema(), payload, at + "/body");
                if (v.isEmpty()) {
                    matched = rev;
                    violations = v;
                    break;
                }
                if (violations == null) violations = v;
            }
            if (matched == null) {
                Violation first = violations.get(0);
                verdict.add(AuditFinding.PAYLOAD_INVALID, first.pointer(), type + "@" + candidates.get(0).revision() + ": " + first.message());
            }
            int revision = matched != null ? matched.revision() : candidates.size() == 1 ? candidates.get(0).revision() : 0;
            if (then != null && revision > 0) writtenEvent(then, type, revision, payload, at);
            observer.observe(new PayloadObserver.Observed("event", type, revision, release, writtenAt, payload));
        }

        private void state(String aggregate, List<Catalog.Declared> declared, Catalog.Declared then, String release, long writtenAt) {
            JsonNode state = v.path("state");
            List<Manifest.State> schemasToTry = new ArrayList<>();
            if (then != null && then.aggregate() != null) then.aggregate().state().ifPresent(schemasToTry::add);
            else for (Catalog.Declared d : preferred(declared, null)) d.aggregate().state().ifPresent(schemasToTry::add);
            if (schemasToTry.isEmpty()) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, "/state", "no registered release declares a state for " + aggregate);
                return;
            }
            // Without an environment, any registered state schema of the aggregate may be the one it was written with.
            List<Violation> firstViolations = null;
            boolean valid = false;
            java.util.Set<String> tried = new java.util.HashSet<>();
            for (Manifest.State s : schemasToTry) {
                if (!tried.add(s.schema().fingerprint())) continue;
                List<Violation> found = validate(s.schema().fingerprint(), s.schema().schema(), state, "/state");
                if (found.isEmpty()) {
                    valid = true;
                    break;
                }
                if (firstViolations == null) firstViolations = found;
            }
            if (!valid) {
                Violation first = firstViolations.get(0);
                verdict.add(AuditFinding.PAYLOAD_INVALID, first.pointer(), "the state of " + aggregate + ": " + first.message());
            }
            if (then != null && then.aggregate() != null) {
                then.aggregate().state().ifPresent(s -> unwrittenMembers(s.schema().fingerprint(), s.schema().schema(), state, "/state",
                        then.label(), aggregate + "'s state"));
            }
            observer.observe(new PayloadObserver.Observed("state", aggregate, 0, release, writtenAt, state));
        }

        private void command(String aggregate, List<Catalog.Declared> declared, Catalog.Declared then, String release, long writtenAt) {
            String name = v.path("name").asText();
            String type = aggregate + "." + name;
            Manifest.Command command = null;
            for (Catalog.Declared d : preferred(declared, then)) {
                command = d.aggregate().commands().get(name);
                if (command != null) break;
            }
            if (command == null) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, "/name", "no registered release declares the command type " + type);
                return;
            }
            List<Violation> found = validate(command.schema().fingerprint(), command.schema().schema(), v.get("body"), "/body");
            if (!found.isEmpty()) verdict.add(AuditFinding.PAYLOAD_INVALID, found.get(0).pointer(), type + ": " + found.get(0).message());
            if (then != null && then.aggregate() != null) {
                Manifest.Command c = then.aggregate().commands().get(name);
                if (c != null && !c.written()) {
                    verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, "/name", type + " is declared \"written\": false by " + then.label()
                            + ", which ran when the record was written");
                } else if (c != null) {
                    unwrittenMembers(c.schema().fingerprint(), c.schema().schema(), v.get("body"), "/body", then.label(), type);
                }
            }
            observer.observe(new PayloadObserver.Observed("command", type, 0, release, writtenAt, v.get("body")));
        }
    }

    /**
     * The wire schema's violations with the most specific cause first: a violation at a member inside another
     * violation's place says what is wrong there, so the enclosing one is left out (a state whose fingerprint is
     * "abc" fails {@code anyOf [null, stateView]} at /payload/state only because the fingerprint is malformed).
     */
    static List<WireValidator.Found> mostSpecificFirst(List<WireValidator.Found> found) {
        List<WireValidator.Found> out = new ArrayList<>(found.size());
        for (WireValidator.Found f : found) {
            String p = f.violation().pointer();
            boolean enclosing = f.problem() == WireValidator.Problem.STRUCTURE && found.stream().anyMatch(o -> o.problem() == WireValidator.Problem.STRUCTURE
                    && o.violation().pointer().startsWith(p + "/"));
            if (!enclosing) out.add(f);
        }
        out.sort(java.util.Comparator.comparingInt((WireValidator.Found f) -> f.problem() == WireValidator.Problem.STRUCTURE ? 0 : 1)
                .thenComparingInt(f -> f.problem() == WireValidator.Problem.STRUCTURE ? -f.violation().pointer().split("/", -1).length : 0));
        return out;
    }

    /** A wire schema's violation, in our words where the schema's own are about a pattern the protocol explains. */
    private static String structureMessage(Violation x) {
        if (x.pointer().endsWith("/schemaFingerprint") && x.message().contains("pattern")) {
            return "the fingerprint must be 64 lowercase hex digits (the SHA-256 of the state schema's canonical form)";
        }
        return x.message();
    }

    private static List<Catalog.Declared> preferred(List<Catalog.Declared> declared, Catalog.Declared then) {
        List<Catalog.Declared> out = new ArrayList<>(declared.size() + 1);
        if (then != null && then.release() != null) out.add(then);
        for (int i = declared.size() - 1; i >= 0; i--) out.add(declared.get(i));
        return out;
    }

    /** {@code 1.2} and {@code 1.2.0} are one label, as the generator reads them (docs/manifest-from-code.md). */
    static boolean sameLabel(String a, String b) {
        return trimZeros(a).equals(trimZeros(b));
    }

    private static String trimZeros(String label) {
        String out = label.trim();
        while (out.endsWith(".0")) out = out.substring(0, out.length() - 2);
        return out;
    }

    private List<Violation> validate(String fingerprint, JsonNode schema, JsonNode value, String at) {
        return schemas.violations(schemas.registered(fingerprint, () -> schema), value, at);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Checks both encodings share

    /** An event the release running then does not declare, or declares it does not write yet, and its unwritten members. */
    private void writtenEvent(Catalog.Declared then, String type, int revision, JsonNode payload, String at) {
        Verdict verdict = currentVerdict;
        String name = type;
        Manifest.Event e = then.aggregate() == null ? null : then.aggregate().events().get(type.substring(type.lastIndexOf('.') + 1));
        Manifest.Revision rev = e == null ? null : e.revisions().get(revision);
        String label = then.release() == null ? "the release then running" : then.label();
        if (rev == null) {
            verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, at + "/name", name + "@" + revision + " is not declared by " + label
                    + ", which ran when the record was written");
        } else if (!rev.written()) {
            verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, at + "/revision", name + "@" + revision + " is declared \"written\": false by "
                    + label + ", which ran when the record was written");
        } else {
            unwrittenMembers(rev.schema().fingerprint(), rev.schema().schema(), payload, at + (at.startsWith("/body") ? "/body" : "/payload"),
                    label, name + "@" + revision);
        }
    }

    private void unwrittenMembers(String fingerprint, JsonNode schema, JsonNode payload, String at, String release, String subject) {
        for (String pointer : unwritten.find(fingerprint, schema, payload, at)) {
            currentVerdict.add(AuditFinding.WRITTEN_NOT_DECLARED, pointer, "property '" + lastToken(pointer) + "' of " + subject
                    + " is declared \"x-wow-written\": false by " + release + ", which ran when the record was written");
        }
    }

    private static String lastToken(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
    }

    private void version(String aggregate, long version, JsonNode content, String at) {
        AuditRecord r = currentVerdict.record;
        VersionWatch.Seen seen = versions.see(new VersionWatch.Key(r.topic(), r.partition(), aggregate), version, contentHash(content));
        switch (seen) {
            case WENT_DOWN -> currentVerdict.add(AuditFinding.AGGREGATE_VERSION_REGRESSED, at, aggregate + " is at version " + version
                    + " after version " + versions.previous() + " in this partition");
            case REPEATED_OTHER_CONTENT -> currentVerdict.add(AuditFinding.AGGREGATE_VERSION_REGRESSED, at, aggregate + " repeats version "
                    + version + " with other events");
            default -> { }
        }
    }
}
