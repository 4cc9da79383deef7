package dev.wowcompat.store;

import dev.wowcompat.profile.ProfileSet;

/** A type's stored profiles in an environment; {@code truncated} when there were more fields than the read's limit. */
public record StoredProfiles(ProfileSet profiles, boolean truncated) {}
