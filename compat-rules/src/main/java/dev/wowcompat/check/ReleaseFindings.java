package dev.wowcompat.check;

import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** ReleaseFindings of a release check keyed by id: the same change seen against several baselines is reported once, at its worst. */
final class ReleaseFindings {
    private final Map<String, Finding> byId = new LinkedHashMap<>();

    void add(Finding f) {
        byId.merge(f.id(), f, (a, b) -> b.severity().compareTo(a.severity()) < 0 ? b : a);
    }

    void addAll(Collection<Finding> fs) {
        fs.forEach(this::add);
    }

    /** A schema comparison's findings, and its changes when this comparison feeds the changelog. */
    void add(SchemaDiff.Result result, List<Change> changes) {
        addAll(result.findings());
        if (changes != null) changes.addAll(result.changes());
    }

    Collection<Finding> all() {
        return byId.values();
    }
}
