package dev.wowcompat.store;

/** The few places where SQLite and PostgreSQL spell a query differently. */
record Dialect(String stringAggregate, String caseInsensitiveLike, String forUpdate) {
    // SQLite has no row locks: its one writer at a time (BEGIN IMMEDIATE) already excludes every other.
    static final Dialect SQLITE = new Dialect("group_concat(DISTINCT %s)", "LIKE", "");
    static final Dialect POSTGRESQL = new Dialect("string_agg(DISTINCT %s, ',')", "ILIKE", " FOR UPDATE");
}
