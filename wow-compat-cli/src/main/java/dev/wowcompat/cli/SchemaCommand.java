package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat schema FINGERPRINT_OR_PREFIX --registry URL}: the canonical schema a fingerprint names, found by
 * the 12 digits reports and pages show as well as by all 64. The registry resolves the prefix (302 when one schema
 * matches, 300 with the candidates when several do); this command follows the redirect and turns the rest into exit 2.
 *
 * <p>It speaks java.net.http itself rather than through {@code RegistryClient}, which is being replaced by a shared
 * client module; moving this one GET there is the follow-up.
 */
@Command(name = "schema", sortOptions = false,
        description = "Print the canonical schema a fingerprint, or a unique prefix of 8 or more hex digits, names in a registry.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the schema is printed", "2:bad input, no schema with that fingerprint, or an ambiguous prefix (the candidates are listed)"})
public final class SchemaCommand implements Callable<Integer> {
    static final String MALFORMED = "wow-compat.fingerprint.malformed";
    static final String AMBIGUOUS = "wow-compat.fingerprint.ambiguous";

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "FINGERPRINT_OR_PREFIX", description = "64 hex digits, or the first 8 or more of them.")
    String fingerprint;

    @Option(names = "--registry", required = true, paramLabel = "URL", description = "The registry to ask, e.g. http://127.0.0.1:8081.")
    String registry;

    @Override
    public Integer call() throws InvalidInputException {
        String fp = fingerprint.trim().toLowerCase(Locale.ROOT);
        if (!fp.matches("[0-9a-f]{8,64}")) {
            throw new InvalidInputException(new InputProblem(fingerprint, "", MALFORMED,
                    "not a fingerprint (64 hex digits) or a prefix of one (8 or more hex digits)"));
        }
        String base = registry.endsWith("/") ? registry.substring(0, registry.length() - 1) : registry;
        HttpResponse<String> answer = get(base, "/schemas/" + fp);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        JsonNode body = parse(base, answer);
        if (answer.statusCode() == 200) {
            String path = answer.uri().getPath();
            String full = path.substring(path.lastIndexOf('/') + 1);
            if (!full.equals(fp)) err.println(fp + ": " + full);
            out.println(answer.body());
            return ExitCodes.OK;
        }
        if (answer.statusCode() == 300) {
            List<InputProblem> problems = new ArrayList<>();
            JsonNode candidates = body.path("candidates");
            problems.add(new InputProblem(fp, "", AMBIGUOUS, candidates.size()
                    + (body.path("complete").asBoolean(true) ? "" : " or more") + " registered fingerprints start with it; give more digits"));
            for (JsonNode c : candidates) problems.add(new InputProblem(fp, "", AMBIGUOUS, "candidate " + c.path("fingerprint").asText()));
            throw new InvalidInputException(problems);
        }
        // The registry's problem as other registry commands show it: its stable code, then its detail.
        String code = body.path("code").asText("HTTP " + answer.statusCode());
        throw new InvalidInputException(new InputProblem(fp, "", code, code + ": " + body.path("detail").asText()));
    }

    private static HttpResponse<String> get(String base, String path) throws InvalidInputException {
        URI uri = null;
        try {
            uri = new URI(base + path);
        } catch (URISyntaxException e) {
            // 127.0.0.1:8081 is not a URI at all; said below like any URL without a scheme.
        }
        String scheme = uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new InvalidInputException(new InputProblem(base, "", "wow-compat.registry.bad-url",
                    "the registry URL needs http:// or https:// and a host, e.g. http://127.0.0.1:8081"));
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NORMAL).build();
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(1)).header("Accept", "application/json").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new InvalidInputException(new InputProblem(base, "", "wow-compat.registry.unreachable", "cannot reach the registry: " + why(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidInputException(new InputProblem(base, "", "wow-compat.registry.unreachable", "interrupted while waiting for the registry"));
        }
    }

    private static JsonNode parse(String base, HttpResponse<String> answer) throws InvalidInputException {
        try {
            return new ObjectMapper().readTree(answer.body());
        } catch (IOException e) {
            throw new InvalidInputException(new InputProblem(base, "", "wow-compat.registry.unexpected-answer",
                    "the registry answered HTTP " + answer.statusCode() + " without a JSON body; is " + base + " a wow-compat registry?"));
        }
    }

    private static String why(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) return "the host name does not resolve";
            if (t instanceof java.net.http.HttpTimeoutException) return "no answer in time";
            if (t instanceof ConnectException) return "connection refused (is the registry running at that address?)";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
