package dev.wowcompat.store;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the Confluent-compatible API keeps and reads (docs/ccompat.md): the subjects of registered types, read from the
 * releases, and the plain subjects a team registers through that API, with their levels and the integer ids of
 * schemas. An id is given once to a fingerprint, in a transaction of its own or of the registration, and never reused.
 */
public interface SchemaSubjects {

    /** One version of a subject: its number, schema and id; {@code revision} is the event revision (0 for other kinds and plain subjects). */
    record SubjectVersion(String subject, int version, String fingerprint, long id, int revision, boolean deleted, String canonical) {}

    /** A schema by id. */
    record IdentifiedSchema(long id, String fingerprint, String canonical) {}

    /** Where a plain subject stands when a schema is registered to it, inside the registration's transaction. */
    record PlainHistory(List<SubjectVersion> live, String subjectLevel, String globalLevel) {}

    /** A registration's outcome: the id and version given or found, or why it was refused. */
    record Registered(Outcome outcome, long id, int version, String refusal) {
        public enum Outcome { CREATED, EXISTING, REFUSED }
    }

    /** Type names of registered releases that have a schema, starting with {@code prefix}, sorted, at most {@code limit}. */
    List<String> typeSubjects(String prefix, int limit);

    /** Whether {@code name} is a registered type's name or a registered service's name. */
    boolean isRegisteredName(String name);

    /**
     * The distinct schemas of a registered type, in the order releases introduced them, numbered from 1; each id is
     * given when first asked for. Empty when no release declares the type with a schema.
     */
    List<SubjectVersion> typeVersions(String subject);

    /** Plain subjects starting with {@code prefix}, sorted, at most {@code limit}: those with a live version, or also those whose every version is deleted. */
    List<String> plainSubjects(String prefix, boolean deleted, int limit);

    /** A plain subject's versions, oldest first; deleted ones too when asked. */
    List<SubjectVersion> plainVersions(String subject, boolean deleted);

    /** The level set for the subject; empty when none is. */
    Optional<String> subjectLevel(String subject);

    /** The global level set; empty when none is (Confluent's default, BACKWARD, then holds). */
    Optional<String> globalLevel();

    /** A named setting ({@code compatibility}, {@code mode}): set, or removed when {@code value} is null. */
    void setSetting(String name, String value, WriteRecord<String> record);

    Optional<String> setting(String name);

    /** Sets (or removes, when {@code level} is null) a subject's level; removing one of a subject without versions removes the subject. */
    void setSubjectLevel(String subject, String level, WriteRecord<String> record);

    /**
     * Registers a schema to a plain subject, serialized per subject across every process: when a live version holds
     * the fingerprint, its id and version; otherwise {@code judge} (given the live versions and levels) refuses it with
     * a sentence or accepts it (null), and the schema is stored as the next version, with the write-log row.
     */
    Registered registerPlain(String subject, String fingerprint, String canonical, Function<PlainHistory, String> judge,
                             WriteRecord<Registered> record);

    /** Marks a live version deleted; empty when the subject has no such live version. */
    Optional<SubjectVersion> deletePlainVersion(String subject, int version, WriteRecord<SubjectVersion> record);

    /** The schema given {@code id}; empty when no schema has it. */
    Optional<IdentifiedSchema> schemaById(long id);

    /** The id of a stored schema, given now when it has none. */
    long idOf(String fingerprint);

    /** Names of registered types whose schema has this fingerprint, and plain subjects with a live version of it, at most {@code limit}. */
    List<String> subjectsOf(String fingerprint, int limit);

    /** Every id, setting, plain subject and version, for {@code migrate}. */
    Exported export();

    /**
     * Stores what another registry exported, ids keeping their numbers: {@code COPIED}; {@code PRESENT} when this
     * registry holds exactly that already; {@code CONFLICT} (nothing stored) when it holds other ids or subjects.
     */
    ExportedDeployment.Copy importAll(Exported data);

    /** What {@link #export} copies. */
    record Exported(List<IdentifiedSchema> ids, List<Setting> settings, List<PlainSubject> subjects, List<PlainVersion> versions) {
        public record Setting(String name, String value) {}
        public record PlainSubject(String subject, String compatibility, long createdAt) {}
        public record PlainVersion(String subject, int version, String fingerprint, String canonical, long registeredAt, Long deletedAt) {}
    }
}
