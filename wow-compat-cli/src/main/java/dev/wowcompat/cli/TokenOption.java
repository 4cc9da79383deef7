package dev.wowcompat.cli;

import dev.wowcompat.client.RegistryClient;
import picocli.CommandLine.Option;

/** {@code --token}, declared once for the commands that write to a registry ({@code register}, {@code record-deployment}). */
final class TokenOption {
    @Option(names = "--token", paramLabel = "T", description = "Bearer token for writing (default: the environment variable "
            + RegistryClient.TOKEN_VARIABLE + "). Prefer the variable: a command line is visible to other users.")
    String given;

    /** The bearer token: {@code --token}, else the environment variable, else none (null). */
    String token() {
        return given != null ? given : System.getenv(RegistryClient.TOKEN_VARIABLE);
    }
}
