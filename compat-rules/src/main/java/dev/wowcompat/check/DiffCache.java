package dev.wowcompat.check;

import dev.wowcompat.diff.DiffContext;
import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.manifest.SchemaDoc;
import java.util.HashMap;
import java.util.Map;

/** Diff results of one check by (subject, role, old fingerprint, new fingerprint, staging): each pair is diffed once. */
final class DiffCache {
    private record Key(String subject, Role role, String before, String after, boolean againstPrevious) {}

    private final Map<Key, SchemaDiff.Result> results = new HashMap<>();

    SchemaDiff.Result diff(String subject, Role role, SchemaDoc old, SchemaDoc now, boolean againstPrevious) {
        return results.computeIfAbsent(new Key(subject, role, old.fingerprint(), now.fingerprint(), againstPrevious),
                k -> SchemaDiff.diff(old.schema(), now.schema(), new DiffContext(subject, role, againstPrevious, false)));
    }
}
