package dev.wowcompat.check;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.diff.DiffContext;
import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.Report.Release;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compatibility of plain JSON Schema versions under a {@link Level} (what {@code check-schema} runs).
 *
 * <p>The plain levels judge only which documents validate: a finding is breaking when it breaks the readers the
 * level protects ({@link Level#violatedBy}) and info otherwise, so the report still says everything that changed.
 * NONE reports every change as info. ADDITIVE applies the Manifest policy to a plain schema (no staging rules:
 * a plain schema has no releases to stage across).
 */
public final class SchemaChecker {
    /** The subject of every finding: a plain check has one schema, named by its version labels. */
    public static final String SUBJECT = Report.PLAIN_SCHEMA;

    private static final Comparator<Finding> ORDER = Comparator
            .comparing(Finding::severity)
            .thenComparing(Finding::subject)
            .thenComparing(Finding::pointer)
            .thenComparing(f -> f.rule().id());

    private SchemaChecker() {}

    /**
     * @param earlier earlier versions of the schema, oldest first (the last one is "the previous" version)
     * @param candidate the new version
     * @throws IllegalArgumentException when a schema holds a $ref that cannot be followed (see {@link SchemaDiff})
     */
    public static Report check(Level level, List<JsonNode> earlier, JsonNode candidate) {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(earlier, "earlier");
        Objects.requireNonNull(candidate, "candidate");
        int count = earlier.size();
        int first = level.transitive() ? 0 : Math.max(0, count - 1);
        DiffContext context = level == Level.ADDITIVE
                ? new DiffContext(SUBJECT, Role.PLAIN, false, false)
                : DiffContext.plain(SUBJECT);
        Map<String, Finding> byId = new LinkedHashMap<>();
        List<Change> changes = new ArrayList<>();
        // Newest baseline first: when several report the same finding, the wording against the latest one stays.
        for (int i = count - 1; i >= first; i--) {
            String against = i == count - 1 ? "" : " (compared with " + label(i) + ")";
            SchemaDiff.Result result = SchemaDiff.diff(earlier.get(i), candidate, context);
            // The changelog is what changed since the previous version.
            if (i == count - 1) changes.addAll(result.changes());
            for (Finding f : result.findings()) {
                Finding judged = judge(level, f);
                if (!against.isEmpty()) {
                    judged = new Finding(judged.rule(), judged.severity(), judged.subject(), judged.pointer(),
                            judged.breaks(), judged.message() + against, judged.fix());
                }
                byId.merge(judged.id(), judged, (a, b) -> b.severity().compareTo(a.severity()) < 0 ? b : a);
            }
        }
        List<Finding> sorted = new ArrayList<>(byId.values());
        sorted.sort(ORDER);
        List<Release> baselines = new ArrayList<>();
        for (int i = first; i < count; i++) baselines.add(new Release(SUBJECT, label(i)));
        return new Report(level.name(), new Release(SUBJECT, label(count)), baselines, sorted, List.of(), changes);
    }

    /**
     * Plain JSON Schema versions, as {@link #check}, each finding with the fix that fits a plain schema
     * ({@link dev.wowcompat.rules.Rule#plainFix}): no Manifest keyword, no release to stage across.
     */
    public static Report checkPlain(Level level, List<JsonNode> earlier, JsonNode candidate) {
        Report report = check(level, earlier, candidate);
        List<Finding> plain = report.findings().stream()
                .map(f -> new Finding(f.rule(), f.severity(), f.subject(), f.pointer(), f.breaks(), f.message(), f.rule().plainFix()))
                .toList();
        return new Report(report.level(), report.candidate(), report.baselines(), plain, report.waived(), report.changes());
    }

    private static Finding judge(Level level, Finding f) {
        if (level == Level.ADDITIVE) return f;
        return f.withSeverity(level.violatedBy(f.breaks()) ? Severity.BREAKING : Severity.INFO);
    }

    /** Version labels count from v1, the oldest. */
    private static String label(int index) {
        return "v" + (index + 1);
    }
}
