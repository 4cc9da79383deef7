package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The wire on the registry's database ({@link WireTables} and {@link WireCounting} hold its SQL). A window's profiles
 * are merged with {@link ProfileTables} on the window's own connection: its positions, counts and profiles are one
 * transaction.
 */
final class JdbcWireStore implements WireStore {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JdbcWireStore.class);
    private final Transactions tx;

    JdbcWireStore(Transactions tx) {
        this.tx = tx;
    }

    @Override
    public WireOutcome applyWindow(String environment, WireWindow window, dev.wowcompat.profile.ProfileSet profiles,
                                   Map<dev.wowcompat.profile.FieldKey, String> leftOut, String principal,
                                   WriteRecord<WireOutcome> record) {
        try {
            return tx.logged(c -> {
                long now = System.currentTimeMillis();
                // Releases are never deleted: one registered now stays so, whatever commits meanwhile.
                String unregistered = WireTables.unregistered(c, window);
                if (unregistered != null) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.UNKNOWN_RELEASE, unregistered, 0));
                }
                // Deployments are never deleted: a release that ran by the window's end stays so, whatever commits meanwhile.
                String neverRan = WireTables.neverRan(c, environment, window);
                if (neverRan != null) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.RELEASE_NEVER_RAN, neverRan, 0));
                }
                WireWindow.Carried undeclared = WireTables.undeclared(c, window);
                if (undeclared != null) {
                    String type = undeclared.type() + (undeclared.kind().equals("event") ? "@" + undeclared.revision() : "");
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.CARRIED_UNDECLARED,
                            undeclared.kind() + " " + type, 0, undeclared.release()));
                }
                List<WireOutcome.Position> positions = new ArrayList<>();
                int[] added = {0};
                WireOutcome.Stale stale = WireTables.advance(c, tx.dialect().forUpdate(), environment, window, now, positions, added);
                if (stale != null) return WireOutcome.stale(stale);
                WireOutcome.Uncounted uncounted = WireCounting.counted(c, tx.dialect().forUpdate(), environment, window);
                if (uncounted == null) WireTables.span(c, environment, window);
                else WireCounting.lockEnvironment(c, tx.dialect().forUpdate(), environment);
                if (added[0] > 0 && WireTables.tooManyPositions(c, environment, window.group())) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.TOO_MANY_POSITIONS, window.group(),
                            MAX_WIRE_POSITIONS));
                }
                if (added[0] > 0 && WireTables.tooManyGroups(c, environment)) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.TOO_MANY_GROUPS, window.group(),
                            MAX_WIRE_GROUPS));
                }
                if (uncounted != null) {
                    // Its records were (or are being) counted by a window of another group: its positions advance, and
                    // it adds nothing, its profiles neither (values of the same records).
                    WireTables.watcher(c, environment, window, now);
                    return new WireOutcome(null, null, 0, positions, null, WireOutcome.Dropped.NONE, uncounted);
                }
                WireOutcome.Profiles merged = profiles == null ? null : mergeWindowProfiles(c, environment, profiles, leftOut, now, principal);
                WireOutcome.Dropped dropped;
                try {
                    dropped = WireTables.add(c, tx.dialect().forUpdate(), environment, window, now);
                } catch (WireTables.Overflow e) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.COUNT_OVERFLOW, e.subject, WireWindow.MAX_COUNT));
                }
                if (dropped.carried() + dropped.findings() > 0) {
                    LOG.warn("a window of {} in {} dropped {} and {}: the environment keeps as many as it may", window.group(), environment,
                            dev.wowcompat.text.Counts.of(dropped.carried(), "carried type"), dev.wowcompat.text.Counts.of(dropped.findings(), "finding"));
                }
                return new WireOutcome(null, null, window.recordCount(), positions, merged, dropped, null);
            }, WireOutcome::accepted, record);
        } catch (StoreException e) {
            throw new StoreException("could not apply the window posted for " + environment + ": " + e.getMessage(), e);
        }
    }

    /**
     * The window's profiles merged as POST profiles merges them, but a field that post would refuse is left out and
     * named instead of refusing the window: its positions must advance whatever its profiles hold.
     */
    private WireOutcome.Profiles mergeWindowProfiles(Connection c, String environment, dev.wowcompat.profile.ProfileSet profiles,
            Map<dev.wowcompat.profile.FieldKey, String> leftOut, long now, String principal) throws SQLException {
        Map<dev.wowcompat.profile.FieldKey, String> dropped = new TreeMap<>(leftOut);
        TreeSet<String> releases = new TreeSet<>();
        for (dev.wowcompat.profile.FieldKey key : profiles.fields().keySet()) if (!dropped.containsKey(key)) releases.add(key.release());
        TreeSet<String> services = new TreeSet<>();
        for (String release : releases) services.add(ProfileTables.release(release)[0]);
        // In name order, as mergeProfiles takes them, so that posts and windows naming the same services wait instead of deadlocking.
        for (String service : services) tx.lockDeployment(c, environment, service);
        Map<String, String> refusedRelease = new TreeMap<>();
        for (String release : releases) {
            TreeSet<String> one = new TreeSet<>(List.of(release));
            if (ProfileTables.unregistered(c, one) != null) refusedRelease.put(release, "wow-compat.release.not-found");
            else if (ProfileTables.neverRan(c, environment, one) != null) refusedRelease.put(release, "wow-compat.profile.release-never-ran");
        }
        for (dev.wowcompat.profile.FieldKey key : profiles.fields().keySet()) {
            String why = refusedRelease.get(key.release());
            if (why != null) dropped.putIfAbsent(key, why);
        }
        ProfileMerge merge = ProfileTables.merge(c, environment, profiles, dropped, ProfileStore.MAX_PROFILE_FIELDS_PER_RELEASE, now, principal);
        List<WireOutcome.DroppedField> out = new ArrayList<>();
        dropped.forEach((key, why) -> {
            var profile = profiles.fields().get(key);
            out.add(new WireOutcome.DroppedField(key.release(), key.field().type(), key.field().revision(), key.field().pointer(),
                    profile == null ? 0 : profile.count(), why));
        });
        return new WireOutcome.Profiles(merge.merged(), merge.refusedValues(), merge.fieldsByRelease(), out);
    }

    @Override
    public WireReset resetWire(String environment, String group, String principal, WriteRecord<WireReset> record) {
        try {
            return tx.logged(c -> WireCounting.reset(c, tx.dialect().forUpdate(), environment, group, principal, System.currentTimeMillis()),
                    reset -> true, record);
        } catch (StoreException e) {
            throw new StoreException("could not reset the wire of " + environment + ": " + e.getMessage(), e);
        }
    }

    @Override
    public WireView wire(String environment, String type, int limit) {
        return tx.read(c -> WireViewTables.view(c, environment, type, limit));
    }

    @Override
    public List<WireOutcome.Position> wirePositions(String environment, String group, int limit) {
        return tx.read(c -> WireViewTables.positions(c, environment, group, limit));
    }

    @Override
    public WireSince wireSince(String environment, String service, String version, String runningRelease) {
        return tx.read(c -> {
            Long lastRan = WireViewTables.lastRan(c, environment, service, version);
            List<WireView.Carried> carried = lastRan != null && lastRan == Long.MAX_VALUE ? List.of()
                    : WireViewTables.carriedSince(c, environment, lastRan == null ? Long.MIN_VALUE : lastRan);
            List<WireView.Finding> findings = runningRelease == null ? List.of() : WireViewTables.findingsOf(c, environment, runningRelease);
            return new WireSince(lastRan, carried, findings);
        });
    }

    @Override
    public WireView.Metrics wireMetrics() {
        return tx.read(WireViewTables::metrics);
    }

    /**
     * The wire of every environment, one environment at a time, in name order (what {@code migrate} copies). Each is
     * read in one transaction of its own, bounded by the environment's bounds on rows.
     */
    @Override
    public void exportWire(java.util.function.Consumer<ExportedWire> consumer) {
        for (String environment : tx.read(WireTables::wireEnvironments)) consumer.accept(tx.read(c -> WireTables.exported(c, environment)));
    }

    /**
     * Stores one environment's wire, as exported from another registry, in one transaction, unless this one holds
     * some already: see {@link ExportedDeployment.Copy}; the rows are compared whole.
     */
    @Override
    public ExportedDeployment.Copy importWire(ExportedWire wire) {
        return tx.transaction(c -> WireTables.copy(c, wire), copy -> copy == ExportedDeployment.Copy.COPIED);
    }

}
