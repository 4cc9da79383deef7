package dev.wowcompat.api;

import dev.wowcompat.drift.Declarations;
import dev.wowcompat.drift.DriftDetector;
import dev.wowcompat.drift.DriftFinding;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.store.Deployment;
import dev.wowcompat.store.EndedDeployment;
import dev.wowcompat.store.EnvironmentView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The deployments of an environment in the order they happened, and the drift at each one between the profiles the
 * registry keeps: what the page draws and what can-deploy warns about. A deployment is compared with the one of the
 * same service it followed, when both releases have profiles of the field.
 */
record DriftHistory(List<Step> deployments, List<DriftFinding> drift) {

    /** One deployment: the release ({@code service@version}) and when it began (epoch milliseconds). */
    record Step(String release, long deployedAt) {}

    /**
     * @param declared what each release ({@code service@version}) declares for its fields, so that a drift's cause
     *        names only a unit the field can have, as the audit words it (docs/audit.md#meaning-drift)
     */
    static DriftHistory of(Optional<EnvironmentView> environment, ProfileSet profiles, Function<String, Declarations> declared) {
        List<Deployment> running = environment.map(EnvironmentView::running).orElse(List.of());
        List<EndedDeployment> ended = environment.map(EnvironmentView::history).orElse(List.of());
        record Row(String service, String version, long at) {}
        List<Row> rows = new ArrayList<>();
        running.forEach(d -> rows.add(new Row(d.service(), d.version(), d.deployedAt())));
        ended.forEach(d -> rows.add(new Row(d.service(), d.version(), d.deployedAt())));
        rows.sort(Comparator.comparingLong(Row::at));

        Set<String> profiled = new HashSet<>();
        profiles.fields().keySet().forEach(k -> profiled.add(k.release()));
        List<Step> steps = new ArrayList<>();
        List<DriftFinding> drift = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row b = rows.get(i);
            String after = b.service() + "@" + b.version();
            if (!profiled.contains(after)) continue;
            steps.add(new Step(after, b.at()));
            Row a = null;
            for (int j = i - 1; j >= 0 && a == null; j--) if (rows.get(j).service().equals(b.service())) a = rows.get(j);
            if (a == null) continue;
            String before = a.service() + "@" + a.version();
            if (before.equals(after) || !profiled.contains(before)) continue;
            for (DriftFinding f : DriftDetector.compare(profiles, before, after, declared.apply(after))) {
                drift.add(f.withDeployment(Instant.ofEpochMilli(b.at())));
            }
        }
        return new DriftHistory(steps, drift);
    }
}
