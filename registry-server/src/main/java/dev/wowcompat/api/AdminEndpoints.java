package dev.wowcompat.api;

import dev.wowcompat.names.NameForms;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.store.ProfileStore;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.WriteLogStore;
import dev.wowcompat.store.Withdrawal;
import dev.wowcompat.store.WriteLogEntry;
import dev.wowcompat.store.WriteLogQuery;
import io.javalin.http.Context;
import java.util.List;

/**
 * The admin operations (withdraw a release, delete a release's profiles in an environment) and the write log that
 * records them with every other write (docs/api.md, "Admin operations" and "GET /write-log").
 */
final class AdminEndpoints {
    /** Entries one page of the write log holds at most. */
    static final int MAX_PAGE = 500;
    private static final int DEFAULT_PAGE = 100;

    private final ReleaseStore releaseStore;
    private final ProfileStore profileStore;
    private final WriteLogStore writeLogStore;
    private final WriteGate gate;
    private final JsonResponses json;

    AdminEndpoints(ReleaseStore releaseStore, ProfileStore profileStore, WriteLogStore writeLogStore, WriteGate gate, JsonResponses json) {
        this.releaseStore = releaseStore;
        this.profileStore = profileStore;
        this.writeLogStore = writeLogStore;
        this.gate = gate;
        this.json = json;
    }

    /** 200 withdrawn (or withdrawn already) | 404 not registered | 409 an environment ran it. */
    void withdraw(Context ctx) {
        WriteGate.require(ctx, Grant.ADMIN);
        String service = Names.service(ctx.pathParam("service"));
        String version = Names.version(ctx.pathParam("version"));
        Withdrawal w = releaseStore.withdraw(service, version, WriteGate.record(ctx, 200));
        switch (w) {
            case WITHDRAWN, ALREADY_WITHDRAWN -> {
                long at = releaseStore.release(service, version).orElseThrow().withdrawnAt();
                json.send(ctx, 200, json.object().put("service", service).put("version", version).put("withdrawnAt", at)
                        .put("alreadyWithdrawn", w == Withdrawal.ALREADY_WITHDRAWN));
            }
            case NOT_REGISTERED -> throw new ApiException(ProblemCode.RELEASE_NOT_FOUND, service + "@" + version + " is not registered.");
            case HAS_RUN -> throw new ApiException(ProblemCode.RELEASE_HAS_RUN, service + "@" + version + " ran in an environment; "
                    + "what ran stays what can-deploy and the audit compare with, so it cannot be withdrawn.");
            default -> throw new IllegalStateException(w.name());
        }
    }

    /** 200 how many fields were removed | 400 no {@code release} | 404 none stored. */
    void deleteProfiles(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        String release = ctx.queryParam("release");
        if (release == null) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "Name the release whose profiles to remove: ?release=service@major.minor.patch.");
        }
        ProfileEndpoints.release(release, "release");
        String[] sv = release.split("@", 2);
        WriteGate.about(ctx, sv[0], sv[1], null);
        WriteGate.require(ctx, Grant.ADMIN);
        int removed = profileStore.deleteProfiles(environment, sv[0], sv[1], WriteGate.record(ctx, 200));
        if (removed == 0) {
            throw new ApiException(ProblemCode.PROFILE_NOT_FOUND, "No profile of " + release + " is stored in '" + environment + "'.");
        }
        json.send(ctx, 200, json.object().put("environment", environment).put("release", release).put("removedFields", removed));
    }

    /** 200 a page, newest first, with {@code next} (the {@code before} of the next page) when there may be more. */
    void writeLog(Context ctx) {
        int limit = number(ctx, "limit", DEFAULT_PAGE);
        if (limit < 1 || limit > MAX_PAGE) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "limit must be between 1 and " + MAX_PAGE + "; got " + limit + ".");
        }
        long before = number(ctx, "before", Long.MAX_VALUE);
        String service = ctx.queryParam("service");
        String environment = ctx.queryParam("environment");
        String principal = ctx.queryParam("principal");
        // The log names a Confluent-compatible write's subject as its service (docs/ccompat.md): either form is a filter.
        List<WriteLogEntry> page = writeLogStore.writeLog(new WriteLogQuery(service == null || NameForms.isSubject(service) ? service : Names.service(service),
                environment == null ? null : Names.environment(environment), principal == null ? null : Names.principal(principal),
                before == Long.MAX_VALUE ? null : before, limit));
        // Where writes come from is the operators' business: only an admin sees the addresses.
        boolean addresses = gate.holds(ctx, Grant.ADMIN);
        ObjectNode out = json.object();
        ArrayNode entries = out.putArray("entries");
        // An entry keeps what a refused write named, up to 200 characters a name, so 500 of them can pass 1 MiB:
        // a page then ends early, and next continues from the last entry listed.
        int cut = Listed.bytes(page, e -> entry(e, addresses), limit, Listed.LIST_BYTES, entries);
        if (page.size() == limit || cut > 0) out.put("next", page.get(page.size() - cut - 1).id());
        else out.putNull("next");
        json.send(ctx, 200, out);
    }

    private ObjectNode entry(WriteLogEntry e, boolean addresses) {
        ObjectNode o = json.object().put("id", e.id()).put("at", e.at()).put("principal", e.principal());
        if (addresses) o.put("remoteAddress", e.remoteAddress());
        String[] route = e.route().split(" ", 2);
        o.put("method", route[0]).put("route", route.length > 1 ? route[1] : "");
        o.put("service", e.service()).put("version", e.version()).put("environment", e.environment()).put("status", e.status());
        // A counted entry stands for every write refused without a valid principal on its route, with its status, in
        // the minute from "at" to "until": a reader sees at once that it is many writes, not one.
        o.put("writes", e.writes()).put("counted", e.counted());
        if (e.counted()) o.put("until", e.at() + dev.wowcompat.store.WriteLogEntry.MINUTE_MILLIS);
        return o;
    }

    private static int number(Context ctx, String name, int absent) {
        long n = number(ctx, name, (long) absent);
        return n > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) n;
    }

    private static long number(Context ctx, String name, long absent) {
        String text = ctx.queryParam(name);
        if (text == null) return absent;
        try {
            long n = Long.parseLong(text.strip());
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new ApiException(ProblemCode.BAD_PARAMETER, name + " must be a whole number, 1 or more; got '" + text + "'.");
    }
}
