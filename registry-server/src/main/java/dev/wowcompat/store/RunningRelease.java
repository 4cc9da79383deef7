package dev.wowcompat.store;

/** A release running in an environment, with the release as stored (its Manifest as registered). */
public record RunningRelease(Deployment deployment, StoredRelease release) {}
