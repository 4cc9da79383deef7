package dev.wowcompat.bench;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.SchemaDoc;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A measurement aid, not part of the product: projects the cost of a proposed change to the transitive check,
 * "a schema whose fingerprint has not changed since the previous release is not compared with older releases
 * again" (the previous release was itself checked against them when it was accepted).
 *
 * <p>It rewrites the older baselines so that every schema the candidate kept unchanged from the previous
 * release already equals the candidate's there: the unchanged {@link dev.wowcompat.rules.ReleaseChecker}
 * then walks every baseline as before but diffs only the schemas the candidate changed, which is the work
 * the proposed change would leave.
 */
final class SkipUnchangedProjection {
    private SkipUnchangedProjection() {}

    /** @param earlier the releases before the candidate, oldest first; the last one is the previous release */
    static List<Manifest> baselines(Manifest candidate, List<Manifest> earlier) {
        Manifest previous = earlier.get(earlier.size() - 1);
        List<Manifest> out = new ArrayList<>();
        for (Manifest m : earlier) {
            out.add(m == previous ? m : rewrite(m, candidate, previous));
        }
        return out;
    }

    private static Manifest rewrite(Manifest older, Manifest candidate, Manifest previous) {
        Map<String, Aggregate> aggregates = new LinkedHashMap<>();
        for (Map.Entry<String, Aggregate> e : older.aggregates().entrySet()) {
            Aggregate a = e.getValue();
            Aggregate now = candidate.aggregates().get(e.getKey());
            Aggregate before = previous.aggregates().get(e.getKey());
            if (now == null || before == null) {
                aggregates.put(e.getKey(), a);
                continue;
            }
            Optional<Manifest.State> state = a.state().map(s -> new Manifest.State(
                    keep(s.schema(), now.state().map(Manifest.State::schema), before.state().map(Manifest.State::schema)),
                    s.published()));
            Map<String, Command> commands = new LinkedHashMap<>();
            a.commands().forEach((k, c) -> commands.put(k, new Command(c.typeName(),
                    keep(c.schema(), Optional.ofNullable(now.commands().get(k)).map(Command::schema),
                            Optional.ofNullable(before.commands().get(k)).map(Command::schema)), c.written())));
            Map<String, Event> events = new LinkedHashMap<>();
            a.events().forEach((k, ev) -> {
                TreeMap<Integer, Revision> revisions = new TreeMap<>();
                ev.revisions().forEach((n, r) -> revisions.put(n, new Revision(r.revision(),
                        keep(r.schema(), revision(now, k, n), revision(before, k, n)), r.upgradesFrom(), r.written())));
                events.put(k, new Event(ev.typeName(), revisions));
            });
            aggregates.put(e.getKey(), new Aggregate(a.context(), a.name(), state, commands, events, a.errors()));
        }
        return new Manifest(older.format(), older.service(), older.version(), aggregates, older.source());
    }

    private static Optional<SchemaDoc> revision(Aggregate a, String event, int n) {
        return Optional.ofNullable(a.events().get(event)).map(e -> e.revisions().get(n)).map(Revision::schema);
    }

    /** The candidate's schema where the candidate kept the previous release's, else the older release's own. */
    private static SchemaDoc keep(SchemaDoc own, Optional<SchemaDoc> candidate, Optional<SchemaDoc> previous) {
        if (candidate.isPresent() && previous.isPresent() && candidate.get().equals(previous.get())) return candidate.get();
        return own;
    }
}
