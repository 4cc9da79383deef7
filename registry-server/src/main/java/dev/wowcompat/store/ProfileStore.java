package dev.wowcompat.store;

import java.util.List;

/** The profiles (docs/decisions.md, "Meaning drift") the registry keeps per environment and release. */
public interface ProfileStore {

    /** Fields one release keeps per environment; values of further fields are refused (docs/decisions.md, "Meaning drift"). */
    int MAX_PROFILE_FIELDS_PER_RELEASE = 1024;

    /**
     * Merges a profile set (fields attributed to releases, {@code service@version}) into the profiles stored for the
     * environment: a stored field's sketches merge with the posted ones, a new field is stored while its release has
     * fewer than {@link #MAX_PROFILE_FIELDS_PER_RELEASE}. Nothing is stored when a release of the set is not
     * registered. Atomic, and serialized with the deployment writes of each service of the set in the environment.
     */
    ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal,
                               WriteRecord<ProfileMerge> record);

    default ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal) {
        return mergeProfiles(environment, profiles, principal, WriteRecord.none());
    }

    /** {@link #mergeProfiles(String, dev.wowcompat.profile.ProfileSet, String)} by nobody in particular. */
    default ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles) {
        return mergeProfiles(environment, profiles, "anonymous");
    }

    /** Removes every profile of one release in one environment; returns how many fields were removed. */
    int deleteProfiles(String environment, String service, String version, WriteRecord<Integer> record);

    default int deleteProfiles(String environment, String service, String version) {
        return deleteProfiles(environment, service, version, WriteRecord.none());
    }

    /**
     * A type's stored profiles in an environment: every revision or one ({@code revision} null or not), every release
     * or one ({@code release} {@code service@version}, or null), at most {@code limit} fields.
     */
    StoredProfiles profiles(String environment, String type, Integer revision, String release, int limit);

    /** The types with stored profiles in the environment, by name and revision; empty when none. */
    List<ProfiledType> profiledTypes(String environment);

    /**
     * Every kept profile row, in key order, one at a time (what {@code migrate} copies). The rows are read in one
     * statement, so the consumer must not write to this store.
     */
    void exportProfiles(java.util.function.Consumer<ExportedProfile> consumer);

    /** Stores a copied profile row unless this store keeps that field already (then false: nothing is merged). */
    boolean importProfile(ExportedProfile profile);
}
