package dev.wowcompat.rules;

import java.util.Arrays;
import java.util.Optional;

/**
 * The rule catalogue: one row per kind of change, with its stable id, default severity, one-line purpose
 * and the additive way to make the same change. Ids are part of the contract (docs/rules.md): never rename one.
 *
 * <p>What each rule says is here; where it is decided, and the levels it applies at, is its row of the registration
 * table, {@code check.RuleRegistry} (docs/architecture.md, "Rules and their detectors").
 */
public enum Rule {
    TYPE_REMOVED("type-removed", Severity.BREAKING,
            "a command, event, aggregate or state schema present before is gone",
            "Keep the type. Stop sending or emitting it, mark it deprecated in its description, and leave its schema in the Manifest for ever.",
            "clients and consumers built on the earlier Manifest, which still send or read the type",
            null),
    REVISION_REMOVED("revision-removed", Severity.BREAKING,
            "an event revision present before is gone (old facts still carry it)",
            "Keep the revision and its schema: stored events of that revision are facts and will be read again on replay. A change goes in a new revision with upgradesFrom and \"written\": false in this release, written from the next minor release."),
    REVISION_CHANGED("revision-changed", Severity.BREAKING,
            "an existing revision's schema changed in a way that is not additive",
            "Leave the existing revision as it was and publish the change as a new revision with upgradesFrom naming this one and \"written\": false in this release; write the new revision from the next minor release."),
    REVISION_WITHOUT_UPGRADE("revision-without-upgrade", Severity.BREAKING,
            "a new revision with no upgradesFrom, or one naming a revision that does not exist",
            "Give the new revision \"upgradesFrom\": the number of an existing, lower revision of the same event, and \"written\": false in this release; write it from the next minor release."),
    ERROR_CODE_REMOVED("error-code-removed", Severity.BREAKING,
            "an error code clients may match on is gone",
            "Keep the error code in the Manifest even if the service no longer raises it; clients still match on it.",
            "clients built on the earlier Manifest, which match on the code",
            null),
    FIELD_REMOVED("field-removed", Severity.BREAKING,
            "a property present before is gone",
            "Keep the property: stop writing it, mark it \"deprecated\": true with \"x-wow-written\": false, and give it a default readers can fall back to."),
    FIELD_RENAMED("field-renamed", Severity.BREAKING,
            "a property was removed and another with the same schema added in the same object: a rename",
            "Keep the old property and add the new one alongside it with the same schema, a \"default\" and \"x-wow-written\": false in this release; populate both from the next minor release, and never remove the old one."),
    TYPE_RENAMED("type-renamed", Severity.BREAKING,
            "a command or event was removed and another with the same schema added: a rename",
            "Keep the old type and add the new one alongside it with \"written\": false in this release; emit or accept both from the next minor release, and never remove the old one."),
    FIELD_TYPE_CHANGED("field-type-changed", Severity.BREAKING,
            "the JSON type of a property changed (widening integer to number included: old readers break)",
            "Leave the property's type as it is and add a new optional property with a new name and the new type, a \"default\" and \"x-wow-written\": false in this release; write both from the next minor release."),
    MEANING_CHANGED("meaning-changed", Severity.BREAKING,
            "format, x-wow-unit, x-wow-meaning, default, $ref target, const, multipleOf or contentEncoding changed",
            "A field's meaning never changes: add a new optional property with a new name for the new meaning (e.g. timestampMs), a \"default\" and \"x-wow-written\": false in this release, and keep writing the old one as it was; write the new one from the next minor release."),
    FIELD_REQUIRED_ADDED("field-required-added", Severity.BREAKING,
            "a new property is required, or an existing optional one became required",
            "Make the property optional with a \"default\": old writers do not send it, and stored data does not have it. A new property also needs \"x-wow-written\": false in this release, written from the next minor release."),
    FIELD_DEFAULT_MISSING("field-default-missing", Severity.BREAKING,
            "a new property has no default (new readers of old data need one)",
            "Give the new property a \"default\" (a nullable property may default to null) and \"x-wow-written\": false in this release; write it from the next minor release."),
    CONSTRAINT_TIGHTENED("constraint-tightened", Severity.BREAKING,
            "new readers reject old data: maxLength down, minimum up, pattern changed, enum value removed, items narrowed ...",
            "Keep the old constraint on this property; enforce the stricter rule where new data is made (in the command handler), not in the schema."),
    CONSTRAINT_LOOSENED("constraint-loosened", Severity.BREAKING,
            "old readers reject new data: maxLength up, minimum down, oneOf branch added ...",
            "Keep the old constraint on this property and put values outside it in a new optional property that old readers ignore, with a \"default\" and \"x-wow-written\": false in this release; write it from the next minor release."),
    ENUM_VALUE_ADDED("enum-value-added", Severity.WARNING,
            "old readers meet an enum value they do not know",
            "No Manifest keyword stages one enum value: keep writing values old readers know, and carry the new case in a new optional property with a \"default\" and \"x-wow-written\": false in this release (written from the next minor release). Add the value itself only once every reader maps unknown values to a default."),
    CLOSED_CONTENT_MODEL("closed-content-model", Severity.WARNING,
            "additionalProperties or unevaluatedProperties is false: old readers reject every future addition",
            "Leave objects open (drop \"additionalProperties\": false); readers ignore what they do not know, and a new property then comes the additive way (a \"default\" and \"x-wow-written\": false in this release). If the object is already closed, add no property to it: add a new type instead."),
    WRITTEN_BEFORE_READ("written-before-read", Severity.BREAKING,
            "an event type, event revision, or event/state property is written in this release but the previous release of this major did not read it",
            "Stage it: release it first with \"written\": false (types, revisions) or \"x-wow-written\": false (properties) so the previous release reads it, and write it from the next minor release."),
    PATCH_CHANGES_SCHEMA("patch-changes-schema", Severity.WARNING,
            "a patch release changes a schema",
            "Release a schema change as a new minor version (a new property there comes with a \"default\" and \"x-wow-written\": false); patch releases keep every schema as it was."),
    COMMAND_FIELD_UNSTAGED("command-field-unstaged", Severity.WARNING,
            "a new command property is not staged: during a rolling upgrade an old node ignores it",
            "Add the property with a \"default\" and \"x-wow-written\": false first so every node reads it, and let clients send it from the next minor release.",
            "a node of the previous release, receiving the command from a client of the new one during a rolling upgrade",
            null),
    STATE_VIEW_CHANGED("state-view-changed", Severity.INFO,
            "the state schema changed: snapshots with the old fingerprint will be rebuilt",
            "Nothing to do for an unpublished state view; plan for snapshots to be rebuilt from the events."),
    MAJOR_BREAKING_CHANGE("major-breaking-change", Severity.INFO,
            "a breaking change in a new major version: allowed, needs data migration",
            "Ship a migration that converts stored data written by the previous major version; a change made the additive way (the property kept, \"deprecated\": true, \"x-wow-written\": false) needs none."),
    // The rules of "can I deploy?" (docs/decisions.md, "Can I deploy?"): a registered release against the releases running in one environment.
    SKIPPED_STAGING_RELEASE("skipped-staging-release", Severity.BREAKING,
            "the candidate writes an event type, revision or property that the release of its service running in the environment does not read: the release that stages it never ran there",
            "Deploy the release that reads it (the one that staged it, \"written\": false) to this environment first and let it roll out everywhere; then deploy this one.",
            "the release of the service running in the environment, reading what the candidate writes during the roll",
            null),
    ROLLBACK_UNREAD("rollback-unread", Severity.BREAKING,
            "a rollback: the candidate does not read an event type or revision that the newer release running in the environment writes",
            "Roll back to a release that reads everything the running one writes (one that staged it), or roll forward with a fix instead.",
            "the release rolled back to, reading what the newer release running in the environment wrote",
            null),
    CONSUMER_LAGS("consumer-lags", Severity.BREAKING,
            "an event revision the producer writes is not among the revisions a consumer running in the environment reads",
            "Deploy a release of the consumer that reads the revision (its Manifest's consumes lists it) first; until it runs there, keep writing the revision the consumer reads.",
            "the consumer running in the environment, reading what the candidate writes",
            "the candidate, reading what the producer running in the environment writes"),
    CONSUMED_STATE_UNPUBLISHED("consumed-state-unpublished", Severity.BREAKING,
            "a consumer running in the environment reads an aggregate's state that the producer does not publish",
            "Keep the state published (\"published\": true, changed only the additive way) while any consumer reads it, or release the consumer without it in its consumes first.",
            "the consumer running in the environment, reading the state the candidate publishes",
            "the candidate, reading the state a producer running in the environment publishes"),
    SENT_COMMAND_UNREAD("sent-command-unread", Severity.BREAKING,
            "a service running in the environment sends a command that its target does not accept, or no longer accepts as it was sent",
            "Keep the command, and what the release it replaces accepted in it, until no sender running there sends it: deploy the senders that stopped sending it first.",
            "the command's target running in the environment, reading what the candidate sends",
            "the candidate, reading the commands the senders running in the environment send"),
    MAJOR_CHANGE_REACHES_CONSUMER("major-change-reaches-consumer", Severity.BREAKING,
            "a breaking change of a new major version reaches a consumer running in the environment that reads the changed event revision or state",
            "Make the change the additive way instead (a new revision with upgradesFrom, a new property), or first deploy the consumer's release that no longer reads what changes; a major version's migration converts stored data, not other services' readers.",
            "the consumer running in the environment, reading what the new major version writes",
            null),
    NOTHING_RUNS_THERE("nothing-runs-there", Severity.WARNING,
            "the candidate reads an event or state, or sends a command, that no service running in the environment writes or handles",
            "Nothing breaks: the candidate waits for what nobody writes yet. Deploy the producer (or the command's target) to this environment when it is needed."),
    CONSUMED_TYPE_DRIFTED("consumed-type-drifted", Severity.WARNING,
            "the candidate reads an event revision or state whose values drifted in the environment (a meaning, format or code-list drift found at a deployment of its producer)",
            "Nothing is refused: the candidate may be the fix. Make sure it reads the values as they are written now and as they were stored before the drift; the producer's fix is to write the old meaning again and the new one under a new name."),
    // The rules that answer from the wire: what the watch (or an audit) saw written in the environment, kept by the registry.
    WIRE_UNREAD("wire-unread", Severity.BREAKING,
            "the candidate, a rollback target included, does not read an event revision, a command or a state that the environment's wire has carried since the candidate last ran there",
            "Deploy a release that reads what the wire carried (one that declares the event revision, command or state, or consumes it), or roll forward with a fix instead; records already written stay on the topic and are read again on replay.",
            "the candidate, meeting the records the wire carried in the environment since it last ran there",
            null),
    WIRE_FINDINGS_OPEN("wire-findings-open", Severity.WARNING,
            "the release of the candidate's service running in the environment has breaking findings on the wire",
            "Nothing is refused: the candidate may be the fix. Read the findings (GET /environments/{env}/wire) and make sure the candidate writes only what it declares; the findings stay counted against the release that wrote them."),
    // The rule that answers from the candidate's own replay, kept by the registry with the release (docs/replay.md).
    REPLAY_FOUND_BREAKING("replay-found-breaking", Severity.BREAKING,
            "the replay of the candidate, kept with its release, rebuilt recorded state differently or could not read recorded events (a breaking replay finding)",
            "Fix the candidate's code the additive way (a new member for the new meaning, the old one keeping its own; a guarded, registered upgrader), register it as a new version and replay it again; a finding that is intended is waived in the replay with --ignore and its reason.",
            null,
            "the candidate, rebuilding its aggregates' state from the events its earlier releases stored");

