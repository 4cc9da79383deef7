package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.wire.Violation;
import dev.wowcompat.wire.WireRefusal;
import dev.wowcompat.wire.WireStructure;
import dev.wowcompat.wire.WireValidator;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire protocol's format-1 envelope (schemas/wire/envelope.schema.json): its format, kind, headers, topic, key
 * and the partition of commands, then what it carries against the registered releases, with the checks of
 * {@code POST /validate} ({@link WireValidator}, the same code) and the state's fingerprint as
 * {@code POST /verify/state} reads it.
 */
final class FormatOneEncoding implements RecordEncoding {
    /** The framework's own error codes, known to every reader. */
    private static final String FRAMEWORK_CODES = "wow.";
    private static final java.util.regex.Pattern WELL_FORMED_FINGERPRINT = java.util.regex.Pattern.compile("[0-9a-f]{64}");
    private static final String FORMAT_HEADER = Integer.toString(WireStructure.KNOWN_FORMAT);

    private final SharedChecks checks;
    private final Catalog catalog;
    private final Tally tally;
    private final PayloadObserver observer;
    private final WireValidator wire;

    FormatOneEncoding(SharedChecks checks) {
        this.checks = checks;
        this.catalog = checks.catalog();
        this.tally = checks.tally();
        this.observer = checks.observer();
        this.wire = new WireValidator(checks.schemas());
    }

    @Override
    public boolean claims(JsonNode value) {
        return value.has("kind") || value.has("format");
    }

    @Override
    public void judge(AuditRecord record, JsonNode value, Verdict verdict) throws AuditException {
        new Judging(record, value, verdict).judge();
    }

    private static String refText(JsonNode ref) {
        JsonNode type = ref.path("type");
        if (!type.path("context").isTextual() || !type.path("name").isTextual() || !ref.path("tenantId").isTextual()) return null;
        String id = ref.path("id").isTextual() ? ref.get("id").asText() : null;
        return type.get("context").asText() + "." + type.get("name").asText() + "/" + ref.get("tenantId").asText() + "/" + id;
    }

    /** One record being judged: the record, its value, what it has. */
    private final class Judging {
        private final AuditRecord r;
        private final JsonNode v;
        private final Verdict verdict;

        Judging(AuditRecord r, JsonNode v, Verdict verdict) {
            this.r = r;
            this.v = v;
            this.verdict = verdict;
        }

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
            verdict.about(type);
            headers(kind, type);
            JsonNode payload = v.path("payload");
            if (type != null) topic(kind, type);
            String aggregate = type == null ? null : Catalog.aggregateOf(type);
            List<Catalog.Declared> declared = aggregate == null ? List.of() : catalog.aggregate(aggregate);
            if (type != null && declared.isEmpty()) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, "/type", "no registered release declares " + aggregateWord(kind) + " " + type);
            }
            long writtenAt = r.timestamp() >= 0 ? r.timestamp() : payload.path("commitTime").asLong(-1);
            Catalog.Declared then = checks.releaseThen(declared, writtenAt);
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
                // An event's finding is about the event's type (its subject is type@revision), the others about the record's.
                int at = f.subject() == null ? -1 : f.subject().lastIndexOf('@');
                verdict.about(at > 0 ? f.subject().substring(0, at) : type);
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
            verdict.about(type);
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
            if (expected != null && !r.keyIs(expected)) checks.keyMismatch(verdict, what + " is keyed by '" + expected + "'");
        }

        private void stateEvent(JsonNode payload, String aggregate, List<Catalog.Declared> declared, Catalog.Declared then, long writtenAt) {
            String ref = refText(payload.path("ref"));
            key(ref, "a state event");
            JsonNode state = payload.path("state");
            String fingerprint = state.path("schemaFingerprint").isTextual() ? state.get("schemaFingerprint").asText() : null;
            String release = checks.labelOf(then);
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
                verdict.about(name);
                if (then != null && registered(declared, name, revision)) checks.writtenEvent(verdict, then, name, revision, e.path("payload"), at);
                verdict.about(aggregate);
                observer.observe(new PayloadObserver.Observed("event", name, revision, release, writtenAt, e.path("payload")));
            }
            if (state.isObject() && state.has("state")) {
                checks.writtenState(verdict, then, aggregate, state.get("state"), "/payload/state/state");
                observer.observe(new PayloadObserver.Observed("state", aggregate, 0, release, writtenAt, state.get("state")));
            }
            if (ref != null && payload.path("version").canConvertToLong()) {
                checks.version(verdict, ref, payload.get("version").asLong(), events, "/payload/version");
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
            String release = checks.labelOf(then);
            if (type != null && payload.path("body").isObject()) {
                checks.writtenCommand(verdict, then, type.substring(type.lastIndexOf('.') + 1), type, payload.get("body"), "/payload/type", "/payload/body");
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
}
