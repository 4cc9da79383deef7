package dev.wowcompat.api;

import static io.javalin.apibuilder.ApiBuilder.delete;
import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;
import static io.javalin.apibuilder.ApiBuilder.put;

import dev.wowcompat.access.Access;
import dev.wowcompat.ccompat.CcompatEndpoints;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.wire.JsonSchemas;
import dev.wowcompat.wire.StateVerifier;
import dev.wowcompat.wire.WireValidator;
import io.javalin.Javalin;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The registry's HTTP server (docs/api.md). {@link #routes} is the whole API on one screen; each handler is a small
 * method of an endpoint class, and every refusal leaves through {@link Problems}.
 */
public final class RegistryServer implements AutoCloseable {

    /**
     * @param host the address to listen on ({@code 127.0.0.1} unless the registry is meant to be reached from elsewhere)
     * @param port 0 for any free port
     * @param cachedBytes how many bytes of Manifest text the parsed earlier releases kept in memory for checks may
     *        have been read from ({@link Registration#defaultCachedBytes})
     */
    public record Config(String host, int port, Access access, InputLimits limits, long cachedBytes, Guards guards,
                         List<String> allowedHosts) {
        public Config {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(access, "access");
            allowedHosts = List.copyOf(allowedHosts);
            Objects.requireNonNull(limits, "limits");
            Objects.requireNonNull(guards, "guards");
            if (limits.maxBytes() > Guards.MAX_BODY_CEILING) {
                throw new IllegalArgumentException("the body limit " + limits.maxBytes() + " is above the ceiling of "
                        + Guards.MAX_BODY_CEILING + " bytes");
            }
            if (guards.metricsNeedToken() && !access.required()) {
                throw new IllegalArgumentException("/metrics can only require a token when tokens are configured");
            }
        }

        /** Loopback, any free port, no tokens, 16 MiB bodies, the reader's default depth and schema count. */
        public static Config local(int port) {
            return new Config("127.0.0.1", port, Access.open(),
                    InputLimits.defaults().withMaxBytes(16L * 1024 * 1024).withMaxTokens(InputLimits.SERVER_MAX_TOKENS),
                    Registration.defaultCachedBytes(), Guards.defaults(), List.of());
        }

        public Config(String host, int port, Access access, InputLimits limits, long cachedBytes, Guards guards) {
            this(host, port, access, limits, cachedBytes, guards, List.of());
        }

        /**
         * Whether anyone is needed to prove who they are before writing. The one question the start-up check asks
         * (docs/deployment.md, "Who may write").
         */
        public boolean hasWriters() {
            return access.required();
        }

        /** Names besides the loopback ones that requests may be addressed to, when bound to a loopback address. */
        public Config withAllowedHosts(List<String> names) {
            return new Config(host, port, access, limits, cachedBytes, guards, names);
        }

        /** Each token a principal with {@code admin} (as {@code --tokens}). */
        public Config withTokens(Tokens t) {
            return withAccess(new Access(t.principals(), null, false));
        }

        public Config withAccess(Access a) {
            return new Config(host, port, a, limits, cachedBytes, guards, allowedHosts);
        }

        public Config withLimits(InputLimits l) {
            return new Config(host, port, access, l, cachedBytes, guards, allowedHosts);
        }

        public Config withGuards(Guards g) {
            return new Config(host, port, access, limits, cachedBytes, g, allowedHosts);
        }
    }

    /** The server could not listen on its address: taken by another process, or not an address of this machine. */
    public static final class CannotListen extends RuntimeException {
        private final String address;
        private final boolean inUse;

        CannotListen(String host, int port, Exception cause) {
            super(why(host, cause), cause);
            // An IPv6 literal is bracketed, as in a URL, so that the port stays apart from it.
            this.address = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
            // Jetty wraps the JDK's BindException, which says "in use" only in its message ("Address already in use",
            // on Windows with ": bind" after it). A port below 1024 without the privilege is a BindException too
            // ("Permission denied"), which must not be called "in use".
            Throwable root = innermost(cause);
            this.inUse = root instanceof java.net.BindException && root.getMessage() != null
                    && root.getMessage().toLowerCase(java.util.Locale.ROOT).contains("already in use");
        }

