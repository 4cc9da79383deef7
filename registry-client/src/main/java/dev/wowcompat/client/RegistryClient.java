package dev.wowcompat.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.wowcompat.client.RegistryException.Failure;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.io.IOException;
import java.net.ConnectException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registry's HTTP API (docs/api.md) as its clients use it, on java.net.http: the command line ({@code register},
 * {@code check --registry}, {@code verify-state --registry}, {@code record-deployment}, {@code can-deploy}) and the
 * Maven plugin ({@code check}, {@code register}, {@code can-deploy}).
 * Every failure to talk to the registry is a {@link RegistryException}: one sentence naming the URL, no cause.
 * An answer, error or not, is an {@link Answer}; what an error status means is the caller's business.
 */
public final class RegistryClient {
    /** The environment variable the command line takes a token from when none is given. */
    public static final String TOKEN_VARIABLE = "WOW_COMPAT_TOKEN";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the registry answered, and at which address (after redirects). */
    public record Answer(int status, String contentType, byte[] body, URI uri) {
        public boolean ok() {
            return status / 100 == 2;
        }

        public boolean problem() {
            return status >= 400;
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The body as JSON, or empty when it is not JSON. */
        public Optional<JsonNode> json() {
            try {
                JsonNode node = JSON.readTree(body);
                return node == null || node.isMissingNode() ? Optional.empty() : Optional.of(node);
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        /** The body as JSON, or a missing node when it is not JSON. */
        public JsonNode tree() {
            return json().orElse(MissingNode.getInstance());
        }

        /** The problem (RFC 9457) as lines for the user: {@code source: code: detail}, then one line per listed problem. */
        public List<String> problemLines(String source) {
            JsonNode body = tree();
            List<String> lines = new ArrayList<>();
            lines.add(source + ": " + body.path("code").asText("HTTP " + status) + ": " + body.path("detail").asText());
            for (JsonNode p : body.path("problems")) {
                String pointer = p.path("pointer").asText();
                lines.add(source + ": " + (pointer.isEmpty() ? "" : pointer + ": ") + p.path("message").asText());
            }
            return lines;
        }

        /**
         * A short description of an error answer for a failure message: the problem document's title, detail and
         * code when there is one (RFC 9457), otherwise the start of the body.
         */
        public String describe() {
            StringBuilder sb = new StringBuilder("HTTP ").append(status);
            Optional<JsonNode> json = json();
            if (json.isPresent() && json.get().isObject()) {
                JsonNode p = json.get();
                String title = p.path("title").asText("");
                String detail = p.path("detail").asText("");
                String code = p.path("code").asText("");
                if (!title.isEmpty()) sb.append(" ").append(title);
                if (!detail.isEmpty()) sb.append(": ").append(detail);
                if (!code.isEmpty()) sb.append(" (").append(code).append(")");
            } else {
                String text = bodyText().strip();
                if (!text.isEmpty()) {
                    sb.append(": ").append(text.length() > 200 ? text.substring(0, 200) + "..." : text);
                }
            }
            return sb.toString();
        }
    }

    /** The registry's code for a path without an endpoint (docs/api.md, problem codes). */
    private static final String NO_ENDPOINT = "wow-compat.request.not-found";

    private final URI base;
    private final String label;
    private final Optional<String> token;
    private final Duration requestTimeout;
    private final HttpClient http;

    /** One timeout for connecting and for each answer. */
    public RegistryClient(String registryUrl, Optional<String> token, Duration timeout) throws RegistryException {
        this(registryUrl, token, timeout, timeout);
    }

    /**
     * @param registryUrl the registry's base URL, e.g. {@code http://registry:8081}, possibly with a base path
     * @param token bearer token sent with every call, when the registry has tokens configured (blank: none)
     * @throws RegistryException ({@link Failure#BAD_URL}) when the URL is not http(s) with a host, e.g. {@code registry:8081}
     */
    public RegistryClient(String registryUrl, Optional<String> token, Duration connectTimeout, Duration requestTimeout)
            throws RegistryException {
        if (connectTimeout.isNegative() || connectTimeout.isZero() || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        this.base = parseBase(registryUrl);
        String text = base.toString();
        this.label = text.replaceAll("/+$", "");
        this.token = token.map(String::strip).filter(t -> !t.isEmpty());
        this.requestTimeout = requestTimeout;
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    public URI base() {
        return base;
    }

    /** {@code POST /services/{service}/releases}: register a Manifest. */
    public Answer register(String service, byte[] manifest) throws RegistryException {
        return send(post("/services/" + segment(service) + "/releases", manifest));
    }

    /** {@code PUT /services/{service}/releases/{version}/replay}: keep the verdict of the release's replay (its JSON report). */
    public Answer putReplay(String service, String version, byte[] report) throws RegistryException {
        return send(request("/services/" + segment(service) + "/releases/" + segment(version) + "/replay")
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofByteArray(report)));
    }

    /** {@code POST /services/{service}/releases/check}: the report a registration would give, nothing stored. */
    public Answer check(String service, byte[] manifest) throws RegistryException {
        return send(post("/services/" + segment(service) + "/releases/check", manifest));
    }

    /** {@code POST /verify/state}: a state document checked against the stored releases. */
    public Answer verifyState(byte[] document) throws RegistryException {
        return send(post("/verify/state", document));
    }

    /** {@code GET /services/{service}/releases}: the listing of a service's releases. */
    public Answer releases(String service) throws RegistryException {
        return send(get("/services/" + segment(service) + "/releases"));
    }

    /** {@code GET /services/{service}/releases/{version}}: one stored release with its Manifest. */
    public Answer release(String service, String version) throws RegistryException {
        return send(get("/services/" + segment(service) + "/releases/" + segment(version)));
    }

    /**
     * {@code POST /environments/{env}/deployments}: records that the registered release {@code service@version} runs
     * in the environment from now on, replacing the service's release running there (201; 200 when that version
     * runs there already).
     */
    public Answer recordDeployment(String environment, String service, String version) throws RegistryException {
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(JSON.createObjectNode().put("service", service).put("version", version));
        } catch (IOException e) {
            throw new IllegalStateException("two strings always make a JSON object", e);
        }
        return send(post("/environments/" + segment(environment) + "/deployments", body));
    }

    /** {@code DELETE /environments/{env}/deployments/{service}}: the service's release no longer runs there. */
    public Answer undeploy(String environment, String service) throws RegistryException {
        return send(request("/environments/" + segment(environment) + "/deployments/" + segment(service)).DELETE());
    }

    /** {@code GET /types/{name}}: the kinds, releases and fingerprints of one type name (404 when none declares it). */
    public Answer type(String name) throws RegistryException {
        return send(get("/types/" + segment(name)));
    }

    /** {@code GET /environments}: every environment that ever had a deployment. */
    public Answer environments() throws RegistryException {
        return send(get("/environments"));
    }

    /** {@code GET /environments/{env}}: what runs in the environment, and what ran there before. */
    public Answer environment(String environment) throws RegistryException {
        return send(get("/environments/" + segment(environment)));
    }

    /** {@code GET /events/{name}/readers}: who writes the event and who reads which revisions, per environment (404: none declares it). */
    public Answer eventReaders(String name) throws RegistryException {
        return send(get("/events/" + segment(name) + "/readers"));
    }

    /**
     * {@code POST /environments/{env}/profiles}: merges a profile set (the JSON of docs/api.md) into the profiles kept for
     * the environment; needs the token when the registry has tokens.
     */
    public Answer recordProfiles(String environment, byte[] profileSet) throws RegistryException {
        return send(post("/environments/" + segment(environment) + "/profiles", profileSet));
    }

    /**
     * {@code POST /environments/{env}/wire}: one window of the wire (the offsets it covers, records per release, what
     * was carried, the findings, the profiles), applied in one transaction when each range starts at its partition's
     * stored position; 409 {@code wow-compat.wire.stale-window} otherwise, nothing kept. Needs the token when the
     * registry has tokens.
     */
    public Answer postWire(String environment, byte[] window) throws RegistryException {
        return send(post("/environments/" + segment(environment) + "/wire", window));
    }

    /** {@code GET /environments/{env}/wire/positions?group=G}: the next offset of each partition the group's windows covered. */
    public Answer wirePositions(String environment, String group) throws RegistryException {
        return send(get("/environments/" + segment(environment) + "/wire/positions?group=" + segment(group)));
    }

    /** {@code GET /environments/{env}/wire}: what the environment's wire carried, counted from the windows. */
    public Answer wire(String environment) throws RegistryException {
        return send(get("/environments/" + segment(environment) + "/wire"));
    }

    /** {@code GET /environments/{env}/profiles/{type}}: the type's kept profiles there, every revision and release (404: none kept). */
    public Answer profiles(String environment, String type) throws RegistryException {
        return send(get("/environments/" + segment(environment) + "/profiles/" + segment(type)));
    }

    /**
     * {@code GET /schemas/{fingerprint}}: a fingerprint, or a prefix of 8 or more hex digits, which the registry
     * redirects to the one fingerprint it names ({@link Answer#uri()} ends with it).
     */
    public Answer schema(String fingerprintOrPrefix) throws RegistryException {
        return send(get("/schemas/" + segment(fingerprintOrPrefix)));
    }

    /**
     * {@code GET /can-deploy}: the registered release {@code service@version} checked against what runs in the
     * environment, as a JSON report (format 1) with {@code environment} and {@code deployable}; waivers are the
     * caller's to apply, so the command line and the plugin warn about stale ones as their {@code check} does.
     * {@code newEnvironment} says the environment may be one where no deployment was ever recorded (a first deployment
     * there); else the registry refuses such an environment ({@link UnknownEnvironment}).
     */
    public Answer canDeploy(String service, String version, String environment, boolean newEnvironment) throws RegistryException {
        return send(get("/can-deploy?service=" + segment(service) + "&version=" + segment(version)
                + "&environment=" + segment(environment) + "&format=json" + (newEnvironment ? "&newEnvironment=true" : "")));
    }

    /**
     * Every stored release of the service, read as Manifests (empty for a service with none yet).
     *
     * @throws RegistryException ({@link Failure#UNEXPECTED_ANSWER}) when the registry answers a listing or a release with a problem
     * @throws InvalidInputException when a stored Manifest does not read
     */
    public List<Manifest> history(String service, ManifestReader reader) throws RegistryException, InvalidInputException {
        Answer listing = releases(service);
        if (listing.status() == 404 && listing.json().isPresent()) return List.of();
        requireOk(listing, "/services/" + service + "/releases");
        List<Manifest> out = new ArrayList<>();
        for (JsonNode r : listing.tree().path("releases")) {
            String version = r.path("version").asText();
            Answer release = release(service, version);
            requireOk(release, service + "@" + version);
            out.add(reader.read(release.tree().path("manifest"), label + " " + service + "@" + version));
        }
        return out;
    }

    private void requireOk(Answer a, String what) throws RegistryException {
        if (a.json().isEmpty()) {
            String detail = "the registry answered HTTP " + a.status() + " without a JSON body; is " + label + " a wow-compat registry?";
            throw new RegistryException(Failure.UNEXPECTED_ANSWER, label, detail, "The wow-compat registry at " + base + ": " + detail);
        }
        if (a.problem()) {
            String detail = what + ": " + String.join("; ", a.problemLines(label));
            throw new RegistryException(Failure.UNEXPECTED_ANSWER, label, detail,
                    "The wow-compat registry at " + base + " answered " + detail + ".");
        }
    }

    private HttpRequest.Builder request(String path) {
        URI uri = base.resolve(base.getRawPath().replaceAll("/+$", "") + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(requestTimeout)
                .header("Accept", "application/json, application/problem+json");
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return request;
    }

    private HttpRequest.Builder post(String path, byte[] body) {
        return request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    private HttpRequest.Builder get(String path) {
        return request(path).GET();
    }

    private Answer send(HttpRequest.Builder request) throws RegistryException {
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Answer answer = new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""), response.body(),
                    response.uri());
            if (answer.status() == 404 && NO_ENDPOINT.equals(answer.tree().path("code").asText())) {
                // A registry answers this for a path it has no endpoint for: the URL given is not its root.
                String detail = "no endpoint " + response.request().method() + " " + response.uri().getRawPath()
                        + " there; give the registry's root URL (the address of its page, e.g. http://127.0.0.1:8081): "
                        + "the URL's path is kept before every endpoint";
                throw new RegistryException(Failure.UNEXPECTED_ANSWER, label, detail, label + ": " + detail);
            }
            return answer;
        } catch (IOException | IllegalArgumentException e) {
            throw failure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException(Failure.INTERRUPTED, label, "interrupted",
                    "Interrupted while waiting for the wow-compat registry at " + base + ".");
        }
    }

    /**
     * The cause a user can act on: the JDK reports an unknown host and a refused connection alike, without a message.
     * Each cause's words are written here once ({@link RegistryException#UNREACHABLE}); every command and the Maven
     * plugin say them alike.
     */
    private RegistryException failure(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
                return unreachable(Failure.UNKNOWN_HOST, "the host name does not resolve");
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpConnectTimeoutException) {
                return unreachable(Failure.CONNECT_TIMEOUT, "no connection within " + http.connectTimeout().orElseThrow().toSeconds() + " s");
            }
            if (t instanceof HttpTimeoutException) {
                return unreachable(Failure.TIMEOUT, "no answer within " + requestTimeout.toSeconds() + " s");
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return unreachable(Failure.CONNECTION_REFUSED, "connection refused (is the registry running at that address?)");
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SSLHandshakeException) {
                return unreachable(Failure.TLS, "the TLS handshake failed: the registry's certificate is not trusted here, "
                        + "or it speaks no TLS (check the address, or add the certificate's authority to Java's trust store)");
            }
            if (t instanceof SSLException) {
                // The JDK's "Unrecognized SSL message, plaintext connection?": an https:// URL to a plain HTTP port.
                return unreachable(Failure.TLS, "the address answers without TLS: use http:// instead of https://, "
                        + "or the address of the registry's TLS front");
            }
        }
        // Our words only: the JDK's message here is no sentence for a user (docs/decisions.md, "What the command
        // line says in its own words").
        return unreachable(Failure.IO, "the connection broke before the registry answered (is " + base.getHost() + ":"
                + (base.getPort() < 0 ? ("https".equalsIgnoreCase(base.getScheme()) ? 443 : 80) : base.getPort())
                + " the registry, and is it running?)");
    }

    private RegistryException unreachable(Failure failure, String reason) {
        return new RegistryException(failure, label, reason, label + ": " + RegistryException.UNREACHABLE + ": " + reason);
    }

    private static URI parseBase(String url) throws RegistryException {
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new RegistryException(Failure.BAD_URL, url, e.getReason(),
                    "The registry URL '" + url + "' is not a URL: " + e.getReason() + ".");
        }
        if (url.isBlank()) {
            throw new RegistryException(Failure.BAD_URL, url, "the registry URL is empty",
                    "The registry URL is empty: give one such as http://registry.example:8081.");
        }
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https")) || uri.getHost() == null) {
            throw new RegistryException(Failure.BAD_URL, url, "not an http(s) URL",
                    "The registry URL '" + url + "' is not an http(s) URL such as http://registry.example:8081.");
        }
        if (uri.getPort() > 65_535) {
            // The JDK would say "port out of range:99999" at the first call.
            throw new RegistryException(Failure.BAD_URL, url, "port " + uri.getPort() + " is out of range: a port is a number from 1 to 65535",
                    "The registry URL '" + url + "' has port " + uri.getPort() + ", out of range: a port is a number from 1 to 65535.");
        }
        return uri;
    }

    private static String segment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
