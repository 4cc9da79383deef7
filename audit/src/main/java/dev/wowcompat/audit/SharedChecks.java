package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.SchemaDoc;
import dev.wowcompat.wire.JsonSchemas;
import dev.wowcompat.wire.Violation;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checks every {@link RecordEncoding} shares, whatever the record's form: which release ran when it was written,
 * validation against a release's schemas, what that release declares it does not write yet (written-not-declared),
 * the key, and the aggregate's version within its partition. Confined to the judge's one thread.
 */
final class SharedChecks {
    private final Catalog catalog;
    /** Replaced when a watch reads the environment's history again. */
    private Deployments deployments;
    private final Tally tally;
    private final PayloadObserver observer;
    private final JsonSchemas schemas = new JsonSchemas();
    private final UnwrittenProperties unwritten = new UnwrittenProperties();
    private final VersionWatch versions;

    /** @param deployments the environment's history, or null to judge without one (no release attribution) */
    SharedChecks(Catalog catalog, Deployments deployments, Tally tally, PayloadObserver observer, VersionWatch versions) {
        this.catalog = catalog;
        this.deployments = deployments;
        this.tally = tally;
        this.observer = observer;
        this.versions = versions;
    }

    void deployments(Deployments now) {
        deployments = now;
    }

    Catalog catalog() {
        return catalog;
    }

    Tally tally() {
        return tally;
    }

    PayloadObserver observer() {
        return observer;
    }

    JsonSchemas schemas() {
        return schemas;
    }

    /**
     * The last answer of {@link #releaseThen}, by the instances it was asked with: a topic's records name few aggregates,
     * written under few releases, so the next record almost always asks the same, and gets it without a string built.
     */
    private List<Catalog.Declared> lastDeclared;
    private String lastVersion;
    private Catalog.Declared lastThen;
    private String lastLabel;

    /** The release of the aggregate's service that ran when the record was written, or null (no environment, none ran). */
    Catalog.Declared releaseThen(List<Catalog.Declared> declared, long writtenAt) {
        if (deployments == null || declared.isEmpty()) return null;
        String service = declared.get(declared.size() - 1).release().service();
        Optional<String> version = writtenAt < 0 ? Optional.empty() : deployments.runningAt(service, writtenAt);
        if (version.isEmpty()) {
            tally.release(service + "@(none)");
            return null;
        }
        // The same list of the catalog and the same span's version, as instances: what was found for them stands.
        if (declared == lastDeclared && version.get() == lastVersion) {
            tally.release(lastLabel);
            return lastThen;
        }
        String label = service + "@" + version.get();
        tally.release(label);
        // A release that ran but does not declare this aggregate writes nothing of it (nor reads it).
        Catalog.Declared then = new Catalog.Declared(null, null);
        for (Catalog.Declared d : declared) {
            if (d.release().service().equals(service) && d.release().version().toString().equals(version.get())) {
                then = d;
                break;
            }
        }
        lastDeclared = declared;
        lastVersion = version.get();
        lastThen = then;
        lastLabel = label;
        return then;
    }

    /** The label of the release that ran then, for the payload observer; null when none is known. */
    String labelOf(Catalog.Declared then) {
        if (then == null || then.release() == null) return null;
        return then == lastThen ? lastLabel : then.label();
    }

    List<Violation> validate(String fingerprint, JsonNode schema, JsonNode value, String at) {
        return schemas.violations(schemas.registered(fingerprint, () -> schema), value, at);
    }

    /**
     * The record's key is not the one its encoding keys it by (the caller compares).
     *
     * @param keyedBy the rule, in a sentence that ends with the expected key
     */
    void keyMismatch(Verdict verdict, String keyedBy) {
        String key = verdict.record().keyText();
        verdict.add(AuditFinding.ENVELOPE_KEY_MISMATCH, "", "the key is " + (key == null ? "absent" : "'" + key + "'") + "; " + keyedBy);
    }

