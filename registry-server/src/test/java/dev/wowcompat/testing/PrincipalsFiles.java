package dev.wowcompat.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Principals files for tests: the hex SHA-256 of a token, as an operator computes it with {@code sha256sum}. */
public final class PrincipalsFiles {
    private PrincipalsFiles() {}

    public static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    public static Path write(Path dir, String name, String json) {
        try {
            return Files.writeString(dir.resolve(name), json);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
