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

    /** The previous release of the service, as the general words of {@link #BOTH} name it. */
    static final String PREVIOUS_RELEASE = "the previous release reading new data";
    /** The new release of the service, as the general words of {@link #NEW_READERS} and {@link #BOTH} name it. */
    static final String NEW_RELEASE = "the new release reading old, stored data";

    /**
     * Who these readers are in general: two releases of one service, as a report's "Breaks" line says it. A rule
     * whose readers are others (clients, the releases running in an environment) names them itself:
     * {@link Rule#readers(Readers)}.
     */
    public String words() {
        return switch (this) {
            case OLD_READERS -> "old readers (the previous release reading data the new one writes)";
            case NEW_READERS -> "new readers (" + NEW_RELEASE + ")";
            case BOTH -> "old and new readers (" + PREVIOUS_RELEASE + ", and " + NEW_RELEASE + ")";
            case NONE -> "no reader";
        };
    }

    /**
     * Who these readers are for a plain JSON Schema, which has versions and documents, not releases of a service
     * (docs/decisions.md, "The plain levels").
     */
    public String plainWords() {
        return switch (this) {
            case OLD_READERS -> "old readers (readers of the earlier versions reading documents of the new version)";
            case NEW_READERS -> "new readers (readers of the new version reading documents of the earlier versions)";
            case BOTH -> "old and new readers (readers of the earlier versions reading documents of the new version, and"
                    + " readers of the new version reading documents of the earlier versions)";
            case NONE -> "no reader";
        };
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
