package dev.wowcompat.audit;

import dev.wowcompat.drift.DeclaredMeaning;
import dev.wowcompat.drift.DriftDetector;
import dev.wowcompat.drift.DriftFinding;
import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.FieldKey;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.profile.ProfileSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The values half of the audit (docs/decisions.md, "Meaning drift"): profiles every parsed payload by type, revision, pointer and the release
 * the record is attributed to, in the same pass as the judging, and at the end draws the drift findings from the
 * profiles. With an environment, each deployment of the period (release A replaced by B) compares B's values with
 * A's, A's taken from the registry's kept profiles where this pass read none of them (the topic's retention dropped
 * them); every release's values are also checked against what its Manifest declares. Confined to the judging thread.
 * The rules are docs/decisions.md's, "Meaning drift", subsection "In the audit".
 */
final class ValueDrift implements PayloadObserver {
    /** The first record of a type a release wrote: where a drift finding points a person to. */
    private record Place(String topic, int partition, long offset, String key, long timestamp) {}

    private record Writer(String type, int revision, String release) {}

    private final Catalog catalog;
    /** Replaced when a watch reads the environment's history again. */
    private Deployments deployments;
    /** Restarted at each window of a watch ({@link #cut}); a pass of the audit keeps them to its end. */
    private ProfileSet profiles = new ProfileSet();
    private Map<Writer, Place> firstRecords = new HashMap<>();
    private AuditRecord current;

    /** @param deployments the environment's history, or null without {@code --environment} */
    ValueDrift(Catalog catalog, Deployments deployments) {
        this.catalog = catalog;
        this.deployments = deployments;
    }

    void deployments(Deployments now) {
        deployments = now;
    }

    /** The record being judged: its payloads come next. */
    void reading(AuditRecord record) {
        current = record;
    }

    @Override
    public void observe(Observed o) {
        if (o.payload() == null || o.payload().isMissingNode()) return;
        String release = o.release() != null ? o.release() : deployments == null ? newest(o.type()) : null;
        // With an environment, a record written while none of its service ran belongs to no deployment: not profiled.
        if (release == null) return;
        profiles.observe(o.type(), o.revision(), release, o.payload());
        if (current != null) {
            Writer writer = new Writer(o.type(), o.revision(), release);
            // The key's text is decoded once per writer, not per record.
            if (!firstRecords.containsKey(writer)) {
                firstRecords.put(writer, new Place(current.topic(), current.partition(), current.offset(), current.keyText(), current.timestamp()));
            }
        }
    }

    /** Without an environment, the newest registered release declaring the type: the one {@code POST /validate} takes. */
    private String newest(String type) {
        try {
            List<Catalog.Declared> declared = catalog.aggregate(Catalog.aggregateOf(type));
            return declared.isEmpty() ? null : declared.get(declared.size() - 1).label();
        } catch (AuditException e) {
            return null; // the judge met the same answer first and reported it
        }
    }

    /** The profiles built so far, per field and release. */
    ProfileSet profiles() {
        return profiles;
    }

    /** The profiles built so far, and fresh ones for the records that follow (a window of a watch ends). */
    ProfileSet cut() {
        ProfileSet cut = profiles;
        profiles = new ProfileSet(cut.limits());
        firstRecords = new HashMap<>();
        return cut;
    }

    /**
     * Adds the profiles another observer built so far (a lane of the watch's judging, which profiled other partitions),
     * and its first records where they came earlier; the other starts afresh. The drift is then drawn from the sum.
     */
    void add(ValueDrift other) {
        Map<Writer, Place> theirs = other.firstRecords;
        profiles.merge(other.cut());
        theirs.forEach((writer, place) -> firstRecords.merge(writer, place, (mine, their) -> their.timestamp() < mine.timestamp() ? their : mine));
    }

