package dev.wowcompat.cli;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The bearer token of the commands that write to a registry ({@code register}, {@code record-deployment}), declared
 * once: {@code --token-file FILE}, else the environment variable {@value RegistryClient#TOKEN_VARIABLE}, else
 * {@code --token VALUE}, which every user of the machine can read in the process list and is warned about
 * (docs/cli.md, "Tokens").
 */
final class TokenOption {
    /** A token is one line; a file much larger than that is not a token file. */
    private static final int MAX_FILE_BYTES = 64 * 1024;

    @Option(names = "--token-file", paramLabel = "FILE", description = "A file holding the bearer token for writing "
            + "(its first line; e.g. a mounted CI secret).")
    Path file;

    @Option(names = "--token", paramLabel = "T", description = "The bearer token itself. Other users of the machine can read "
            + "it in the process list: prefer --token-file or the environment variable " + RegistryClient.TOKEN_VARIABLE + ".")
    String given;

    /**
     * The bearer token: {@code --token-file}'s, {@code --token}'s (saying once on {@code err} that it shows in the
     * process list), else the environment variable's, else none (null).
     */
    String token(PrintWriter err) throws InvalidInputException {
        if (file != null && given != null) {
            throw new InvalidInputException(new InputProblem("--token", "", "wow-compat.cli.usage",
                    "give --token-file or --token, not both"));
        }
        if (file != null) return read(file);
        if (given != null) {
            err.println("warning: --token shows the token to every user of this machine in the process list (ps); "
                    + "use --token-file FILE or " + RegistryClient.TOKEN_VARIABLE + " instead");
            err.flush();
            return given;
        }
        return System.getenv(RegistryClient.TOKEN_VARIABLE);
    }

    private static String read(Path file) throws InvalidInputException {
        byte[] bytes;
        try (var in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_FILE_BYTES + 1);
        } catch (IOException e) {
            throw problem(file, "cannot read the token file: " + (e instanceof java.nio.file.NoSuchFileException ? "there is no such file"
                    : "it is not a readable file"));
        }
        if (bytes.length > MAX_FILE_BYTES) throw problem(file, "the token file is larger than 64 KiB; it should hold one token on one line");
        String token = new String(bytes, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
        if (token.isEmpty()) throw problem(file, "the token file holds no token on its first line");
        return token;
    }

    private static InvalidInputException problem(Path file, String sentence) {
        return new InvalidInputException(new InputProblem(file.toString(), "", "wow-compat.input.unreadable", sentence));
    }
}
