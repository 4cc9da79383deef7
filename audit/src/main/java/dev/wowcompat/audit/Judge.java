package dev.wowcompat.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.text.Counts;
import dev.wowcompat.text.Sizes;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Judges records one by one. It reads each record's value, hands it to the first {@link RecordEncoding} that claims
 * it (the wire protocol's format-1 envelope, or what Wow 8's wow-kafka writes), and counts what the record has. The
 * encodings decide the findings about one record, with the checks they share ({@link SharedChecks}); the findings
 * about values are decided in {@link ValueDrift} (docs/architecture.md, "The audit"). {@link #read} is thread-safe;
 * {@link #judge} is confined to one thread, which judges records in order.
 */
public final class Judge {
    private final Tally tally;
    private final int maxRecordBytes;
    private final VersionWatch versions;
    private final SharedChecks checks;
    /** The encodings a record may be written in, asked in this order: adding one is one line here. */
    private final List<RecordEncoding> encodings;
    /**
     * A member that repeats is refused as the tree is built (its map says the name was there), not by the parser's
     * set of names per object: the same verdict at no cost per member (docs/performance.md, "The audit"). Objects keep
     * their members compactly, in fewer cache lines ({@link CompactMembers}).
     */
    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .nodeFactory(new CompactMembers.Nodes())
            .build();
    private long notedEvictions;
    private long unjudged;
    private String firstUnjudged;

    /**
     * @param deployments the environment's history, or null to judge without one (no release attribution)
     * @param maxRecordBytes larger values are counted as {@code record-too-large}, not parsed
     * @param maxAggregates how many aggregates the version check remembers (docs/audit.md, "Memory")
     */
    public Judge(Catalog catalog, Deployments deployments, Tally tally, PayloadObserver observer, int maxRecordBytes, int maxAggregates) {
        this.tally = tally;
        this.maxRecordBytes = maxRecordBytes;
        this.versions = new VersionWatch(maxAggregates);
        this.checks = new SharedChecks(catalog, deployments, tally, observer, versions);
        this.encodings = List.of(new FormatOneEncoding(checks), new WowEightEncoding(checks));
    }

    /**
     * A record with its value read as JSON, or the one finding that stopped the reading (a tombstone, a value too large,
     * not a JSON object). Reading needs none of the judge's state, so the pass reads and parses records on one thread
     * while it judges the ones before on another (docs/decisions.md, "The audit's speed").
     *
     * @param value the value, an object; null when {@code finding} says why there is none
     * @param failure what the parser threw that it should not have, to be counted as the judge counts its own
     */
    public record ParsedRecord(AuditRecord record, JsonNode value, AuditFinding finding, String message, RuntimeException failure) {
        private static ParsedRecord stopped(AuditRecord record, AuditFinding finding, String message) {
            return new ParsedRecord(record, null, finding, message, null);
        }
    }

    /** Reads one record's value. Thread-safe: the pass calls it on the thread that reads the source. */
    public ParsedRecord read(AuditRecord r) {
        if (r.value() == null) {
            return ParsedRecord.stopped(r, AuditFinding.TOMBSTONE, "a record without value (a tombstone) for key " + r.keyText());
        }
        if (r.value().length > maxRecordBytes) {
            return ParsedRecord.stopped(r, AuditFinding.RECORD_TOO_LARGE, "the value has " + Sizes.show(r.value().length) + ", more than --max-record-bytes "
                    + Sizes.show(maxRecordBytes) + "; it was not judged");
        }
        JsonNode value;
        try {
            value = mapper.readTree(r.value());
        } catch (MismatchedInputException e) {
            // FAIL_ON_READING_DUP_TREE_KEY reports a repeated member so; said in our words, as the Manifest reader does.
            Optional<String> repeated = JsonInput.repeatedKey(e.getOriginalMessage());
            if (repeated.isEmpty()) return ParsedRecord.stopped(r, AuditFinding.MESSAGE_NOT_JSON, Wording.notJson(e));
            return ParsedRecord.stopped(r, AuditFinding.MESSAGE_NOT_JSON, "the value is not JSON a reader can trust: the member '" + repeated.get()
                    + "' appears twice in one object (the second ends at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + "), and readers differ on which of the two they keep");
        } catch (JsonProcessingException e) {
            return ParsedRecord.stopped(r, AuditFinding.MESSAGE_NOT_JSON, Wording.notJson(e));
        } catch (IOException e) {
            return ParsedRecord.stopped(r, AuditFinding.MESSAGE_NOT_JSON, "the value is not JSON: it could not be read as text");
        } catch (RuntimeException e) {
            return new ParsedRecord(r, null, null, null, e);
        }
        if (value == null || value.isMissingNode() || !value.isObject()) {
            return ParsedRecord.stopped(r, AuditFinding.MESSAGE_NOT_JSON, "the value is JSON but not an object ("
                    + (value == null || value.isMissingNode() ? "empty" : value.getNodeType().name().toLowerCase(java.util.Locale.ROOT)) + ")");
        }
        return new ParsedRecord(r, value, null, null, null);
    }

    /**
     * Judges one record read by {@link #read}, and counts what it has; records are judged in their order.
     *
     * @throws AuditException when the registry cannot be reached to look a type up
     */
    public void judge(ParsedRecord read) throws AuditException {
        AuditRecord record = read.record();
        tally.message(record);
        Verdict verdict = new Verdict(record);
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
            verdict.close(tally);
            tally.judged(record);
        }
        if (versions.evicted() > notedEvictions) {
            notedEvictions = versions.evicted();
            tally.note("evicted", "The version check remembers " + versions.capacity() + " aggregates (--max-aggregates); it forgot "
                    + notedEvictions + " to stay within that bound, so a regression of a forgotten aggregate may be missed.");
        }
    }

    /** Judges the records that follow against this history of the environment (read again by a watch). */
    void deployments(Deployments now) {
        checks.deployments(now);
    }

    /**
     * Forgets the versions seen in a partition: its records are read again from another offset (a window the
     * registry refused, a partition assigned anew), and a version seen before must not count as one that went down.
     */
    public void forget(String topic, int partition) {
        versions.forget(topic, partition);
    }

    /** The first encoding that claims the value judges it; a value none claims is of an unknown format. */
    private void judge(AuditRecord r, JsonNode value, Verdict verdict) throws AuditException {
        for (RecordEncoding encoding : encodings) {
            if (encoding.claims(value)) {
                encoding.judge(r, value, verdict);
                return;
            }
        }
        verdict.add(AuditFinding.ENVELOPE_UNKNOWN_FORMAT, "", "the value is neither a format-1 envelope {format, kind, id, type, "
                + "payload} nor what Wow 8's wow-kafka writes {contextName, aggregateName, ...}");
    }
}
