package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.wire.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What Wow 8's wow-kafka writes: its JsonSerializer form of DomainEventStream, StateEvent and CommandMessage
 * ({@code contextName}, {@code aggregateName}, {@code body}, ...), judged against the registered releases: topic,
 * key, the events' revision labels and payloads, the state, the command's body.
 */
final class WowEightEncoding implements RecordEncoding {
    private final SharedChecks checks;
    private final Catalog catalog;
    private final PayloadObserver observer;

    WowEightEncoding(SharedChecks checks) {
        this.checks = checks;
        this.catalog = checks.catalog();
        this.observer = checks.observer();
    }

    @Override
    public boolean claims(JsonNode value) {
        return value.has("contextName") && value.has("aggregateName");
    }

    @Override
    public void judge(AuditRecord record, JsonNode value, Verdict verdict) throws AuditException {
        new Judging(record, value, verdict).judge();
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
            String context = v.path("contextName").asText();
            String name = v.path("aggregateName").asText();
            String aggregate = context + "." + name;
            verdict.about(aggregate);
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
            Catalog.Declared then = checks.releaseThen(declared, writtenAt);
            Catalog.Declared newest = then != null && then.release() != null ? then : declared.get(declared.size() - 1);
            String release = checks.labelOf(then);
            String expected = "wow." + newest.release().contextAlias(context) + "." + name + "." + suffix;
            if (!r.topic().equals(expected)) {
                verdict.add(AuditFinding.ENVELOPE_TOPIC_MISMATCH, "/aggregateName", "a " + (suffix.equals("event") ? "domain event stream"
                        : suffix.equals("state") ? "state event" : "command") + " of " + aggregate + " belongs on " + expected + ", not on " + r.topic());
            }
            String id = v.path("aggregateId").isTextual() ? v.get("aggregateId").asText() : null;
            if (id != null && !r.keyIs(id)) checks.keyMismatch(verdict, "wow-kafka keys a message of " + aggregate + " by its aggregate id '" + id + "'");
            switch (suffix) {
                case "command" -> command(aggregate, declared, then, release, writtenAt);
                default -> {
                    for (int i = 0; i < body.size(); i++) {
                        event(aggregate, declared, then, release, writtenAt, body.get(i), "/body/" + i);
                        verdict.about(aggregate);
                    }
                    if (suffix.equals("state")) state(aggregate, declared, then, release, writtenAt);
                    if (id != null && v.path("version").canConvertToLong()) {
                        checks.version(verdict, aggregate + "/" + v.path("tenantId").asText() + "/" + id, v.get("version").asLong(), body, "/version");
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
            verdict.about(type);
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
                List<Violation> v = checks.validate(rev.schema().fingerprint(), rev.schema().schema(), payload, at + "/body");
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
            if (then != null && revision > 0) checks.writtenEvent(verdict, then, type, revision, payload, at);
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
                List<Violation> found = checks.validate(s.schema().fingerprint(), s.schema().schema(), state, "/state");
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
            checks.writtenState(verdict, then, aggregate, state, "/state");
            observer.observe(new PayloadObserver.Observed("state", aggregate, 0, release, writtenAt, state));
        }

        private void command(String aggregate, List<Catalog.Declared> declared, Catalog.Declared then, String release, long writtenAt) {
            String name = v.path("name").asText();
            String type = aggregate + "." + name;
            verdict.about(type);
            Manifest.Command command = null;
            for (Catalog.Declared d : preferred(declared, then)) {
                command = d.aggregate().commands().get(name);
                if (command != null) break;
            }
            if (command == null) {
                verdict.add(AuditFinding.TYPE_UNREGISTERED, "/name", "no registered release declares the command type " + type);
                return;
            }
            List<Violation> found = checks.validate(command.schema().fingerprint(), command.schema().schema(), v.get("body"), "/body");
            if (!found.isEmpty()) verdict.add(AuditFinding.PAYLOAD_INVALID, found.get(0).pointer(), type + ": " + found.get(0).message());
            checks.writtenCommand(verdict, then, name, type, v.get("body"), "/name", "/body");
            observer.observe(new PayloadObserver.Observed("command", type, 0, release, writtenAt, v.get("body")));
        }
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
}
