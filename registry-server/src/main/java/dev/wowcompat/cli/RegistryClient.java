package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The registry's HTTP API as the command line uses it (java.net.http). A registry that cannot be reached, or that
 * answers something other than JSON, is bad input for the command: one line, exit code 2.
 */
public final class RegistryClient {
    /** The environment variable {@code register} takes its token from when {@code --token} is not given. */
    public static final String TOKEN_VARIABLE = "WOW_COMPAT_TOKEN";
    static final String UNREACHABLE = "wow-compat.registry.unreachable";
    static final String UNEXPECTED = "wow-compat.registry.unexpected-answer";

    private final String base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final ObjectMapper json = new ObjectMapper();

    /** @throws InvalidInputException when {@code url} is not an http(s) URL with a host, e.g. {@code 127.0.0.1:8081} */
    public RegistryClient(String url) throws InvalidInputException {
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        URI uri = null;
        try {
            uri = new URI(base);
        } catch (URISyntaxException e) {
            // 127.0.0.1:8081 is not a URI at all ("1" is no scheme); said below like any URL without a scheme.
        }
        String scheme = uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new InvalidInputException(new InputProblem(url, "", "wow-compat.registry.bad-url",
                    "the registry URL needs http:// or https:// and a host, e.g. http://127.0.0.1:8081"));
        }
    }

    /** An answer of the registry: its status and JSON body (a report, a listing, or a problem). */
    public record Answer(int status, JsonNode body) {
        public boolean problem() {
            return status >= 400;
        }

        /** The problem as lines for the user: {@code code: detail}, then one line per listed problem. */
        public List<String> problemLines(String source) {
            List<String> lines = new ArrayList<>();
            lines.add(source + ": " + body.path("code").asText("HTTP " + status) + ": " + body.path("detail").asText());
            for (JsonNode p : body.path("problems")) {
                String pointer = p.path("pointer").asText();
                lines.add(source + ": " + (pointer.isEmpty() ? "" : pointer + ": ") + p.path("message").asText());
            }
            return lines;
        }
    }

    public Answer register(String service, byte[] manifest, String token) throws InvalidInputException {
        HttpRequest.Builder b = post("/services/" + segment(service) + "/releases", manifest);
        if (token != null && !token.isBlank()) b.header("Authorization", "Bearer " + token.strip());
        return send(b);
    }

    public Answer check(String service, byte[] manifest) throws InvalidInputException {
        return send(post("/services/" + segment(service) + "/releases/check", manifest));
    }

    public Answer verifyState(byte[] document) throws InvalidInputException {
        return send(post("/verify/state", document));
    }

    /** Every stored release of the service, read as Manifests (empty for a service with none yet). */
    public List<Manifest> history(String service, ManifestReader reader) throws InvalidInputException {
        Answer listing = send(get("/services/" + segment(service) + "/releases"));
        if (listing.status() == 404) return List.of();
        requireOk(listing, "/services/" + service + "/releases");
        List<Manifest> out = new ArrayList<>();
        for (JsonNode r : listing.body().path("releases")) {
            String version = r.path("version").asText();
            Answer release = send(get("/services/" + segment(service) + "/releases/" + segment(version)));
            requireOk(release, service + "@" + version);
            out.add(reader.read(release.body().path("manifest"), base + " " + service + "@" + version));
        }
        return out;
    }

    private void requireOk(Answer a, String what) throws InvalidInputException {
        if (a.problem()) throw new InvalidInputException(new InputProblem(base, "", UNEXPECTED, what + ": " + String.join("; ", a.problemLines(base))));
    }

    private HttpRequest.Builder post(String path, byte[] body) {
        return HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).GET();
    }

    private Answer send(HttpRequest.Builder request) throws InvalidInputException {
        HttpResponse<byte[]> response;
        try {
            response = http.send(request.timeout(Duration.ofMinutes(2)).header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidInputException(new InputProblem(base, "", UNREACHABLE, "cannot reach the registry: " + why(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidInputException(new InputProblem(base, "", UNREACHABLE, "interrupted while waiting for the registry"));
        }
        try {
            return new Answer(response.statusCode(), json.readTree(response.body()));
        } catch (IOException e) {
            throw new InvalidInputException(new InputProblem(base, "", UNEXPECTED,
                    "the registry answered HTTP " + response.statusCode() + " without a JSON body; is " + base + " a wow-compat registry?"));
        }
    }

    /** The cause a user can act on: the JDK reports an unknown host and a refused connection alike, without a message. */
    static String why(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
                return "the host name does not resolve";
            }
            if (t instanceof java.net.http.HttpTimeoutException) return "no answer in time";
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException) return "connection refused (is the registry running at that address?)";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String segment(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
