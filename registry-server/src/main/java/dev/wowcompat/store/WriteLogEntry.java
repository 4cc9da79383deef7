package dev.wowcompat.store;

/**
 * One row of the write log (docs/api.md, "GET /write-log"): never the token. A row is one write, or the count of the
 * writes refused without a valid principal on one route with one status in one minute ({@code counted}).
 *
 * @param id the entry's place in the log (0 before it is appended); later entries have larger ids
 * @param at epoch milliseconds; of a counted row, the start of its minute
 * @param principal the principal's name, or {@code anonymous}
 * @param remoteAddress the sender's; of a counted row, the first sender's in that minute
 * @param route method and route template, e.g. {@code POST /environments/{env}/deployments}
 * @param service null when the write names none (or it could not be read from a refused request); always null in a
 *                counted row, whose names are the senders' to choose
 * @param status the HTTP status the write was answered with
 * @param writes how many writes the row stands for: 1, or the count of a counted row
 * @param counted whether the row counts refused writes without a valid principal
 */
public record WriteLogEntry(long id, long at, String principal, String remoteAddress, String route, String service,
                            String version, String environment, int status, long writes, boolean counted) {
    /** A row of one write. */
    public WriteLogEntry(long id, long at, String principal, String remoteAddress, String route, String service,
                         String version, String environment, int status) {
        this(id, at, principal, remoteAddress, route, service, version, environment, status, 1, false);
    }

    /** The same row at another time, naming {@code version}. */
    public WriteLogEntry at(long time, String version) {
        return new WriteLogEntry(id, time, principal, remoteAddress, route, service, version, environment, status, writes, counted);
    }

    /** The same row, said to be of another principal. */
    public WriteLogEntry withPrincipal(String name) {
        return new WriteLogEntry(id, at, name, remoteAddress, route, service, version, environment, status, writes, counted);
    }

    /** The length of the minutes refused writes are counted in. */
    public static final long MINUTE_MILLIS = 60_000;
}