        /** The JDK's words ("null", "Cannot assign requested address") as a sentence a user acts on. */
        private static String why(String host, Exception cause) {
            String notHere = notHere(host);
            for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) return notHere;
            }
            String message = String.valueOf(innermost(cause).getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (message.contains("assign requested address") || message.equals("null")) return notHere;
            if (message.contains("permission denied")) return "permission denied: a port below 1024 needs privileges; choose another --port";
            return "the operating system refused it (" + innermost(cause).getMessage() + ")";
        }

        static String notHere(String host) {
            return host + " is not an address of this machine: give one of its addresses to --host "
                    + "(127.0.0.1 for this machine only, 0.0.0.0 for all)";
        }

        private static Throwable innermost(Throwable t) {
            while (t.getCause() != null && t.getCause() != t) t = t.getCause();
            return t;
        }

        /** {@code host:port}, as asked for. */
        public String address() {
            return address;
        }

        /** Whether another socket holds the address. */
        public boolean inUse() {
            return inUse;
        }
    }

    /** One endpoint: its method and path template, e.g. {@code GET} and {@code /types/{name}}. */
    public record Route(String method, String path) {}

    /** A deployment's body is a service and a version: anything near this size is not one. */
    private static final long DEPLOYMENT_BODY_BYTES = 64 * 1024;

    private final Javalin app;
    private final Registration registration;
    private final Readiness readiness;
    private final List<Route> routes;

    private RegistryServer(Javalin app, Registration registration, Readiness readiness, List<Route> routes) {
        this.app = app;
        this.registration = registration;
        this.readiness = readiness;
        this.routes = List.copyOf(routes);
    }

    public static RegistryServer start(RegistryStore store, Config config) {
        return start(store, config, java.time.Clock.systemUTC());
    }

    /** The server on another clock than the system's (a test's): what a window's times are checked against. */
    public static RegistryServer start(RegistryStore store, Config config, java.time.Clock clock) {
        JsonResponses json = new JsonResponses();
        ExpensiveRequests costly = new ExpensiveRequests(config.guards(), config.limits().maxTokens());
        RequestBodies bodies = new RequestBodies(config.limits().maxBytes(), costly::holdMemory);
        Readiness readiness = new Readiness();
        Metrics metrics = new Metrics(store, store);
        Registration registration = new Registration(store, new ManifestReader(config.limits()).ready(), config.cachedBytes());
        // Releases stored before the store indexed what they read are indexed before the first request reads the index.
        registration.indexPendingUses();
        JsonSchemas schemas = new JsonSchemas();
        WriteGate gate = new WriteGate(config.access(), store, config.guards().writeLogRows());
        Endpoints e = new Endpoints(
                new ReleaseEndpoints(store, registration, bodies, json, metrics),
                new TypeEndpoints(store, store, store, json),
                new EventReaderEndpoints(store, store, json),
                new SchemaEndpoints(store, store, json),
                new WireEndpoints(bodies, config.limits(), new WireValidator(schemas), new StateVerifier(schemas),
                        new StoreSchemas(store, store, json.mapper()), json, config.guards().listedViolations()),
                new OpsEndpoints(json, metrics, store, readiness),
                new EnvironmentEndpoints(store, new RequestBodies(Math.min(config.limits().maxBytes(), DEPLOYMENT_BODY_BYTES)),
                        new JsonInput(config.limits()), json),
                new CanDeployEndpoint(store, store, store, store, store, registration, json),
                new ProfileEndpoints(store, store, store, registration, bodies, new JsonInput(config.limits()), json),
                new WireWindowEndpoints(store, store, registration, bodies, new JsonInput(config.limits()), json, clock),
                gate,
                new AdminEndpoints(store, store, store, gate, json),
                costly,
                config.guards().metricsNeedToken(),
                new CcompatEndpoints(store, store, store.subjects(), (service, manifest) -> registration.check(service, manifest, "ccompat"),
                        WriteGate.access(), new JsonInput(config.limits()), bodies::json),
                new ReplayEndpoints(store, bodies, json, clock));
        Problems problems = new Problems(json.mapper());
        List<Route> routes = new ArrayList<>();
        Javalin app = Javalin.create(c -> {
            c.showJavalinBanner = false;
            c.http.maxRequestSize = config.limits().maxBytes();
            c.router.ignoreTrailingSlashes = true;
            c.http.prefer405over404 = true;
            c.jetty.addConnector((server, http) -> JettySettings.connector(server, http, config.host(), config.port(), config.guards()));
            c.jetty.modifyServer(server -> JettySettings.server(server, config.guards(), problems));
            // The route table as the router took it, so that what is served can be compared with docs/openapi.json.
            c.events(events -> events.handlerAdded(h -> {
                if (h.getHttpMethod().isHttpMethod()) routes.add(new Route(h.getHttpMethod().name(), h.getPath()));
            }));
            c.router.apiBuilder(() -> routes(e));
            problems.installForErrors(c.router);
        });
        problems.install(app);
        app.before(metrics::started);
        app.before(SecurityHeaders::add);
        app.before(new HostCheck(config.host(), config.allowedHosts())::check);
        app.before(gate::reads);
        app.after(metrics::finished);
        app.start();
        return new RegistryServer(app, registration, readiness, routes);
    }

    private record Endpoints(ReleaseEndpoints releases, TypeEndpoints types, EventReaderEndpoints readers, SchemaEndpoints schemas,
                             WireEndpoints wire, OpsEndpoints ops, EnvironmentEndpoints environments, CanDeployEndpoint canDeploy,
                             ProfileEndpoints profiles, WireWindowEndpoints watched, WriteGate auth, AdminEndpoints admin, ExpensiveRequests costly,
                             boolean metricsNeedToken, CcompatEndpoints ccompat, ReplayEndpoints replays) {}

    /**
     * The API of docs/api.md. Writes are wrapped in {@code auth.writes}: they need a principal when principals or
     * tokens are set, and each is appended to the write log. Requests that run the checker or a validator are wrapped in {@code costly.limited}: only a
     * few run at once (per client and in all), the rest are answered 429/503 with Retry-After at once.
     */
    private static void routes(Endpoints e) {
        post("/services/{service}/releases",                e.auth.writes(e.costly.limited(e.releases::register)));
        post("/services/{service}/releases/check",          e.costly.limited(e.releases::check));
        post("/services/{service}/releases/{version}/withdraw", e.auth.writes(e.admin::withdraw));
        get("/services",                                    e.releases::services);
        get("/services/{service}/releases",                 e.releases::releases);
        get("/services/{service}/releases/{version}",       e.releases::release);
        put("/services/{service}/releases/{version}/replay", e.auth.writes(e.replays::put));
        get("/types",                                       e.types::search);
        get("/types/{name}",                                e.types::type);
        get("/fields",                                      e.types::fieldSearch);
        get("/events/{name}/revisions",                     e.types::revisions);
        get("/events/{name}/revisions/{n}",                 e.types::revision);
        get("/events/{name}/readers",                       e.readers::readers);
        get("/diff",                                        e.types::diff);
        get("/schemas/{fingerprint}",                       e.schemas::schema);
        get("/fingerprints/{fingerprint}",                  e.schemas::usages);
        post("/environments/{env}/deployments",             e.auth.writes(e.environments::record));
        delete("/environments/{env}/deployments/{service}", e.auth.writes(e.environments::undeploy));
        get("/environments",                                e.environments::environments);
        get("/environments/{env}",                          e.environments::environment);
        post("/environments/{env}/profiles",                e.auth.writes(e.costly.limited(e.profiles::record)));
        get("/environments/{env}/profiles",                 e.profiles::types);
        delete("/environments/{env}/profiles",              e.auth.writes(e.admin::deleteProfiles));
        get("/environments/{env}/profiles/{type}",          e.profiles::type);
        post("/environments/{env}/wire",                    e.auth.writes(e.costly.limited(e.watched::post)));
        get("/environments/{env}/wire",                     e.watched::wire);
        delete("/environments/{env}/wire",                  e.auth.writes(e.watched::reset));
        get("/environments/{env}/wire/positions",           e.watched::positions);
        get("/write-log",                                   e.admin::writeLog);
        get("/can-deploy",                                  e.costly.limited(e.canDeploy::check));
        post("/verify/state",                               e.costly.limited(e.wire::verifyState));
        post("/validate",                                   e.costly.limited(e.wire::validate));
        get("/health",                                      e.ops::health);
        get("/ready",                                       e.ops::ready);
        get("/metrics",                                     e.metricsNeedToken ? e.auth.tokenRequired(e.ops::metrics) : e.ops::metrics);
        get("/openapi.json",                                e.ops::openApi);
        get("/",                                            e.ops::page);
        get("/app.js",                                      e.ops::script);
        get("/js/{file}",                                   e.ops::module);
        get("/app.css",                                     e.ops::styles);
        ccompatRoutes(e.ccompat, e.auth, e.costly);
    }

    /** Confluent's Schema Registry API (docs/ccompat.md): its writes through the same gate, its checks limited the same way. */
    private static void ccompatRoutes(CcompatEndpoints c, WriteGate auth, ExpensiveRequests costly) {
        String p = CcompatEndpoints.BASE;
        get(p,                                                          c::root);
        get(p + "/subjects",                                            c::subjectList);
        post(p + "/subjects/{subject}",                                 costly.limited(c::lookup));
        delete(p + "/subjects/{subject}",                               auth.writes(c::deleteSubject));
        get(p + "/subjects/{subject}/versions",                         c::versions);
        post(p + "/subjects/{subject}/versions",                        auth.writes(costly.limited(c::register)));
        get(p + "/subjects/{subject}/versions/{version}",               c::version);
        delete(p + "/subjects/{subject}/versions/{version}",            auth.writes(c::deleteVersion));
        get(p + "/subjects/{subject}/versions/{version}/schema",        c::versionSchema);
        get(p + "/schemas/ids/{id}",                                    c::schemaById);
        get(p + "/schemas/ids/{id}/schema",                             c::schemaByIdRaw);
        get(p + "/schemas/ids/{id}/subjects",                           c::idSubjects);
        get(p + "/schemas/ids/{id}/versions",                           c::idVersions);
        get(p + "/schemas/types",                                       c::schemaTypes);
        get(p + "/config",                                              c::globalConfig);
        put(p + "/config",                                              auth.writes(c::putGlobalConfig));
        delete(p + "/config",                                           auth.writes(c::deleteGlobalConfig));
        get(p + "/config/{subject}",                                    c::subjectConfig);
        put(p + "/config/{subject}",                                    auth.writes(c::putSubjectConfig));
        delete(p + "/config/{subject}",                                 auth.writes(c::deleteSubjectConfig));
        get(p + "/mode",                                                c::mode);
        put(p + "/mode",                                                auth.writes(c::putMode));
        post(p + "/compatibility/subjects/{subject}/versions/{version}", costly.limited(c::compatibility));
    }

    /** Every endpoint {@link #routes(Endpoints)} added, in its order. */
    public List<Route> routes() {
        return routes;
    }

    public int port() {
        return app.port();
    }

    /** Whether {@code host} is a loopback address, where the Host check closes DNS rebinding. */
    public static boolean isLoopback(String host) {
        return HostCheck.isLoopback(host);
    }

    /**
     * Whether the host names an address of this machine (any, loopback, or an interface's), asked before listening
     * so that a mistyped {@code --host} is called what it is rather than refused for another reason.
     */
    public static boolean isAddressOfThisMachine(String host) {
        try {
            java.net.InetAddress address = java.net.InetAddress.getByName(host);
            return address.isAnyLocalAddress() || address.isLoopbackAddress() || java.net.NetworkInterface.getByInetAddress(address) != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The sentence for a host that is not an address of this machine (as {@link CannotListen} words it). */
    public static String notAnAddressHere(String host) {
        return CannotListen.notHere(host);
    }

    /** The address of the web page, e.g. {@code http://127.0.0.1:8081/}. */
    public String url(String host) {
        return "http://" + host + ":" + port() + "/";
    }

    public Registration registration() {
        return registration;
    }

    /** From now on {@code GET /ready} answers 200 (while the database answers): start-up work is done. */
    public void markReady() {
        readiness.markReady();
    }

    /**
     * Stops accepting connections, lets requests in flight finish (up to {@link Guards#stopTimeout()}), then
     * stops. The caller closes the store afterwards.
     */
    @Override
    public void close() {
        app.stop();
    }
}
