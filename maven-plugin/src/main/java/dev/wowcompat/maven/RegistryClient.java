package dev.wowcompat.maven;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * The two registry calls the plugin makes (DESIGN §6): the dry-run check and the registration of a release.
 * Every failure to talk to the registry becomes one sentence naming the URL; nothing here throws with a cause.
 */
final class RegistryClient {
    /** What the registry answered. */
    record Answer(int status, String contentType, byte[] body) {
        boolean ok() {
            return status / 100 == 2;
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The body as JSON, or empty when it is not JSON. */
        Optional<JsonNode> json(ObjectMapper mapper) {
            try {
                return Optional.of(mapper.readTree(body));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    private final URI base;
    private final Optional<String> token;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * @param registryUrl the registry's base URL, e.g. {@code http://registry:8081}
     * @param token bearer token for writes, when the registry has tokens configured
     */
    RegistryClient(String registryUrl, Optional<String> token, Duration timeout) throws MojoExecutionException {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new MojoExecutionException("<timeout> (wow-compat.timeout) must be a positive number of seconds.");
        }
        this.base = parseBase(registryUrl);
        this.token = token;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    URI base() {
        return base;
    }

    /** {@code POST /services/{service}/releases}: register a Manifest. */
    Answer register(String service, byte[] manifest) throws MojoExecutionException {
        return post("/services/" + segment(service) + "/releases", manifest);
    }

    /** {@code POST /services/{service}/releases/check}: the report a registration would give, nothing stored. */
    Answer check(String service, byte[] manifest) throws MojoExecutionException {
        return post("/services/" + segment(service) + "/releases/check", manifest);
    }

    private Answer post(String path, byte[] body) throws MojoExecutionException {
        URI uri = base.resolve(base.getPath().replaceAll("/+$", "") + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, application/problem+json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""), response.body());
        } catch (HttpConnectTimeoutException e) {
            throw new MojoExecutionException("Cannot reach the wow-compat registry at " + base + ": no connection within "
                    + timeout.toSeconds() + " s.");
        } catch (HttpTimeoutException e) {
            throw new MojoExecutionException("The wow-compat registry at " + base + " did not answer within " + timeout.toSeconds() + " s.");
        } catch (ConnectException e) {
            throw new MojoExecutionException("Cannot reach the wow-compat registry at " + base + ": "
                    + (e.getCause() instanceof UnresolvedAddressException ? "unknown host" : "connection refused") + ".");
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot talk to the wow-compat registry at " + base + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ".");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("Interrupted while waiting for the wow-compat registry at " + base + ".");
        }
    }

    /**
     * A short description of an error answer for a failure message: the problem document's title, detail and
     * code when there is one (RFC 9457), otherwise the start of the body.
     */
    static String describe(Answer answer, ObjectMapper mapper) {
        StringBuilder sb = new StringBuilder("HTTP ").append(answer.status());
        Optional<JsonNode> json = answer.json(mapper);
        if (json.isPresent() && json.get().isObject()) {
            JsonNode p = json.get();
            String title = p.path("title").asText("");
            String detail = p.path("detail").asText("");
            String code = p.path("code").asText("");
            if (!title.isEmpty()) sb.append(" ").append(title);
            if (!detail.isEmpty()) sb.append(": ").append(detail);
            if (!code.isEmpty()) sb.append(" (").append(code).append(")");
        } else {
            String text = answer.bodyText().strip();
            if (!text.isEmpty()) {
                sb.append(": ").append(text.length() > 200 ? text.substring(0, 200) + "..." : text);
            }
        }
        return sb.toString();
    }

    private static URI parseBase(String url) throws MojoExecutionException {
        try {
            URI uri = new URI(url.trim());
            String scheme = uri.getScheme();
            if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https")) || uri.getHost() == null) {
                throw new MojoExecutionException("The registry URL '" + url + "' is not an http(s) URL such as http://registry.example:8081.");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new MojoExecutionException("The registry URL '" + url + "' is not a URL: " + e.getReason() + ".");
        }
    }

    private static String segment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
