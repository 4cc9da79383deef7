package dev.wowcompat.store;

import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The profiles on the registry's database ({@link ProfileTables} holds their SQL), merged under the deployment locks of their services. */
final class JdbcProfileStore implements ProfileStore {
    private final Transactions tx;

    JdbcProfileStore(Transactions tx) {
        this.tx = tx;
    }

    @Override
    public int deleteProfiles(String environment, String service, String version, WriteRecord<Integer> record) {
        return tx.logged(c -> {
            tx.lockDeployment(c, environment, service);
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM profiles WHERE environment = ? AND service = ? AND version = ?")) {
                ps.setString(1, environment);
                ps.setString(2, service);
                ps.setString(3, version);
                return ps.executeUpdate();
            }
        }, n -> n > 0, record);
    }

    @Override
    public ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal,
                                      WriteRecord<ProfileMerge> record) {
        TreeSet<String> releases = new TreeSet<>();
        for (dev.wowcompat.profile.FieldKey key : profiles.fields().keySet()) releases.add(key.release());
        TreeSet<String> services = new TreeSet<>();
        for (String release : releases) services.add(ProfileTables.release(release)[0]);
        try {
            return tx.logged(c -> {
                // In name order, so that two posts naming the same services on PostgreSQL wait instead of deadlocking.
                for (String service : services) tx.lockDeployment(c, environment, service);
                String unregistered = ProfileTables.unregistered(c, releases);
                if (unregistered != null) return new ProfileMerge(unregistered, 0, 0, Map.of());
                String neverRan = ProfileTables.neverRan(c, environment, releases);
                if (neverRan != null) return ProfileMerge.neverRan(neverRan);
                return ProfileTables.merge(c, environment, profiles, null, MAX_PROFILE_FIELDS_PER_RELEASE, System.currentTimeMillis(), principal);
            }, ProfileMerge::stored, record);
        } catch (StoreException e) {
            throw new StoreException("could not store the profiles posted for " + environment + ": " + e.getMessage(), e);
        }
    }

    @Override
    public StoredProfiles profiles(String environment, String type, Integer revision, String release, int limit) {
        return tx.read(c -> {
            boolean[] truncated = {false};
            dev.wowcompat.profile.ProfileSet set = ProfileTables.profiles(c, environment, type, revision, release, limit, truncated);
            return new StoredProfiles(set, truncated[0]);
        });
    }

    /**
     * Every kept profile row, in key order, one at a time (what {@code migrate} copies). The rows are read in one
     * statement, so the consumer must not write to this store.
     */
    @Override
    public void exportProfiles(java.util.function.Consumer<ExportedProfile> consumer) {
        tx.read(c -> {
            ProfileTables.exported(c, consumer);
            return null;
        });
    }

    /** Stores a copied profile row unless this store keeps that field already (then false: nothing is merged). */
    @Override
    public boolean importProfile(ExportedProfile profile) {
        return tx.transaction(c -> {
            tx.lockDeployment(c, profile.environment(), profile.service());
            return ProfileTables.copy(c, profile);
        }, stored -> stored);
    }

    @Override
    public List<ProfiledType> profiledTypes(String environment) {
        return tx.read(c -> ProfileTables.types(c, environment));
    }

}