    private final String id;
    private final Severity severity;
    private final String purpose;
    private final String fix;
    private final String oldReaders;
    private final String newReaders;

    Rule(String id, Severity severity, String purpose, String fix) {
        this(id, severity, purpose, fix, null, null);
    }

    /**
     * A rule whose readers are not the general ones: {@code oldReaders} and {@code newReaders} say who they are, for
     * findings that break old readers and new readers (null: the general words). The general words are about two
     * releases of one service: the previous one reading what the new one writes, the new one reading stored data.
     * They name the wrong reader where the reader is a client, a node receiving a command, or, in "Can I deploy?",
     * a release running in the environment, or the candidate itself (a rollback's, a consumer's).
     */
    Rule(String id, Severity severity, String purpose, String fix, String oldReaders, String newReaders) {
        this.id = id;
        this.severity = severity;
        this.purpose = purpose;
        this.fix = fix;
        this.oldReaders = oldReaders;
        this.newReaders = newReaders;
    }

    /** The stable kebab-case id, as written in reports, waivers and docs/rules.md. */
    public String id() {
        return id;
    }

    /** Severity under the ADDITIVE policy. */
    public Severity severity() {
        return severity;
    }

    public String purpose() {
        return purpose;
    }

    /** The general additive fix; findings may carry a more specific one. */
    public String fix() {
        return fix;
    }

