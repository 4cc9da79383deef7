package dev.wowcompat.store;

/**
 * One write as the write log keeps it (docs/api.md, "GET /write-log"): never the token.
 *
 * @param id the entry's place in the log (0 before it is appended); later entries have larger ids
 * @param at epoch milliseconds
 * @param principal the principal's name, or {@code anonymous}
 * @param route method and route template, e.g. {@code POST /environments/{env}/deployments}
 * @param service null when the write names none (or it could not be read from a refused request)
 * @param status the HTTP status the write was answered with
 */
public record WriteLogEntry(long id, long at, String principal, String remoteAddress, String route, String service,
                            String version, String environment, int status) {}
