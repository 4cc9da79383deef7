package dev.wowcompat.gate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.check.SchemaChecker;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Manifest checked under one of the plain levels (BACKWARD, FORWARD, FULL, their transitive forms, NONE):
 * every schema of the candidate (state, command, event revision) is compared with the schemas the earlier
 * releases gave the same subject, exactly as a plain-schema registry would compare a subject's versions.
 * Subjects new in the candidate have nothing to be compatible with; subjects the candidate dropped are not
 * judged, since a plain level says nothing about removing a subject (ADDITIVE does: {@code type-removed}).
 */
public final class PlainLevelCheck {
    private PlainLevelCheck() {}

    /** @param history earlier releases of the same service, any order; later or equal versions are ignored */
    public static Report check(Level level, Manifest candidate, List<Manifest> history) {
        List<Manifest> earlier = history.stream()
                .filter(m -> m.service().equals(candidate.service()) && m.version().compareTo(candidate.version()) < 0)
                .sorted(Comparator.comparing(Manifest::version))
                .toList();
        List<Map<String, JsonNode>> earlierSchemas = earlier.stream().map(PlainLevelCheck::schemasBySubject).toList();
        List<Finding> findings = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        for (TypeEntry type : candidate.types()) {
            if (type.schema() == null) continue;
            List<JsonNode> versions = new ArrayList<>();
            for (Map<String, JsonNode> schemas : earlierSchemas) {
                JsonNode schema = schemas.get(key(type));
                if (schema != null) versions.add(schema);
            }
            if (versions.isEmpty()) continue;
            Report one = SchemaChecker.check(level, versions, type.schema().schema());
            for (Finding f : one.findings()) {
                // SchemaChecker knows only the schemas; the subject is the type they belong to.
                findings.add(new Finding(f.rule(), f.severity(), type.subject(), f.pointer(), f.breaks(), f.message(), f.fix()));
            }
            for (Change c : one.changes()) changes.add(new Change(c.kind(), type.subject(), c.pointer(), c.message()));
        }
        findings.sort(Comparator.comparing(Finding::severity)
                .thenComparing(Finding::subject)
                .thenComparing(Finding::pointer)
                .thenComparing(f -> f.rule().id()));
        List<Report.Release> baselines = earlier.stream()
                .map(m -> new Report.Release(m.service(), m.version().toString()))
                .toList();
        return new Report(level.name(), new Report.Release(candidate.service(), candidate.version().toString()), baselines, findings,
                List.of(), changes);
    }

    private static Map<String, JsonNode> schemasBySubject(Manifest manifest) {
        Map<String, JsonNode> out = new HashMap<>();
        for (TypeEntry t : manifest.types()) {
            if (t.schema() != null) out.put(key(t), t.schema().schema());
        }
        return out;
    }

    /** A state and its aggregate share a name, so the kind is part of the key. */
    private static String key(TypeEntry t) {
        return t.kind() + " " + t.subject();
    }
}