    /**
     * Adds the drift findings to the tally: one per field and deployment (or per field and release, for a declared
     * meaning the values contradict), each with its deployment time and the consumers of the type.
     *
     * @throws AuditException when the registry cannot be reached for the kept profiles or the consumers
     */
    void findings(Tally tally) throws AuditException {
        if (profiles.refusedValues() > 0) {
            tally.note("values-refused", profiles.refusedValues() + " values were not profiled (more than "
                    + profiles.limits().maxFields() + " fields, or deeper than " + profiles.limits().maxDepth()
                    + " levels): their drift was not judged; audit fewer topics at a time with --topic.");
        }
        List<DriftFinding> found = new ArrayList<>();
        Map<String, Optional<ProfileSet>> kept = new HashMap<>();
        List<Field> fields = profiles.distinctFields();
        if (deployments != null) {
            for (Deployment d : replacements()) {
                for (Field field : fields) {
                    FieldProfile b = profiles.get(field, d.after());
                    if (b == null) continue;
                    FieldProfile a = profiles.get(field, d.before());
                    if (a == null) a = keptProfile(kept, field, d.before());
                    if (a == null) continue;
                    for (DriftFinding f : DriftDetector.compare(field, d.before(), a, d.after(), b, declared(field, d.after()))) {
                        found.add(f.withDeployment(Instant.ofEpochMilli(d.at())));
                    }
                }
            }
        }
        for (FieldKey key : profiles.fields().keySet()) {
            DriftDetector.checkDeclared(key.field(), key.release(), profiles.get(key.field(), key.release()),
                    declared(key.field(), key.release())).ifPresent(found::add);
        }
        Map<Field, List<String>> consumers = new HashMap<>();
        for (DriftFinding f : found) {
            List<String> readers = consumers.get(f.field());
            if (readers == null) {
                readers = catalog.releases().consumers(deployments, kind(f.field().type()), f.field().type(), f.field().revision());
                consumers.put(f.field(), readers);
            }
            DriftFinding complete = f.withConsumers(readers);
            Place p = firstRecords.get(new Writer(f.field().type(), f.field().revision(), f.after().release()));
            AuditReport.Example example = p == null
                    ? new AuditReport.Example(null, -1, -1, null, f.field().pointer(), message(complete), complete)
                    : new AuditReport.Example(p.topic(), p.partition(), p.offset(), p.key(), f.field().pointer(), message(complete), complete);
            long seenAt = p != null && p.timestamp() >= 0 ? p.timestamp() : f.deployedAt() != null ? f.deployedAt().toEpochMilli() : -1;
            tally.add(AuditFinding.of(f.kind()), example, f.after().release(), f.field().type(), seenAt);
        }
    }

    /** The finding's own message, with the deployment and the readers a person must warn. */
    private static String message(DriftFinding f) {
        StringBuilder sb = new StringBuilder(f.message());
        if (f.deployedAt() != null) sb.append(" (deployed ").append(f.deployedAt()).append(')');
        if (!f.consumers().isEmpty()) sb.append("; read by ").append(String.join(", ", f.consumers()));
        return sb.toString();
    }

    /** One deployment of the environment's history: {@code before} replaced by {@code after} at {@code at}. */
    private record Deployment(String before, String after, long at) {}

    /** Each deployment that replaced a release of the same service, in the order they happened. */
    private List<Deployment> replacements() {
        List<Deployment> out = new ArrayList<>();
        Map<String, Deployments.Span> last = new LinkedHashMap<>();
        for (Deployments.Span s : deployments.spans()) {
            Deployments.Span previous = last.put(s.service(), s);
            if (previous != null && !previous.version().equals(s.version())) {
                out.add(new Deployment(previous.service() + "@" + previous.version(), s.service() + "@" + s.version(), s.deployedAt()));
            }
        }
        return out;
    }

    /** The profile the registry keeps for the release, the type's kept profiles fetched once for the pass. */
    private FieldProfile keptProfile(Map<String, Optional<ProfileSet>> kept, Field field, String release) throws AuditException {
        Optional<ProfileSet> set = kept.get(field.type());
        if (set == null) {
            set = Optional.ofNullable(catalog.releases().keptProfiles(deployments.environment(), field.type()));
            kept.put(field.type(), set);
        }
        return set.map(s -> s.get(field, release)).orElse(null);
    }

    /** What the release's Manifest declares at the field's pointer; nothing when the release or its schema is not known. */
    private DeclaredMeaning declared(Field field, String release) throws AuditException {
        int at = release.lastIndexOf('@');
        if (at < 0) return DeclaredMeaning.NONE;
        String aggregate = Catalog.aggregateOf(field.type());
        Optional<Catalog.Declared> d = catalog.release(aggregate, release.substring(0, at), release.substring(at + 1));
        if (d.isEmpty() || d.get().aggregate() == null) return DeclaredMeaning.NONE;
        return DeclaredMeaning.in(d.get().aggregate(), field);
    }

    /** {@code state} for an aggregate's own name, {@code event} or {@code command} by what its aggregate declares. */
    private String kind(String type) throws AuditException {
        String aggregate = Catalog.aggregateOf(type);
        if (type.equals(aggregate)) return "state";
        String name = type.substring(type.lastIndexOf('.') + 1);
        for (Catalog.Declared d : catalog.aggregate(aggregate)) {
            if (d.aggregate() != null && d.aggregate().events().containsKey(name)) return "event";
        }
        return "command";
    }
}
