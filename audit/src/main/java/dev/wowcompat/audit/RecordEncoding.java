package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One way a record's value may be written: the wire protocol's format-1 envelope ({@link FormatOneEncoding}), or
 * what Wow 8's wow-kafka writes ({@link WowEightEncoding}). The judge asks each registered encoding, in its order,
 * whether a value is its own, and lets the first that claims it judge the record (docs/architecture.md, "The audit").
 * An encoding is confined to the judge's one thread.
 */
interface RecordEncoding {
    /** Whether the value, a JSON object, is written in this encoding (by its members, not by its validity). */
    boolean claims(JsonNode value);

    /**
     * Judges the record, adding what it has to the verdict.
     *
     * @throws AuditException when the registry cannot be reached to look a type up
     */
    void judge(AuditRecord record, JsonNode value, Verdict verdict) throws AuditException;
}
