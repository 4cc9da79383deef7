package dev.wowcompat.cli;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryClient.Answer;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The command line's wording of the registry client (module registry-client): a registry that cannot be reached, or
 * that answers something other than JSON, is bad input for the command: one line, exit code 2.
 */
final class CliRegistry {
    static final String UNREACHABLE = "wow-compat.registry.unreachable";
    static final String UNEXPECTED = "wow-compat.registry.unexpected-answer";

    private interface Call<T> {
        T run() throws RegistryException, InvalidInputException;
    }

    private final RegistryClient client;
    private final String label;

    /** @throws InvalidInputException when {@code url} is not an http(s) URL with a host, e.g. {@code 127.0.0.1:8081} */
    CliRegistry(String url, String token) throws InvalidInputException {
        try {
            client = new RegistryClient(url, Optional.ofNullable(token), Duration.ofSeconds(10), Duration.ofMinutes(2));
        } catch (RegistryException e) {
            // An empty URL (an unset CI variable) is named by its option, so that the line does not start with ':'.
            String subject = url.isBlank() ? "--registry '" + url + "'" : url;
            String why = url.isBlank() ? "the registry URL is empty; give http:// or https:// and a host, e.g. http://127.0.0.1:8081"
                    : e.detail().startsWith("port ") ? "the registry URL's " + e.detail()
                    : "the registry URL needs http:// or https:// and a host, e.g. http://127.0.0.1:8081";
            throw new InvalidInputException(new InputProblem(subject, "", "wow-compat.registry.bad-url", why));
        }
        label = client.base().toString().replaceAll("/+$", "");
    }

    CliRegistry(String url) throws InvalidInputException {
        this(url, null);
    }

    Answer register(String service, byte[] manifest) throws InvalidInputException {
        return json(call(() -> client.register(service, manifest)));
    }

    Answer putReplay(String service, String version, byte[] report) throws InvalidInputException {
        return json(call(() -> client.putReplay(service, version, report)));
    }

    Answer recordDeployment(String environment, String service, String version) throws InvalidInputException {
        return json(call(() -> client.recordDeployment(environment, service, version)));
    }

    Answer canDeploy(String service, String version, String environment, boolean newEnvironment) throws InvalidInputException {
        return json(call(() -> client.canDeploy(service, version, environment, newEnvironment)));
    }

    /** The registry's URL as problems name it, e.g. {@code http://127.0.0.1:8081}. */
    String label() {
        return label;
    }

    /** The schema a fingerprint or prefix names: 200 (after the registry's redirect), 300 for several, a problem. */
    Answer schema(String fingerprintOrPrefix) throws InvalidInputException {
        return json(call(() -> client.schema(fingerprintOrPrefix)));
    }

    Answer verifyState(byte[] document) throws InvalidInputException {
        return json(call(() -> client.verifyState(document)));
    }

    List<Manifest> history(String service, ManifestReader reader) throws InvalidInputException {
        return call(() -> client.history(service, reader));
    }

    private Answer json(Answer a) throws InvalidInputException {
        if (a.json().isEmpty()) {
            throw new InvalidInputException(new InputProblem(label, "", UNEXPECTED,
                    "the registry answered HTTP " + a.status() + " without a JSON body; is " + label + " a wow-compat registry?"));
        }
        return a;
    }

    private <T> T call(Call<T> call) throws InvalidInputException {
        try {
            return call.run();
        } catch (RegistryException e) {
            throw new InvalidInputException(switch (e.failure()) {
                case UNEXPECTED_ANSWER -> new InputProblem(label, "", UNEXPECTED, e.detail());
                case INTERRUPTED -> new InputProblem(label, "", UNREACHABLE, "interrupted while waiting for the registry");
                default -> new InputProblem(label, "", UNREACHABLE, RegistryException.UNREACHABLE + ": " + e.detail());
            });
        }
    }
}