    /** An event the release running then does not declare, or declares it does not write yet, and its unwritten members. */
    void writtenEvent(Verdict verdict, Catalog.Declared then, String type, int revision, JsonNode payload, String at) {
        Manifest.Event e = then.aggregate() == null ? null : then.aggregate().events().get(type.substring(type.lastIndexOf('.') + 1));
        Manifest.Revision rev = e == null ? null : e.revisions().get(revision);
        if (rev == null) {
            verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, at + "/name", type + "@" + revision + " is not declared by " + releaseWord(then)
                    + ", which ran when the record was written");
        } else if (!rev.written()) {
            verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, at + "/revision", type + "@" + revision + " is declared \"written\": false by "
                    + releaseWord(then) + ", which ran when the record was written");
        } else if (unwritten.marksAny(rev.schema())) {
            unwrittenMembers(verdict, rev.schema(), payload, at + (at.startsWith("/body") ? "/body" : "/payload"), releaseWord(then), type + "@" + revision);
        }
    }

    private String releaseWord(Catalog.Declared then) {
        return then.release() == null ? "the release then running" : labelOf(then);
    }

    /**
     * A command the release running then declares {@code "written": false}, or the members of its body that release
     * declares it does not write yet.
     *
     * @param name the command's name in its aggregate; {@code type} with the aggregate
     * @param typeAt where the record names the command; {@code bodyAt} where its body is
     */
    void writtenCommand(Verdict verdict, Catalog.Declared then, String name, String type, JsonNode body, String typeAt, String bodyAt) {
        if (then == null || then.aggregate() == null) return;
        Manifest.Command c = then.aggregate().commands().get(name);
        if (c == null) return;
        if (!c.written()) {
            verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, typeAt, type + " is declared \"written\": false by " + labelOf(then)
                    + ", which ran when the record was written");
        } else if (unwritten.marksAny(c.schema())) {
            unwrittenMembers(verdict, c.schema(), body, bodyAt, labelOf(then), type);
        }
    }

    /** The members of an aggregate's state that the release running then declares it does not write yet. */
    void writtenState(Verdict verdict, Catalog.Declared then, String aggregate, JsonNode state, String at) {
        if (then == null || then.aggregate() == null || then.aggregate().state().isEmpty()) return;
        SchemaDoc schema = then.aggregate().state().get().schema();
        if (unwritten.marksAny(schema)) unwrittenMembers(verdict, schema, state, at, labelOf(then), aggregate + "'s state");
    }

    /** Only for a schema that marks a member unwritten ({@link UnwrittenProperties#marksAny}): most mark none, and cost no walk. */
    private void unwrittenMembers(Verdict verdict, SchemaDoc schema, JsonNode payload, String at, String release, String subject) {
        for (String pointer : unwritten.find(schema.schema(), payload, at)) {
            verdict.add(AuditFinding.WRITTEN_NOT_DECLARED, pointer, "property '" + lastToken(pointer) + "' of " + subject
                    + " is declared \"x-wow-written\": false by " + release + ", which ran when the record was written");
        }
    }

    private static String lastToken(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
    }

    /** An aggregate's version that went down, or repeated with other content, within the record's partition. */
    void version(Verdict verdict, String aggregate, long version, JsonNode content, String at) {
        AuditRecord r = verdict.record();
        VersionWatch.Seen seen = versions.see(new VersionWatch.Key(r.topic(), r.partition(), aggregate), version, contentHash(content, Fnv1a.OFFSET_BASIS));
        switch (seen) {
            case WENT_DOWN -> verdict.add(AuditFinding.AGGREGATE_VERSION_REGRESSED, at, aggregate + " is at version " + version
                    + " after version " + versions.previous() + " in this partition");
            case REPEATED_OTHER_CONTENT -> verdict.add(AuditFinding.AGGREGATE_VERSION_REGRESSED, at, aggregate + " repeats version "
                    + version + " with other events");
            default -> { }
        }
    }

    /**
     * A hash of the node's content, walked in document order (as its JSON text would be hashed, without writing the
     * text: the version check hashes every commit).
     */
    private static long contentHash(JsonNode node, long hash) {
        long h = Fnv1a.mix(hash, node.getNodeType().ordinal());
        if (node.isObject()) {
            h = Fnv1a.mix(h, node.size());
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                h = Fnv1a.mix(h, e.getKey());
                h = contentHash(e.getValue(), h);
            }
        } else if (node.isArray()) {
            h = Fnv1a.mix(h, node.size());
            for (JsonNode element : node) h = contentHash(element, h);
        } else if (node.isIntegralNumber() && node.canConvertToLong()) {
            h = Fnv1a.mix(h, node.longValue());
        } else if (node.isValueNode()) {
            // 1.0 and 1 stay apart, as in their JSON text; the kind is folded in apart from the text, so no text is built.
            h = Fnv1a.mix(Fnv1a.step(h, node.isNumber() ? 'n' : 't'), node.asText());
        }
        return h;
    }
}