    /**
     * The fix for a plain JSON Schema ({@code check-schema}), which has versions but no releases to stage across and no
     * Manifest keywords: the same change made so that every version's documents still validate where the level asks.
     */
    public String plainFix() {
        return switch (this) {
            case FIELD_REMOVED -> "Keep the property in the new version; if it is no longer used, leave it optional and say in its"
                    + " description that it is deprecated: documents and readers of the earlier versions still have it.";
            case FIELD_RENAMED -> "Keep the old property and add the new one beside it, optional, with the same schema; never"
                    + " remove the old one while documents or readers of the earlier versions have it.";
            case FIELD_TYPE_CHANGED -> "Leave the property's type as it is and add a new optional property with a new name for"
                    + " values of the new type.";
            case FIELD_REQUIRED_ADDED -> "Leave the property out of \"required\" and give it a \"default\": documents of the"
                    + " earlier versions do not have it.";
            case FIELD_DEFAULT_MISSING -> "Give the new property a \"default\" (a nullable property may default to null):"
                    + " documents of the earlier versions do not have it.";
            case CONSTRAINT_TIGHTENED -> "Keep the earlier constraint: documents that met it must still validate. Enforce the"
                    + " stricter rule where documents are made, not in the schema.";
            case CONSTRAINT_LOOSENED -> "Keep the earlier constraint, which readers of the earlier versions enforce, and put"
                    + " values outside it in a new optional property that they ignore.";
            case ENUM_VALUE_ADDED -> "Readers of the earlier versions reject the new value: keep the enumeration as it was and"
                    + " carry the new case in a new optional property, or add the value once every reader accepts unknown values.";
            case CLOSED_CONTENT_MODEL -> "Leave objects open (drop \"additionalProperties\": false) so that readers of this"
                    + " version accept properties added later; to an object closed already, add no property: define a new schema.";
            case MEANING_CHANGED -> "A property's meaning never changes: keep it as it was and add a new optional property with"
                    + " a new name for the new meaning (e.g. timestampMs).";
            default -> fix;
        };
    }

    /**
     * Who a finding of this rule breaks, in the rule's own words, when the rule has its own for these readers; empty
     * when the general words ({@link Readers#words()}) apply (docs/decisions.md, "The demo and first contact").
     */
    public Optional<String> readers(Readers readers) {
        if (readers == Readers.NONE || (oldReaders == null && newReaders == null)) return Optional.empty();
        if (readers == Readers.OLD_READERS) return Optional.ofNullable(oldReaders).map(who -> "old readers (" + who + ")");
        if (readers == Readers.NEW_READERS) return Optional.ofNullable(newReaders).map(who -> "new readers (" + who + ")");
        return Optional.of("old and new readers (" + (oldReaders != null ? oldReaders : Readers.PREVIOUS_RELEASE) + ", and "
                + (newReaders != null ? newReaders : Readers.NEW_RELEASE) + ")");
    }

    public static Optional<Rule> byId(String id) {
        return Arrays.stream(values()).filter(r -> r.id.equals(id)).findFirst();
    }
}
