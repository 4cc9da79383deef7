package dev.wowcompat.api;

import dev.wowcompat.text.Counts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The bearer tokens of {@code --tokens} and {@code WOW_COMPAT_TOKENS}, each an admin ({@link #principals()}). Only
 * SHA-256 digests are kept, compared as {@link dev.wowcompat.access.Principals} says, so a heap dump tells no token.
 * Tokens are never logged; {@link #toString()} says only how many there are.
 */
public final class Tokens {
    /** The environment variable that may hold tokens, separated by commas, spaces or newlines. */
    public static final String ENVIRONMENT_VARIABLE = "WOW_COMPAT_TOKENS";

    private final List<byte[]> digests;

    private Tokens(List<String> tokens) {
        this.digests = tokens.stream().map(dev.wowcompat.access.Principals::digest).toList();
    }

    /** No tokens: writes are open (a registry on a developer's machine). */
    public static Tokens none() {
        return new Tokens(List.of());
    }

    public static Tokens of(List<String> tokens) {
        return new Tokens(tokens.stream().map(String::strip).filter(t -> !t.isEmpty()).toList());
    }

    /** One token per line; blank lines and lines starting with {@code #} are left out. */
    public static Tokens fromFile(Path file) throws IOException {
        return of(Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList());
    }

    public static Tokens fromEnvironmentValue(String value) {
        return value == null ? none() : of(Arrays.asList(value.split("[,\\s]+")));
    }

    /** Each token a principal with {@code admin} (docs/deployment.md, "Who may write"). */
    public dev.wowcompat.access.Principals principals() {
        return dev.wowcompat.access.Principals.ofTokenDigests(digests);
    }

    public boolean required() {
        return !digests.isEmpty();
    }

    @Override
    public String toString() {
        return Counts.of(digests.size(), "token");
    }
}
