package dev.wowcompat.api;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.wire.JsonSchemas;
import dev.wowcompat.wire.StateVerifier;
import dev.wowcompat.wire.WireValidator;
import io.javalin.Javalin;
import io.javalin.http.Handler;
import java.util.Objects;

/**
 * The registry's HTTP server (DESIGN §6). {@link #routes} is the whole API on one screen; each handler is a small
 * method of an endpoint class, and every refusal leaves through {@link Problems}.
 */
public final class RegistryServer implements AutoCloseable {

    /**
     * @param host the address to listen on ({@code 127.0.0.1} unless the registry is meant to be reached from elsewhere)
     * @param port 0 for any free port
     * @param cachedTypes how many types of parsed earlier releases to keep in memory for checks
     */
    public record Config(String host, int port, Tokens tokens, InputLimits limits, int cachedTypes) {
        public Config {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(tokens, "tokens");
            Objects.requireNonNull(limits, "limits");
        }

        /** Loopback, any free port, no tokens, 16 MiB bodies, the reader's default depth and schema count. */
        public static Config local(int port) {
            return new Config("127.0.0.1", port, Tokens.none(), InputLimits.defaults().withMaxBytes(16L * 1024 * 1024), 20_000);
        }

        public Config withTokens(Tokens t) {
            return new Config(host, port, t, limits, cachedTypes);
        }

        public Config withLimits(InputLimits l) {
            return new Config(host, port, tokens, l, cachedTypes);
        }
    }

    private final Javalin app;
    private final Registration registration;

    private RegistryServer(Javalin app, Registration registration) {
        this.app = app;
        this.registration = registration;
    }

    public static RegistryServer start(RegistryStore store, Config config) {
        JsonResponses json = new JsonResponses();
        RequestBodies bodies = new RequestBodies(config.limits().maxBytes());
        Metrics metrics = new Metrics(store);
        Registration registration = new Registration(store, new ManifestReader(config.limits()), config.cachedTypes());
        JsonSchemas schemas = new JsonSchemas();
        Endpoints e = new Endpoints(
                new ReleaseEndpoints(store, registration, bodies, json, metrics),
                new TypeEndpoints(store, json),
                new SchemaEndpoints(store, json),
                new WireEndpoints(bodies, config.limits(), new WireValidator(schemas), new StateVerifier(schemas),
                        new StoreSchemas(store, json.mapper()), json),
                new OpsEndpoints(json, metrics, store),
                new Authorization(config.tokens()));
        Javalin app = Javalin.create(c -> {
            c.showJavalinBanner = false;
            c.http.maxRequestSize = config.limits().maxBytes();
            c.router.ignoreTrailingSlashes = true;
            c.http.prefer405over404 = true;
            c.router.apiBuilder(() -> routes(e));
        });
        new Problems(json.mapper()).install(app);
        app.before(metrics::started);
        app.after(metrics::finished);
        app.start(config.host(), config.port());
        return new RegistryServer(app, registration);
    }

    private record Endpoints(ReleaseEndpoints releases, TypeEndpoints types, SchemaEndpoints schemas, WireEndpoints wire,
                             OpsEndpoints ops, Authorization auth) {}

    /** The API of DESIGN §6. Writes are wrapped in {@code auth.writes}: they need a bearer token when tokens are set. */
    private static void routes(Endpoints e) {
        post("/services/{service}/releases",          e.auth.writes(e.releases::register));
        post("/services/{service}/releases/check",    e.releases::check);
        get("/services",                               e.releases::services);
        get("/services/{service}/releases",            e.releases::releases);
        get("/services/{service}/releases/{version}",  e.releases::release);
        get("/types",                                  e.types::search);
        get("/types/{name}",                           e.types::type);
        get("/events/{name}/revisions",                e.types::revisions);
        get("/events/{name}/revisions/{n}",            e.types::revision);
        get("/diff",                                   e.types::diff);
        get("/schemas/{fingerprint}",                  e.schemas::schema);
        get("/fingerprints/{fingerprint}",             e.schemas::usages);
        post("/verify/state",                          e.wire::verifyState);
        post("/validate",                              e.wire::validate);
        get("/health",                                 e.ops::health);
        get("/ready",                                  e.ops::ready);
        get("/metrics",                                e.ops::metrics);
        get("/",                                       e.ops::page);
        get("/app.js",                                 e.ops::script);
        get("/app.css",                                e.ops::styles);
    }

    public int port() {
        return app.port();
    }

    /** The address of the web page, e.g. {@code http://127.0.0.1:8081/}. */
    public String url(String host) {
        return "http://" + host + ":" + port() + "/";
    }

    public Registration registration() {
        return registration;
    }

    @Override
    public void close() {
        app.stop();
    }

    /** Writes need {@code Authorization: Bearer <token>} when tokens are configured. */
    static final class Authorization {
        private final Tokens tokens;

        Authorization(Tokens tokens) {
            this.tokens = tokens;
        }

        Handler writes(Handler handler) {
            return ctx -> {
                if (tokens.required()) {
                    String header = ctx.header("Authorization");
                    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
                        ctx.header("WWW-Authenticate", "Bearer realm=\"wow-compat\"");
                        throw new ApiException(ProblemCode.TOKEN_MISSING, "Send Authorization: Bearer <token>; this registry requires a token to write.");
                    }
                    if (!tokens.accepts(header.substring(7).strip())) {
                        ctx.header("WWW-Authenticate", "Bearer realm=\"wow-compat\", error=\"invalid_token\"");
                        throw new ApiException(ProblemCode.TOKEN_INVALID, "The bearer token is not accepted.");
                    }
                }
                handler.handle(ctx);
            };
        }
    }
}
