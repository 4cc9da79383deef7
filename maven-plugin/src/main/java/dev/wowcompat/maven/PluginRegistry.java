package dev.wowcompat.maven;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import java.time.Duration;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;

/** The registry client (module registry-client) in a mojo: its failures become one-sentence MojoExecutionExceptions. */
final class PluginRegistry {
    interface Call<T> {
        T run() throws RegistryException;
    }

    private PluginRegistry() {}

    /** A client with {@code <timeout>} seconds for connecting and for each answer. */
    static RegistryClient open(String registryUrl, Optional<String> token, int timeoutSeconds) throws MojoExecutionException {
        if (timeoutSeconds <= 0) {
            throw new MojoExecutionException("<timeout> (wow-compat.timeout) must be a positive number of seconds.");
        }
        return call(() -> new RegistryClient(registryUrl, token, Duration.ofSeconds(timeoutSeconds)));
    }

    /** Runs a registry call; a failure to talk to the registry is its sentence, without a cause. */
    static <T> T call(Call<T> call) throws MojoExecutionException {
        try {
            return call.run();
        } catch (RegistryException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }
}
