package dev.wowcompat.audit;

import dev.wowcompat.drift.DriftKind;
import dev.wowcompat.rules.Severity;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every finding the audit can report: one row per id, with its severity and what it means, as the rules of
 * {@code check} are one row each. The id is stable (waivers and dashboards name it); each has a section in
 * docs/audit.md saying what a reader suffers and how to fix it, and a column saying what it is about: one record
 * (decided by the record's {@link RecordEncoding} or the checks they share, {@link SharedChecks}) or the values of a
 * field (decided in value-profiles' DriftKind, mapped by {@link ValueDrift}).
 */
public enum AuditFinding implements ReportedFinding {
    MESSAGE_NOT_JSON("message-not-json", About.RECORD, Severity.BREAKING,
            "the value is not a JSON object: no reader can decode it"),
    RECORD_TOO_LARGE("record-too-large", About.RECORD, Severity.WARNING,
            "the value is larger than --max-record-bytes; it was counted, not judged"),
    ENVELOPE_UNKNOWN_FORMAT("envelope-unknown-format", About.RECORD, Severity.BREAKING,
            "the value is no envelope format a reader knows (format 1, or what Wow 8's wow-kafka writes)"),
    ENVELOPE_UNKNOWN_KIND("envelope-unknown-kind", About.RECORD, Severity.BREAKING,
            "the envelope's kind is none of state-event, command, command-receipt: a reader refuses it"),
    ENVELOPE_INVALID("envelope-invalid", About.RECORD, Severity.BREAKING,
            "the envelope, or the structure it carries, does not match its wire schema (schemas/wire/)"),
    ENVELOPE_HEADER_MISMATCH("envelope-header-mismatch", About.RECORD, Severity.BREAKING,
            "a wow-format, wow-kind or wow-type header is missing or disagrees with the value"),
    ENVELOPE_TOPIC_MISMATCH("envelope-topic-mismatch", About.RECORD, Severity.BREAKING,
            "the kind or type does not belong on this topic"),
    ENVELOPE_KEY_MISMATCH("envelope-key-mismatch", About.RECORD, Severity.BREAKING,
            "the key is not the aggregate reference the protocol keys the record by"),
    ENVELOPE_PARTITION_MISMATCH("envelope-partition-mismatch", About.RECORD, Severity.BREAKING,
            "a command is not in the partition the protocol's 64-bit FNV-1a hash of its aggregate assigns"),
    TYPE_UNREGISTERED("type-unregistered", About.RECORD, Severity.BREAKING,
            "no registered release declares the aggregate, command or event type"),
    EVENT_REVISION_UNREGISTERED("event-revision-unregistered", About.RECORD, Severity.BREAKING,
            "the event type is registered, but not at this revision"),
    PAYLOAD_INVALID("payload-invalid", About.RECORD, Severity.BREAKING,
            "an event payload, a state or a command body does not validate against its registered schema"),
    ERROR_CODE_UNREGISTERED("error-code-unregistered", About.RECORD, Severity.WARNING,
            "a receipt's error code is not declared by the target aggregate (nor one of the framework's wow.* codes)"),
    STATE_FINGERPRINT_UNKNOWN("state-fingerprint-unknown", About.RECORD, Severity.BREAKING,
            "no registered release has this fingerprint as the aggregate's state schema"),
    STATE_FINGERPRINT_NOT_DEPLOYED("state-fingerprint-not-deployed", About.RECORD, Severity.WARNING,
            "the fingerprint is registered, but is not the state schema of the release running when the record was written"),
    WRITTEN_NOT_DECLARED("written-not-declared", About.RECORD, Severity.BREAKING,
            "the record carries what the release running then declares it does not write yet"),
    AGGREGATE_VERSION_REGRESSED("aggregate-version-regressed", About.RECORD, Severity.BREAKING,
            "within a partition, an aggregate's version went down, or repeated with other content"),
    TOMBSTONE("tombstone", About.RECORD, Severity.INFO,
            "a record without value (a tombstone): counted, nothing to judge"),
    // The findings about values: drawn from the profiles of the pass at each deployment, not from one record.
    // Their ids and severities are DriftKind's (value-profiles), the one place that decides them; ValueDrift maps them.
    MEANING_DRIFT("meaning-drift", About.VALUES, DriftKind.MEANING_DRIFT.severity(),
            "the magnitude of a number's values moved by a factor of 10 or more at a deployment: same name, same type, another unit"),
    FORMAT_DRIFT("format-drift", About.VALUES, DriftKind.FORMAT_DRIFT.severity(),
            "the format most of a string field's values have changed at a deployment (an RFC 3339 date became epoch digits)"),
    CODE_LIST_DRIFT("code-list-drift", About.VALUES, DriftKind.CODE_LIST_DRIFT.severity(),
            "the frequent values of a code list without enum vanished at a deployment and new ones appeared"),
    DECLARED_MEANING_CONTRADICTED("declared-meaning-contradicted", About.VALUES, DriftKind.DECLARED_MEANING_CONTRADICTED.severity(),
            "the values a release wrote contradict the unit or format its Manifest declares for the field");

    /** The finding of the audit's report for a drift finding's kind. */
    public static AuditFinding of(DriftKind kind) {
        return switch (kind) {
            case MEANING_DRIFT -> MEANING_DRIFT;
            case FORMAT_DRIFT -> FORMAT_DRIFT;
            case CODE_LIST_DRIFT -> CODE_LIST_DRIFT;
            case DECLARED_MEANING_CONTRADICTED -> DECLARED_MEANING_CONTRADICTED;
        };
    }

    /**
     * Whether the finding is decided against the release that ran when the record was written, or at a deployment:
     * without {@code --environment} it is not checked at all.
     */
    public boolean needsEnvironment() {
        return switch (this) {
            case STATE_FINGERPRINT_NOT_DEPLOYED, WRITTEN_NOT_DECLARED, MEANING_DRIFT, FORMAT_DRIFT, CODE_LIST_DRIFT -> true;
            default -> false;
        };
    }

    /** What a finding is about: one record, or the values of a field across records (counted in fields). */
    public enum About { RECORD, VALUES }

    private final About about;
    private final Entry entry;

    AuditFinding(String id, About about, Severity severity, String summary) {
        this.about = about;
        this.entry = new Entry(id, severity, summary, about == About.VALUES);
    }

    @Override
    public Entry entry() {
        return entry;
    }

    public About about() {
        return about;
    }

    public static Optional<AuditFinding> byId(String id) {
        return Arrays.stream(values()).filter(f -> f.id().equals(id)).findFirst();
    }
}
