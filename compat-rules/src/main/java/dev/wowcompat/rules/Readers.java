package dev.wowcompat.rules;

/** Whom a change breaks. Old readers meet data written by the new release; new readers meet old data. */
public enum Readers {
    NONE(false, false),
    OLD_READERS(true, false),
    NEW_READERS(false, true),
    BOTH(true, true);

    private final boolean old;
    private final boolean young;

    Readers(boolean old, boolean young) {
        this.old = old;
        this.young = young;
    }

    public boolean breaksOldReaders() {
        return old;
    }

    public boolean breaksNewReaders() {
        return young;
    }

    public Readers and(Readers other) {
        return of(old || other.old, young || other.young);
    }

    /** The same change seen from the other side (inside {@code not}, old and new swap roles). */
    public Readers swapped() {
        return of(young, old);
    }

    public static Readers of(boolean oldReaders, boolean newReaders) {
        if (oldReaders && newReaders) return BOTH;
        if (oldReaders) return OLD_READERS;
        if (newReaders) return NEW_READERS;
        return NONE;
    }

    /** The labels of docs/rules.md ("The five rules, and read-before-write"): {@code old-readers}, {@code new-readers}. */
    public java.util.List<String> labels() {
        java.util.List<String> out = new java.util.ArrayList<>(2);
        if (old) out.add("old-readers");
        if (young) out.add("new-readers");
        return out;
    }
}
