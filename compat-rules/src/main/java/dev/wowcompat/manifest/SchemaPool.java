package dev.wowcompat.manifest;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@link SchemaDoc} per fingerprint across the Manifests read through it ("schemas are stored once per
 * fingerprint", docs/architecture.md, "Fingerprints"). Consecutive releases of a service repeat almost every schema byte for byte, so a
 * history read with a pool ({@link ManifestReader#sharing}) holds each distinct schema once instead of once per
 * release. Equal fingerprints are equal canonical JSON, so handing out the pooled schema changes no content.
 *
 * <p>Thread-safe: interning is lock-free, and concurrent interns of one fingerprint all get the same instance.
 *
 * <p>Values are held weakly. A pool may live as long as the process (the registry's lives as long as its cache of
 * parsed releases, which evicts releases), and a strongly held schema would outlive every release that declares
 * it: the pool would grow with everything ever read. Held weakly, a schema stays pooled exactly while some
 * Manifest still references it, and its entry is purged on a later {@link #intern}.
 */
public final class SchemaPool {
    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final ReferenceQueue<SchemaDoc> collected = new ReferenceQueue<>();

    /** The weak reference remembers its key, so a collected entry can be removed without a scan of the map. */
    private static final class Entry extends WeakReference<SchemaDoc> {
        final String fingerprint;
        /** Whether a read that checked everything pooled it (once true, it stays true). */
        volatile boolean checked;

        Entry(SchemaDoc doc, ReferenceQueue<SchemaDoc> queue, boolean checked) {
            super(doc, queue);
            this.fingerprint = doc.fingerprint();
            this.checked = checked;
        }
    }

    /** {@link #intern(SchemaDoc, boolean)} of a schema whose every check passed. */
    public SchemaDoc intern(SchemaDoc doc) {
        return intern(doc, true);
    }

    /**
     * The pooled schema with {@code doc}'s fingerprint if one is still referenced; otherwise {@code doc}, which
     * is pooled from now on.
     *
     * @param checked whether {@code doc} passed every check of a schema, meta-validation included (a trusting read,
     *                {@link ManifestReader#trusting}, leaves that out)
     */
    public SchemaDoc intern(SchemaDoc doc, boolean checked) {
        Objects.requireNonNull(doc, "doc");
        purgeCollected();
        String fingerprint = doc.fingerprint();
        while (true) {
            Entry existing = entries.get(fingerprint);
            if (existing == null) {
                if (entries.putIfAbsent(fingerprint, new Entry(doc, collected, checked)) == null) return doc;
            } else {
                SchemaDoc alive = existing.get();
                if (alive != null) {
                    if (checked) existing.checked = true;
                    return alive;
                }
                // Collected but not purged yet: take its place, unless another thread just did.
                if (entries.replace(fingerprint, existing, new Entry(doc, collected, checked))) return doc;
            }
            // Lost a race with another intern of this fingerprint: look again, it is now someone's live entry.
        }
    }

    /**
     * Whether a schema of this fingerprint is pooled and passed every check, so that a reader can skip every check
     * of content already checked; one pooled by a trusting read only is checked again by a candidate's read.
     */
    public boolean checked(String fingerprint) {
        Entry e = entries.get(fingerprint);
        return e != null && e.checked && e.get() != null;
    }

    /** How many fingerprints the pool holds, after purging those whose schema no Manifest references any more. */
    public int size() {
        purgeCollected();
        return entries.size();
    }

    private void purgeCollected() {
        Reference<? extends SchemaDoc> ref;
        while ((ref = collected.poll()) != null) {
            Entry e = (Entry) ref;
            // Only this entry: the fingerprint may already map to a newer one that replaced it.
            entries.remove(e.fingerprint, e);
        }
    }

    /**
     * Test seam: does to the schema pooled for {@code fingerprint} what the collector does once no Manifest
     * references it, so the purge can be tested without waiting on a real collection. The collector clears a weak
     * reference first and queues it later, so both moments can be reproduced.
     *
     * @param queued queue the cleared reference too, as the collector eventually does
     * @return whether the pool held that fingerprint
     */
    boolean simulateCollected(String fingerprint, boolean queued) {
        Entry e = entries.get(fingerprint);
        if (e == null) return false;
        if (queued) {
            e.enqueue(); // clears the referent as well
        } else {
            e.clear();
        }
        return true;
    }

    /** Test seam: the number of entries, collected ones not purged yet included. */
    int entriesBeforePurge() {
        return entries.size();
    }
}
