package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static dev.wowcompat.testing.RunningRegistry.deployment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.OpenApiDocument;
import dev.wowcompat.testing.OpenApiDocument.Operation;
import dev.wowcompat.testing.PrefixTwins;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestPrincipals;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/openapi.json against the registry that serves it: the document is valid OpenAPI 3.1 (swagger-parser reports
 * nothing, and every schema in it is valid JSON Schema 2020-12), it describes every route of {@link RegistryServer},
 * and real answers of every operation, a success and at least one problem each, are answers it declares (status,
 * content type, body against the schema, required headers).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenApiDocumentTest {
    private static final String TOKEN = "openapi-test-token";
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    /** The demo releases (bank-service, courtyard, standing-orders) and the releases the requests below register. */
    private RunningRegistry registry;
    /** Tokens for writes and /metrics, and a 4 KiB body limit. */
    private RunningRegistry guarded;
    /** Never marked ready. */
    private RunningRegistry starting;
    /** Principals: one that may only read. */
    private RunningRegistry granted;
    /** Principals, and reads need a token. */
    private RunningRegistry reading;
    private String served;
    private OpenApiDocument document;

    @BeforeAll
    void start(@TempDir Path dir) {
        registry = new RunningRegistry(dir.resolve("demo.db"), RegistryServer.Config.local(0));
        StringWriter log = new StringWriter();
        assertTrue(DemoReleases.register(registry.server().registration(), new PrintWriter(log)) >= 6, log.toString());
        guarded = new RunningRegistry(dir.resolve("guarded.db"), RegistryServer.Config.local(0)
                .withTokens(Tokens.of(List.of(TOKEN))).withGuards(Guards.defaults().withMetricsNeedToken(true))
                .withLimits(InputLimits.defaults().withMaxBytes(4096)));
        starting = new RunningRegistry(dir.resolve("starting.db"), RegistryServer.Config.local(0), false);
        granted = new RunningRegistry(dir.resolve("granted.db"), new TestPrincipals().principal("dashboard", TOKEN, "read").config(dir));
        Path readers = dir.resolve("reading");
        try {
            java.nio.file.Files.createDirectories(readers);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        reading = new RunningRegistry(dir.resolve("reading.db"), RegistryServer.Config.local(0).withAccess(
                new dev.wowcompat.access.Access(new TestPrincipals().principal("dashboard", TOKEN, "read").access(readers).principals(), null, true)));
        Answer openApi = registry.get("/openapi.json");
        assertEquals(200, openApi.status(), openApi.body());
        served = openApi.body();
        document = new OpenApiDocument(served);
    }

    @AfterAll
    void stop() {
        for (RunningRegistry r : new RunningRegistry[] {registry, guarded, starting, granted, reading}) {
            if (r != null) r.close();
        }
    }

    @Test
    void theServedDocumentIsDocsOpenapiJson() throws Exception {
        assertEquals(Files.readString(Path.of("..", "docs", "openapi.json")), served,
                "GET /openapi.json serves docs/openapi.json as the build copied it");
        assertEquals("3.1.0", document.root().path("openapi").asText());
    }

    @Test
    void theDocumentIsValidOpenApi31() {
        SwaggerParseResult result = parse(served);
        assertEquals(List.of(), result.getMessages(), "swagger-parser's messages");
        assertEquals(SpecVersion.V31, result.getOpenAPI().getSpecVersion());
        assertEquals(document.operations().size(), result.getOpenAPI().getPaths().values().stream()
                .mapToInt(p -> p.readOperations().size()).sum(), "every operation was read");
        assertEquals(List.of(), document.invalidSchemas(), "schemas that are not valid JSON Schema 2020-12");
    }

    @Test
    void canDeploysFormatsAreTheReportFormats() {
        com.fasterxml.jackson.databind.JsonNode get = document.root().path("paths").path("/can-deploy").path("get");
        List<String> offered = new java.util.ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode p : get.path("parameters")) {
            if (p.path("name").asText().equals("format")) p.path("schema").path("enum").forEach(v -> offered.add(v.asText()));
        }
        List<String> formats = java.util.Arrays.stream(dev.wowcompat.report.ReportFormat.values()).map(dev.wowcompat.report.ReportFormat::label).toList();
        assertEquals(formats.stream().sorted().toList(), offered.stream().sorted().toList(), "the format parameter's values");
        com.fasterxml.jackson.databind.JsonNode content = get.path("responses").path("200").path("content");
        for (dev.wowcompat.report.ReportFormat f : dev.wowcompat.report.ReportFormat.values()) {
            String type = f.mediaType().split(";")[0];
            assertTrue(content.has(type), f.label() + "'s media type " + type + " is described");
        }
    }

    /** The checks above would notice a broken document: swagger-parser's messages, the meta-schema's errors. */
    @Test
    void aBrokenDocumentIsNoticed() {
        ObjectNode broken = (ObjectNode) document.root().deepCopy();
        broken.remove("info");
        ((ObjectNode) broken.at("/paths/~1services/get")).put("summery", "a misspelt member");
        ((ObjectNode) broken.at("/paths/~1types~1{name}/get/responses/200/content/application~1json/schema")).put("$ref", "#/components/schemas/Nowhere");
        List<String> messages = parse(broken.toString()).getMessages();
        assertTrue(messages.stream().anyMatch(m -> m.contains("info")), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.contains("summery")), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.contains("Nowhere")), messages.toString());

        ((ObjectNode) broken.at("/components/schemas/Report")).put("type", "record");
        assertFalse(new OpenApiDocument(broken.toString()).invalidSchemas().isEmpty());
    }

    private static SwaggerParseResult parse(String text) {
        ParseOptions options = new ParseOptions();
        options.setResolve(false); // every $ref is inside the document; nothing is fetched
        options.setValidateInternalRefs(true);
        return new OpenAPIV3Parser().readContents(text, null, options);
    }

    /** Read back from the router ({@link RegistryServer#routes()}), not from a second list. */
    @Test
    void everyProblemCodeIsNamedInTheDocument() {
        List<String> unnamed = java.util.Arrays.stream(ProblemCode.values()).map(ProblemCode::code)
                .filter(code -> !served.contains("`" + code + "`") && !served.contains("\"" + code + "\"")).toList();
        assertEquals(List.of(), unnamed, "problem codes docs/openapi.json never names");
    }

    @Test
    void everyRouteIsDescribed() {
        List<String> routes = registry.server().routes().stream().map(r -> r.method() + " " + r.path()).toList();
        assertTrue(routes.contains("GET /openapi.json"), routes.toString());
        List<String> undescribed = routes.stream().filter(r -> document.operation(r.split(" ", 2)[0], r.split(" ", 2)[1]).isEmpty()).toList();
        assertEquals(List.of(), undescribed, "routes docs/openapi.json does not describe");
        List<String> withoutRoute = document.operations().stream().filter(o -> !routes.contains(o.toString()))
                .map(Operation::toString).toList();
        assertEquals(List.of(), withoutRoute, "operations of docs/openapi.json the registry does not have");
    }

    // ------------------------------------------------------------------------------------------ real answers

    /** One request to one operation, and the status the registry must answer. */
    private record Exchange(String method, String template, String target, Supplier<Answer> send, int expected) {
        @Override
        public String toString() {
            return method + " " + target + " → " + expected;
        }
    }

    private final Map<String, Set<String>> answered = new LinkedHashMap<>();

    @TestFactory
    Stream<DynamicTest> realAnswersAreTheDocumentedOnes() throws Exception {
        List<Exchange> exchanges = exchanges();
        return Stream.concat(
                exchanges.stream().map(x -> DynamicTest.dynamicTest(x.toString(), () -> check(x))),
                Stream.of(DynamicTest.dynamicTest("every operation answered a success and a problem", this::everyOperationWasAnswered)));
    }

    private void check(Exchange x) {
        Operation operation = document.operation(x.method(), x.template())
                .orElseThrow(() -> new AssertionError(x.method() + " " + x.template() + " is not in docs/openapi.json"));
        Answer a = x.send().get();
        assertEquals(x.expected(), a.status(), a.body());
        assertEquals(List.of(), document.mismatches(operation, a.status(), a.response().headers(), a.body()),
                "the answer " + a.status() + " " + a.header("Content-Type") + " of " + x + ": " + abbreviated(a.body()));
        answered.computeIfAbsent(operation.toString(), k -> new TreeSet<>()).add(a.status() < 400 ? "success" : "problem");
    }

    private void everyOperationWasAnswered() {
        List<String> missing = new ArrayList<>();
        for (Operation o : document.operations()) {
            Set<String> kinds = answered.getOrDefault(o.toString(), Set.of());
            if (!kinds.equals(Set.of("success", "problem"))) missing.add(o + " answered " + kinds);
        }
        assertEquals(List.of(), missing, "operations without both a success and a problem answer checked");
    }

    private static String abbreviated(String body) {
        return body.length() > 2000 ? body.substring(0, 2000) + "..." : body;
    }

    /** Every operation: a success and problems, in an order where each request finds what earlier ones stored. */
    private List<Exchange> exchanges() throws Exception {
        List<Exchange> x = new ArrayList<>();
        String releases = "/services/{service}/releases";
        String acct10 = BankManifests.bank("acct", "1.0.0", 1, true);
        x.add(post(releases, "/services/acct/releases", acct10, 201));
        x.add(post(releases, "/services/acct/releases", acct10, 200));
        x.add(post(releases, "/services/acct/releases", BankManifests.withDescription(acct10, "other text"), 409));
        x.add(post(releases, "/services/acct/releases", BankManifests.withoutDeposited("acct", "1.1.0"), 409));
        x.add(post(releases, "/services/other/releases", BankManifests.bank("acct", "1.1.0", 2, false), 400));
        x.add(post(releases, "/services/acct/releases", "{\"manifest\": 1, \"service\": ", 400));
        x.add(post(releases, "/services/acct/releases", "{\"manifest\": 1, \"service\": \"acct\"}", 400));
        x.add(new Exchange("POST", releases, "/services/acct/releases (text/plain)",
                () -> registry.post("/services/acct/releases", acct10, Map.of("Content-Type", "text/plain")), 415));
        x.add(new Exchange("POST", releases, "/services/acct/releases (no token)",
                () -> guarded.post("/services/acct/releases", acct10), 401));
        x.add(new Exchange("POST", releases, "/services/acct/releases (a token not accepted)",
                () -> guarded.post("/services/acct/releases", acct10, Map.of("Content-Type", "application/json", "Authorization", "Bearer not-it")), 401));
        x.add(new Exchange("POST", releases, "/services/acct/releases (a principal without publish:acct)",
                () -> granted.post("/services/acct/releases", acct10, as(TOKEN)), 403));
        x.add(new Exchange("POST", releases, "/services/acct/releases (over the 4 KiB limit)",
                () -> guarded.post("/services/acct/releases", BankManifests.withDescription(acct10, "x".repeat(5000)), as(TOKEN)), 413));
        String check = "/services/{service}/releases/check";
        x.add(post(check, "/services/acct/releases/check", BankManifests.bank("acct", "1.1.0", 2, false), 200));
        x.add(post(check, "/services/acct/releases/check", BankManifests.withoutDeposited("acct", "1.1.0"), 200));
        x.add(post(check, "/services/acct/releases/check", "{\"manifest\": 2}", 400));
        x.add(get("/services", "/services", 200));
        x.add(headersTooLarge("/services", "/services"));
        x.add(get(releases, "/services/bank-service/releases", 200));
        x.add(get(releases, "/services/nobody/releases", 404));
        String release = "/services/{service}/releases/{version}";
        x.add(get(release, "/services/bank-service/releases/1.2.0", 200));
        x.add(get(release, "/services/bank-service/releases/9.9.9", 404));

        x.add(get("/types", "/types?q=Deposit", 200));
        x.add(get("/types", "/types", 200));
        x.add(get("/types", "/types?q=" + "a".repeat(9000), 414));
        x.add(get("/types/{name}", "/types/bank.account.Deposited", 200));
        x.add(get("/types/{name}", "/types/bank.account", 200));
        x.add(get("/types/{name}", "/types/bank.account.Nothing", 404));
        x.add(get("/fields", "/fields?q=amount", 200));
        x.add(get("/fields", "/fields", 400));
        x.add(get("/events/{name}/revisions", "/events/bank.account.Deposited/revisions", 200));
        x.add(get("/events/{name}/revisions", "/events/bank.account.Deposit/revisions", 404));
        String revision = "/events/{name}/revisions/{n}";
        x.add(get(revision, "/events/bank.account.Deposited/revisions/2", 200));
        x.add(get(revision, "/events/bank.account.Deposited/revisions/two", 400));
        x.add(get(revision, "/events/bank.account.Deposited/revisions/9", 404));
        x.add(get(revision, "/events/bank.account.Nothing/revisions/1", 404));
        x.add(get("/diff", "/diff?subject=bank.account.Deposited&from=1&to=2", 200));
        x.add(get("/diff", "/diff?subject=bank.account.Withdraw&from=1.0.0&to=1.2.0&service=bank-service", 200));
        x.add(get("/diff", "/diff?subject=bank.account.Withdraw&from=1.0.0&to=1.2.0", 400)); // acct declares it too
        x.add(get("/diff", "/diff?subject=bank.account.Withdraw&from=1.0.0", 400));
        x.add(get("/diff", "/diff?subject=bank.account.Nothing&from=1.0.0&to=1.2.0", 404));
        x.add(get("/diff", "/diff?subject=bank.account.Withdraw&from=1.0.0&to=7.0.0&service=bank-service", 404));

        PrefixTwins twins = PrefixTwins.find("twins");
        x.add(post(releases, "/services/twins/releases", twins.manifest(), 201));
        String fp = twins.first();
        for (String base : List.of("/schemas", "/fingerprints")) {
            String template = base + "/{fingerprint}";
            x.add(get(template, base + "/" + fp, 200));
            x.add(get(template, base + "/" + twins.firstUniquePrefix(), 302));
            x.add(get(template, base + "/" + twins.sharedPrefix(), 300));
            x.add(get(template, base + "/ABC", 400));
            x.add(get(template, base + "/" + "0".repeat(64), 404));
        }
        x.add(new Exchange("GET", "/schemas/{fingerprint}", "/schemas/" + fp + " (If-None-Match)",
                () -> registry.get("/schemas/" + fp, Map.of("If-None-Match", "\"" + fp + "\"")), 304));

        String stateFingerprint = null;
        for (JsonNode usage : registry.get("/types/bank.account").json().path("releases")) {
            if (usage.path("kind").asText().equals("state")) stateFingerprint = usage.path("fingerprint").asText();
        }
        x.add(post("/verify/state", "/verify/state",
                "{\"aggregate\": \"bank.account\", \"schemaFingerprint\": \"" + stateFingerprint + "\", \"state\": {}}", 200));
        x.add(post("/verify/state", "/verify/state", "{\"schemaFingerprint\": \"" + "0".repeat(64) + "\", \"state\": {}}", 200));
        x.add(post("/verify/state", "/verify/state", "{\"schemaFingerprint\": \"abc\", \"state\": {}}", 400));
        x.add(post("/verify/state", "/verify/state", "{\"nothing\": true}", 422));
        x.add(post("/verify/state", "/verify/state", "[1, 2", 400));
        x.add(post("/validate", "/validate", example("envelope-state-event"), 200));
        x.add(post("/validate", "/validate?structure=wait-signal", example("wait-signal"), 200));
        x.add(post("/validate", "/validate?structure=nonsense", "{}", 400));
        x.add(post("/validate", "/validate", "{\"a\": 1}", 422));

        x.add(get("/health", "/health", 200));
        x.add(headersTooLarge("/health", "/health"));
        x.add(get("/ready", "/ready", 200));
        x.add(new Exchange("GET", "/ready", "/ready (starting)", () -> starting.get("/ready"), 503));
        x.add(get("/metrics", "/metrics", 200));
        x.add(new Exchange("GET", "/metrics", "/metrics (token needed)", () -> guarded.get("/metrics"), 401));
        x.add(new Exchange("GET", "/metrics", "/metrics (token)", () -> guarded.get("/metrics", as(TOKEN)), 200));
        x.add(get("/openapi.json", "/openapi.json", 200));
        x.add(headersTooLarge("/openapi.json", "/openapi.json"));
        for (String file : List.of("/", "/app.js", "/app.css")) {
            x.add(get(file, file, 200));
            x.add(headersTooLarge(file, file));
        }
        x.add(get("/js/{file}", "/js/router.js", 200));
        x.add(get("/js/{file}", "/js/no-such-module.js", 404));
        x.add(headersTooLarge("/js/{file}", "/js/router.js"));

        // Environments, deployments, can-deploy (issue 17).
        String deployments = "/environments/{env}/deployments";
        x.add(post(deployments, "/environments/staging/deployments", deployment("bank-service", "1.0.0"), 201));
        x.add(post(deployments, "/environments/staging/deployments", deployment("bank-service", "1.0.0"), 200));
        x.add(post(deployments, "/environments/staging/deployments", deployment("bank-service", "1.1.0"), 201));
        x.add(post(deployments, "/environments/staging/deployments", deployment("courtyard", "1.0.0"), 201));
        x.add(post(deployments, "/environments/staging/deployments", deployment("bank-service", "9.9.9"), 404));
        x.add(post(deployments, "/environments/staging/deployments", "{\"service\": \"bank-service\"}", 400));
        x.add(post(deployments, "/environments/Not%20A%20Name/deployments", deployment("bank-service", "1.0.0"), 400));
        x.add(new Exchange("POST", deployments, "/environments/staging/deployments (no token)",
                () -> guarded.post("/environments/staging/deployments", deployment("acct", "1.0.0")), 401));
        x.add(get("/environments", "/environments", 200));
        x.add(headersTooLarge("/environments", "/environments"));
        x.add(get("/environments/{env}", "/environments/staging", 200));
        x.add(get("/environments/{env}", "/environments/nowhere", 404));
        // An event's readers once a consumer is registered and runs somewhere: every member of the answer is filled.
        x.add(post(releases, "/services/audit/releases", BankManifests.depositReader("audit", "1.0.0", 1, 2), 201));
        x.add(post(deployments, "/environments/staging/deployments", deployment("audit", "1.0.0"), 201));
        String readers = "/events/{name}/readers";
        x.add(get(readers, "/events/bank.account.Deposited/readers", 200));
        x.add(get(readers, "/events/bank.account.Deposit/readers", 404));
        x.add(headersTooLarge(readers, "/events/bank.account.Deposited/readers"));
        // Profiles of what releases wrote (issue 26).
        String profiles = "/environments/{env}/profiles";
        x.add(post(profiles, "/environments/staging/profiles", profileSet("bank-service@1.1.0"), 200));
        x.add(post(profiles, "/environments/staging/profiles", profileSet("bank-service@9.9.9"), 404));
        // 1.0.0 declares only Deposited@1; 1.2.0 declares Deposited@2 but never ran in staging.
        x.add(post(profiles, "/environments/staging/profiles", profileSet("bank-service@1.0.0"), 400));
        x.add(post(profiles, "/environments/production/profiles", profileSet("bank-service@1.1.0"), 400));
        x.add(post(profiles, "/environments/staging/profiles", "{\"profileFormat\": 2, \"fields\": []}", 400));
        x.add(post(profiles, "/environments/staging/profiles", "{\"profileFormat\": 1, ", 400));
        x.add(new Exchange("POST", profiles, "/environments/staging/profiles (no token)",
                () -> guarded.post("/environments/staging/profiles", profileSet("bank-service@1.1.0")), 401));
        x.add(get(profiles, "/environments/staging/profiles", 200));
        x.add(delete(profiles, "/environments/staging/profiles", 400));
        x.add(delete(profiles, "/environments/staging/profiles?release=bank-service@1.1.0", 200));
        x.add(delete(profiles, "/environments/staging/profiles?release=bank-service@1.1.0", 404));
        x.add(post(profiles, "/environments/staging/profiles", profileSet("bank-service@1.1.0"), 200));
        x.add(get(profiles, "/environments/Staging/profiles", 400));
        String typeProfiles = "/environments/{env}/profiles/{type}";
        x.add(get(typeProfiles, "/environments/staging/profiles/bank.account.Deposited", 200));
        x.add(get(typeProfiles, "/environments/staging/profiles/bank.account.Deposited?revision=2&release=bank-service@1.1.0", 200));
        x.add(get(typeProfiles, "/environments/staging/profiles/bank.account.Deposited?revision=two", 400));
        x.add(get(typeProfiles, "/environments/staging/profiles/bank.account.Deposited?release=bank-service", 400));
        x.add(get(typeProfiles, "/environments/staging/profiles/bank.account.Withdrawn", 404));
        // The wire, as a watcher posts it: a window, its replay, and the reads.
        String wire = "/environments/{env}/wire";
        x.add(post(wire, "/environments/staging/wire", window(0, 50, true), 200));
        x.add(post(wire, "/environments/staging/wire", window(0, 50, false), 409));
        x.add(post(wire, "/environments/staging/wire", window(0, 0, false).replace("\"ranges\": [{\"topic\": \"wow.bank.event\", "
                + "\"partition\": 0, \"from\": 0, \"to\": 0}]", "\"ranges\": []"), 400));
        x.add(post(wire, "/environments/staging/wire", "{\"group\": 1}", 400));
        x.add(post(wire, "/environments/staging/wire", window(50, 60, false).replace("\"records\": {\"bank-service@1.1.0\"",
                "\"records\": {\"bank-service@9.9.9\""), 422));
        x.add(new Exchange("POST", wire, "/environments/staging/wire (no token)",
                () -> guarded.post("/environments/staging/wire", window(0, 5, false)), 401));
        x.add(get(wire, "/environments/staging/wire", 200));
        x.add(get(wire, "/environments/staging/wire?type=bank.account.Deposited", 200));
        x.add(get(wire, "/environments/Staging/wire", 400));
        String positions = "/environments/{env}/wire/positions";
        x.add(get(positions, "/environments/staging/wire/positions?group=wow-compat-watch.staging", 200));
        x.add(get(positions, "/environments/staging/wire/positions", 400));
        // A reset, of one group's positions, then of the whole wire.
        x.add(delete(wire, "/environments/staging/wire?group=wow-compat-watch.staging", 200));
        x.add(delete(wire, "/environments/staging/wire?group=a%20b", 400));
        x.add(delete(wire, "/environments/staging/wire", 200));
        x.add(new Exchange("DELETE", wire, "/environments/staging/wire (no token)", () -> guarded.delete("/environments/staging/wire"), 401));
        // A replay's verdict kept with 1.2.0 (info only): the can-deploy answers below carry it.
        String replay = "/services/{service}/releases/{version}/replay";
        String replayReport = "{\"replay\": {\"replayedAt\": \"2026-01-01T00:00:00Z\", \"toolVersion\": \"0.9.0\", \"aggregates\": 2, "
                + "\"events\": 9}, \"findings\": [{\"id\": \"replay-event-unsourced\", \"severity\": \"info\", \"count\": 1, \"examples\": []}]}";
        x.add(put(replay, "/services/bank-service/releases/1.2.0/replay", replayReport, 201));
        x.add(put(replay, "/services/bank-service/releases/1.2.0/replay", replayReport, 200));
        x.add(put(replay, "/services/bank-service/releases/1.2.0/replay", "{\"findings\": []}", 400));
        x.add(put(replay, "/services/bank-service/releases/9.9.9/replay", replayReport, 404));
        String canDeploy = "/can-deploy";
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=staging", 200));
        // Every format of the enum: a new one fails here until docs/openapi.json describes its media type.
        for (dev.wowcompat.report.ReportFormat format : dev.wowcompat.report.ReportFormat.values()) {
            x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=staging&format=" + format.label(), 200));
        }
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.0.0&environment=staging&ignore=rollback-unread:*:planned", 200));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=nowhere&newEnvironment=true", 200));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=nowhere", 404));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=nowhere&newEnvironment=maybe", 400));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0", 400));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=staging&format=nonsense", 400));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=staging&ignore=nonsense", 400));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=1.2.0&environment=Staging", 400));
        x.add(get(canDeploy, "/can-deploy?service=bank-service&version=9.9.9&environment=staging", 404));
        String undeploy = "/environments/{env}/deployments/{service}";
        x.add(delete(undeploy, "/environments/staging/deployments/courtyard", 200));
        x.add(delete(undeploy, "/environments/staging/deployments/courtyard", 404));
        // Admin operations and the write log that kept all of the above.
        String withdraw = "/services/{service}/releases/{version}/withdraw";
        x.add(post(withdraw, "/services/acct/releases/1.0.0/withdraw", "", 200));
        x.add(post(withdraw, "/services/bank-service/releases/1.0.0/withdraw", "", 409));
        x.add(post(withdraw, "/services/acct/releases/9.9.9/withdraw", "", 404));
        x.add(get(release, "/services/acct/releases/1.0.0", 200));
        x.add(get("/write-log", "/write-log?service=acct&limit=500", 200));
        x.add(get("/write-log", "/write-log?limit=501", 400));
        ccompat(x);
        return x;
    }

    /** Confluent's API (docs/ccompat.md): the bank's registered types and a plain subject of the test's own. */
    private void ccompat(List<Exchange> x) {
        String c = "/ccompat/v7";
        String type = "bank.account.Deposited";
        String plain = "{\"schemaType\": \"JSON\", \"schema\": \"{\\\"type\\\": \\\"object\\\"}\"}";
        String avro = "{\"schemaType\": \"AVRO\", \"schema\": \"{\\\"type\\\": \\\"record\\\"}\"}";
        String stateSchema = dev.wowcompat.fingerprint.CanonicalJson.toString(BankManifests.stateSchema());
        String state = "{\"schemaType\": \"JSON\", \"schema\": " + new com.fasterxml.jackson.databind.node.TextNode(stateSchema) + "}";
        x.add(get(c, c, 200));
        x.add(new Exchange("GET", c, c + " (no token)", () -> guardedReads().get(c), 401));
        x.add(get(c + "/subjects", c + "/subjects?subjectPrefix=bank.", 200));
        x.add(new Exchange("GET", c + "/subjects", c + "/subjects (no token)", () -> guardedReads().get(c + "/subjects"), 401));
        x.add(get(c + "/schemas/types", c + "/schemas/types", 200));
        x.add(new Exchange("GET", c + "/schemas/types", c + "/schemas/types (no token)", () -> guardedReads().get(c + "/schemas/types"), 401));
        x.add(get(c + "/mode", c + "/mode", 200));
        x.add(new Exchange("GET", c + "/mode", c + "/mode (no token)", () -> guardedReads().get(c + "/mode"), 401));
        x.add(put(c + "/mode", c + "/mode", "{\"mode\": \"READWRITE\"}", 200));
        x.add(put(c + "/mode", c + "/mode", "{\"mode\": \"IMPORT\"}", 422));
        x.add(get(c + "/config", c + "/config", 200));
        x.add(new Exchange("GET", c + "/config", c + "/config (no token)", () -> guardedReads().get(c + "/config"), 401));
        x.add(put(c + "/config", c + "/config", "{\"compatibility\": \"BACKWARD\"}", 200));
        x.add(put(c + "/config", c + "/config", "{\"compatibility\": \"SIDEWAYS\"}", 422));
        x.add(delete(c + "/config", c + "/config", 200));
        x.add(new Exchange("DELETE", c + "/config", c + "/config (no token)", () -> guarded.delete(c + "/config"), 401));
        String config = c + "/config/{subject}";
        x.add(put(config, c + "/config/openapi-value", "{\"compatibility\": \"NONE\"}", 200));
        x.add(put(config, c + "/config/" + type, "{\"compatibility\": \"NONE\"}", 422));
        x.add(get(config, c + "/config/openapi-value", 200));
        x.add(get(config, c + "/config/" + type, 404));
        x.add(get(config, c + "/config/" + type + "?defaultToGlobal=true", 200));
        String versions = c + "/subjects/{subject}/versions";
        x.add(post(versions, c + "/subjects/openapi-value/versions", plain, 200));
        x.add(post(versions, c + "/subjects/openapi-value/versions", avro, 422));
        x.add(post(versions, c + "/subjects/bank.account/versions", state, 200));
        x.add(get(versions, c + "/subjects/" + type + "/versions", 200));
        x.add(get(versions, c + "/subjects/no.such.Type/versions", 404));
        String version = c + "/subjects/{subject}/versions/{version}";
        x.add(get(version, c + "/subjects/" + type + "/versions/latest", 200));
        x.add(get(version, c + "/subjects/" + type + "/versions/99", 404));
        x.add(get(version, c + "/subjects/" + type + "/versions/first", 422));
        x.add(get(version + "/schema", c + "/subjects/" + type + "/versions/1/schema", 200));
        x.add(get(version + "/schema", c + "/subjects/" + type + "/versions/99/schema", 404));
        String lookUp = c + "/subjects/{subject}";
        x.add(post(lookUp, c + "/subjects/bank.account", state, 200));
        x.add(post(lookUp, c + "/subjects/bank.account", plain, 404));
        String check = c + "/compatibility/subjects/{subject}/versions/{version}";
        x.add(post(check, c + "/compatibility/subjects/openapi-value/versions/latest?verbose=true", plain, 200));
        x.add(post(check, c + "/compatibility/subjects/bank.account/versions/1", state, 200));
        x.add(post(check, c + "/compatibility/subjects/" + type + "/versions/99", plain, 404));
        long id = registry.get(c + "/subjects/bank.account/versions/1").json().path("id").asLong();
        for (String tail : List.of("", "/schema", "/subjects", "/versions")) {
            x.add(get(c + "/schemas/ids/{id}" + tail, c + "/schemas/ids/" + id + tail, 200));
            x.add(get(c + "/schemas/ids/{id}" + tail, c + "/schemas/ids/999999" + tail, 404));
        }
        x.add(delete(version, c + "/subjects/openapi-value/versions/1", 200));
        x.add(delete(version, c + "/subjects/" + type + "/versions/1", 422));
        x.add(post(versions, c + "/subjects/openapi-value/versions", plain, 200));
        x.add(delete(lookUp, c + "/subjects/openapi-value", 200));
        x.add(delete(lookUp, c + "/subjects/openapi-value", 404));
        x.add(delete(config, c + "/config/openapi-value", 200));
        x.add(delete(config, c + "/config/openapi-value", 404));
    }

    /** A registry whose reads need a token, for the 401 of reads. */
    private RunningRegistry guardedReads() {
        return reading;
    }

    private Exchange put(String template, String target, String body, int expected) {
        return new Exchange("PUT", template, target, () -> registry.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(registry.base() + target))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json").PUT(java.net.http.HttpRequest.BodyPublishers.ofString(body))), expected);
    }

    private Exchange get(String template, String target, int expected) {
        return new Exchange("GET", template, target, () -> registry.get(target), expected);
    }

    private Exchange post(String template, String target, String body, int expected) {
        return new Exchange("POST", template, target, () -> registry.post(target, body, JSON), expected);
    }

    private Exchange delete(String template, String target, int expected) {
        return new Exchange("DELETE", template, target,
                () -> registry.send(HttpRequest.newBuilder(URI.create(registry.base() + target)).DELETE()), expected);
    }

    /** Headers over the server's 8 KiB: answered before routing, on every path. */
    private Exchange headersTooLarge(String template, String target) {
        return new Exchange("GET", template, target + " (headers too large)",
                () -> registry.get(target, Map.of("X-Padding", "p".repeat(9000))), 431);
    }


    /** A few hundred deposits written by a release, as the demo's Deposited@2 declares them: numbers, strings, a null. */
    private static String profileSet(String release) {
        dev.wowcompat.profile.ProfileSet set = new dev.wowcompat.profile.ProfileSet();
        for (int i = 0; i < 300; i++) {
            set.observe("bank.account.Deposited", 2, release, new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                    .put("amount", 10 + i % 90).put("reference", i % 3 == 0 ? null : "ref-" + i));
        }
        return dev.wowcompat.profile.ProfileJson.write(set).toString();
    }

    /** A window of partition 0 of wow.bank.event written by bank-service@1.1.0, with a finding, and profiles when asked. */
    /** A window that ends now: after bank-service 1.1.0 was deployed in staging, which it attributes its records to. */
    private static String window(long from, long to, boolean profiles) {
        java.time.Instant end = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        return "{\"group\": \"wow-compat-watch.staging\", \"member\": \"host-1/a\", \"start\": \"" + end.minusSeconds(10) + "\", "
                + "\"end\": \"" + end + "\", \"ranges\": [{\"topic\": \"wow.bank.event\", \"partition\": 0, \"from\": " + from
                + ", \"to\": " + to + "}], \"records\": {\"bank-service@1.1.0\": " + to + "}, \"carried\": [{\"kind\": \"event\", "
                + "\"type\": \"bank.account.Deposited\", \"revision\": 2, \"release\": \"bank-service@1.1.0\", \"count\": " + to
                + ", \"firstSeen\": \"2026-12-05T10:00:01Z\", \"lastSeen\": \"2026-12-05T10:00:09Z\", \"first\": {\"topic\": "
                + "\"wow.bank.event\", \"partition\": 0, \"offset\": 0}}], \"findings\": [{\"id\": \"written-not-declared\", "
                + "\"severity\": \"breaking\", \"release\": \"bank-service@1.1.0\", \"type\": \"bank.account.Deposited\", \"count\": 1, "
                + "\"firstSeen\": \"2026-12-05T10:00:01Z\", \"lastSeen\": \"2026-12-05T10:00:01Z\", \"examples\": [{\"topic\": "
                + "\"wow.bank.event\", \"partition\": 0, \"offset\": 0, \"key\": \"account-1\", \"pointer\": \"/fee\", \"message\": "
                + "\"written before it is read\"}]}]" + (profiles ? ", \"profiles\": " + profileSet("bank-service@1.1.0") : "") + "}";
    }

    private static String example(String name) throws Exception {
        try (InputStream in = OpenApiDocumentTest.class.getResourceAsStream("/wire-examples/" + name + ".json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
