package dev.wowcompat.api;

import dev.wowcompat.access.Access;
import dev.wowcompat.access.Grant;
import dev.wowcompat.access.Principal;
import dev.wowcompat.ccompat.CcompatEndpoints;
import dev.wowcompat.ccompat.WriteAccess;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.store.WriteLogStore;
import dev.wowcompat.store.StoreException;
import dev.wowcompat.store.WriteLogEntry;
import dev.wowcompat.store.WriteRecord;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HttpResponseException;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may write, and the write log (docs/deployment.md, "Who may write"; docs/api.md, "GET /write-log"). {@link #writes}
 * wraps every write: it names the caller (401 when principals are configured and the token is missing or unknown),
 * runs the write, and appends one entry to the write log whatever the answer. The write itself says which grant it
 * needs with {@link #require} once it knows the service and environment (a deployment's are in its body): 403 when
 * the caller lacks it. A write refused without a valid principal is only counted (one row per route, status and
 * minute), so that strangers cannot grow the log; every {@value #PRUNE_EVERY} writes the oldest rows past the log's
 * bound are deleted.
 */
final class WriteGate {
    private static final Logger LOG = LoggerFactory.getLogger(WriteGate.class);
    private static final String NOTE = "wow-compat.write";
    /** Endpoints that stay open when reads need a token: liveness, readiness and the page's static files. */
    private static final List<String> ALWAYS_OPEN = List.of("/health", "/ready", "/", "/app.js", "/app.css");

    /** What one write names, filled in as the request is read; what the write log keeps of it. */
    private static final class Note {
        String principal = Principal.ANONYMOUS;
        Principal known;
        String unmatched;
        String service;
        String version;
        String environment;
        /** Set when the store appended this write's row in the write's own transaction: nothing more to append. */
        boolean recorded;
        /** The rows handed to the store, each of which it may have appended (read after the store returns). */
        final List<WriteRecord<?>> records = new java.util.ArrayList<>();

        /** Takes in what the store did with the rows handed to it: whether it kept one, and the version it learnt. */
        void sync() {
            for (java.util.Iterator<WriteRecord<?>> i = records.iterator(); i.hasNext(); ) {
                WriteRecord<?> r = i.next();
                if (r.appended() == null) continue;
                recorded = true;
                if (r.learnt() != null) version = r.learnt();
                i.remove();
            }
        }
    }

    /** How many writes pass between two prunings of the write log: the log may pass its bound by fewer rows than this. */
    static final int PRUNE_EVERY = 64;

    private final Access access;
    private final WriteLogStore store;
    private final int logRows;
    private final java.util.concurrent.atomic.AtomicLong writesSeen = new java.util.concurrent.atomic.AtomicLong();

    WriteGate(Access access, WriteLogStore store, int logRows) {
        this.access = access;
        this.store = store;
        this.logRows = logRows;
    }

    Handler writes(Handler handler) {
        return ctx -> {
            Note note = new Note();
            ctx.attribute(NOTE, note);
            note.service = ctx.pathParamMap().get("service");
            note.version = ctx.pathParamMap().get("version");
            note.environment = ctx.pathParamMap().get("env");
            int status = 500;
            boolean answered = false;
            try {
                if (access.required()) identify(ctx, note);
                handler.handle(ctx);
                status = ctx.status().getCode();
                answered = true;
            } catch (Exception e) {
                status = statusOf(e);
                throw e;
            } finally {
                // A stored write's row was committed with it; anything else (a refusal, a repeat, a failure after
                // the store's transaction, whose row then rolled back with it) is appended here.
                note.sync();
                if (!(answered && note.recorded)) append(ctx, note, status);
                if (writesSeen.incrementAndGet() % PRUNE_EVERY == 0) prune();
            }
        };
    }

    /** A valid token, always, with any grant (for {@code /metrics}, which needs a token when asked to). */
    Handler tokenRequired(Handler handler) {
        return ctx -> {
            identify(ctx, new Note());
            handler.handle(ctx);
        };
    }

    /** When reads need a token: every request but a write and {@link #ALWAYS_OPEN} needs the {@code read} grant. */
    void reads(Context ctx) {
        if (!access.readsNeedToken() || ALWAYS_OPEN.contains(ctx.path()) || OpsEndpoints.isModulePath(ctx.path()) || isWrite(ctx)) return;
        Note note = new Note();
        identify(ctx, note);
        check(note, Grant.READ);
    }

    private static boolean isWrite(Context ctx) {
        String method = ctx.method().name();
        if (method.equals("DELETE") || method.equals("PUT")) return true;
        if (!method.equals("POST")) return false;
        String path = ctx.path();
        if (path.startsWith(CcompatEndpoints.BASE + "/")) {
            // Confluent's look-up and compatibility check are POSTs that store nothing: reads.
            return path.endsWith("/versions") || path.endsWith("/versions/");
        }
        return !(path.equals("/validate") || path.equals("/verify/state") || path.endsWith("/releases/check"));
    }

    /** Refuses the write with 403 unless its caller holds {@code needed} (nothing to check when writes are open). */
    static void require(Context ctx, Grant needed) {
        Note note = ctx.attribute(NOTE);
        if (note == null) throw new IllegalStateException("require outside a write");
        if (note.known == null && note.unmatched == null) return; // writes are open
        check(note, needed);
    }

    private static void check(Note note, Grant needed) {
        if (note.unmatched != null) {
            throw new ApiException(ProblemCode.FORBIDDEN, "The OIDC token of '" + note.unmatched + "' is valid but matches no "
                    + "oidc entry of the principals file, so it holds no grant; it lacks " + needed + ".",
                    Map.of("principal", note.principal, "grant", needed.toString()));
        }
        if (!note.known.allows(needed)) {
            throw new ApiException(ProblemCode.FORBIDDEN, "Principal '" + note.known.name() + "' lacks the grant " + needed + ".",
                    Map.of("principal", note.known.name(), "grant", needed.toString()));
        }
    }

    /** Whether this request's caller holds {@code grant} (false for anonymous callers, also when writes are open). */
    boolean holds(Context ctx, Grant grant) {
        return access.required() && caller(ctx) instanceof Access.Caller.Known k && k.principal().allows(grant);
    }

    private Access.Caller caller(Context ctx) {
        return access.identify(token(ctx.header("Authorization")));
    }

    /**
     * The token of an {@code Authorization} header: a Bearer token, or the password of HTTP Basic, whatever the user
     * name (what Confluent's clients and Kafka UIs send; docs/ccompat.md, "Tokens, grants and limits"). Null when there is none.
     */
    static String token(String header) {
        if (header == null) return null;
        if (header.regionMatches(true, 0, "Bearer ", 0, 7)) return header.substring(7).strip();
        if (isBasic(header)) {
            try {
                String pair = new String(java.util.Base64.getDecoder().decode(header.substring(6).strip()), java.nio.charset.StandardCharsets.UTF_8);
                int colon = pair.indexOf(':');
                return colon < 0 ? null : pair.substring(colon + 1);
            } catch (IllegalArgumentException notBase64) {
                return null;
            }
        }
        return null;
    }

    /** Whether an {@code Authorization} header carries HTTP Basic credentials. */
    private static boolean isBasic(String header) {
        return header != null && header.regionMatches(true, 0, "Basic ", 0, 6);
    }

    /** The gate as the Confluent-compatible API's writes use it. */
    static WriteAccess access() {
        return new WriteAccess() {
            @Override
            public void require(Context ctx, Grant needed) {
                WriteGate.require(ctx, needed);
            }

            @Override
            public void about(Context ctx, String subject, String version) {
                WriteGate.about(ctx, subject, version, null);
            }

            @Override
            public <T> WriteRecord<T> record(Context ctx, int status) {
                return WriteGate.record(ctx, status);
            }

            @Override
            public <T> WriteRecord<T> record(Context ctx, int status, java.util.function.Function<T, String> version) {
                return WriteGate.record(ctx, status, version);
            }
        };
    }

    /** What the write names, once read from its body: kept in the write log. Null leaves a value as it is. */
    static void about(Context ctx, String service, String version, String environment) {
        Note note = ctx.attribute(NOTE);
        if (note == null) return;
        if (service != null) note.service = service;
        if (version != null) note.version = version;
        if (environment != null) note.environment = environment;
    }

    /**
     * The write-log row of this request's write, made now from what the request names, for the store to append in the
     * write's own transaction when it stores it: then it is answered {@code status}.
     */
    static <T> WriteRecord<T> record(Context ctx, int status) {
        return record(ctx, status, outcome -> null);
    }

    /** The same, with the version the write learns only from its outcome (a registration's, from its Manifest). */
    static <T> WriteRecord<T> record(Context ctx, int status, java.util.function.Function<T, String> version) {
        Note note = ctx.attribute(NOTE);
        if (note == null) return WriteRecord.none();
        // A row made after an earlier write of the same request names the version that write learnt, as its own would.
        note.sync();
        WriteRecord<T> record = WriteRecord.of(entry(ctx, note, status), outcome -> bounded(version.apply(outcome)));
        note.records.add(record);
        return record;
    }

    /** The caller's name, for what a write keeps of who made it. */
    static String principal(Context ctx) {
        Note note = ctx.attribute(NOTE);
        return note == null ? Principal.ANONYMOUS : note.principal;
    }

    private void identify(Context ctx, Note note) {
        Access.Caller caller = caller(ctx);
        if (caller instanceof Access.Caller.Anonymous) {
            ctx.header("WWW-Authenticate", "Bearer realm=\"wow-compat\"");
            throw new ApiException(ProblemCode.TOKEN_MISSING, "Send Authorization: Bearer <token>; this registry requires a token "
                    + (access.readsNeedToken() ? "for this request." : "to write."));
        }
        if (caller instanceof Access.Caller.Unmatched m) {
            note.unmatched = bounded(m.subject());
            note.principal = "oidc:" + note.unmatched;
        } else if (caller instanceof Access.Caller.Known k) {
            note.known = k.principal();
            note.principal = k.principal().name();
        } else {
            ctx.header("WWW-Authenticate", "Bearer realm=\"wow-compat\", error=\"invalid_token\"");
            // Answered in terms of what was sent: Confluent's clients and the UIs send the token as Basic's password.
            throw new ApiException(ProblemCode.TOKEN_INVALID, isBasic(ctx.header("Authorization"))
                    ? "The password (a token) of the Basic credentials is not accepted." : "The bearer token is not accepted.");
        }
    }

    private static int statusOf(Exception e) {
        if (e instanceof ApiException a) return a.status();
        if (e instanceof dev.wowcompat.ccompat.ConfluentError c) return c.status();
        if (e instanceof InvalidInputException) return ProblemCode.INVALID_INPUT.status();
        if (e instanceof HttpResponseException h) return h.getStatus();
        if (e instanceof StoreException) return ProblemCode.STORE_UNAVAILABLE.status();
        return ProblemCode.INTERNAL.status();
    }

    private static WriteLogEntry entry(Context ctx, Note note, int status) {
        return new WriteLogEntry(0, System.currentTimeMillis(), note.principal, ctx.req().getRemoteAddr(),
                ctx.method().name() + " " + ctx.endpointHandlerPath(), bounded(note.service), bounded(note.version),
                bounded(note.environment), status);
    }

    private void append(Context ctx, Note note, int status) {
        WriteLogEntry entry = entry(ctx, note, status);
        try {
            // Refused, and sent by no principal the registry knows (no token, an unknown one, a verified JWT that no
            // entry maps, or anyone on an open registry): the sender chose every name in it, and may send thousands.
            if (status >= 400 && note.known == null) store.countRefusal(entry.withPrincipal(Principal.ANONYMOUS));
            else store.appendWrite(entry);
        } catch (RuntimeException e) {
            // The write has been answered (or refused) already; a log that cannot be kept is the operator's alarm.
            LOG.error("could not append to the write log: {} {} by {} answered {}", entry.route(), entry.service(), entry.principal(), status, e);
        }
    }

    private void prune() {
        try {
            store.pruneWriteLog(logRows);
        } catch (RuntimeException e) {
            LOG.error("could not prune the write log to its newest {} rows", logRows, e);
        }
    }

    private static String bounded(String text) {
        return text == null || text.length() <= 200 ? text : text.substring(0, 200);
    }
}
