package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.PrincipalsFiles;
import dev.wowcompat.testing.ServerProcess;
import dev.wowcompat.testing.TestPrincipals;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --principals}, {@code --oidc-*} and {@code --tokens} as the product's main runs them: a principals file
 * with a mistake refuses to start with exit 2 and one sentence naming its line; tokens of {@code --tokens} start, with
 * one line saying they may write everything.
 */
class ServePrincipalsTest {
    @TempDir
    Path dir;

    private ServerProcess.Refusal refusal(String... args) throws Exception {
        ServerProcess.Refusal r = ServerProcess.refusal(Map.of(), args);
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.output());
        assertEquals(1, r.output().lines().count(), "one sentence, nothing else: " + r.output());
        assertTrue(!r.output().contains("Exception") && !r.output().contains("\tat "), r.output());
        return r;
    }

    @Test
    void aPrincipalsFileWithAMistakeRefusesToStartNamingTheLine() throws Exception {
        String db = dir.resolve("p.db").toString();
        Path unknownGrant = PrincipalsFiles.write(dir, "grant.json", "{\"principals\": [\n {\"name\": \"ci\", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("t") + "\",\n  \"grants\": [\"publish:bank-service\",\n   \"deploy:prod:*:x\"]}]}");
        assertTrue(refusal("--db", db, "--principals", unknownGrant.toString()).output()
                .startsWith("wow-compat serve: " + unknownGrant + ": line 4: \"deploy:prod:*:x\" of \"ci\" is not a grant"));
        Path twice = PrincipalsFiles.write(dir, "twice.json", "{\"principals\": [\n {\"name\": \"a\", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("t") + "\", \"grants\": [\"admin\"]},\n {\"name\": \"b\", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("t") + "\", \"grants\": [\"read\"]}]}");
        assertTrue(refusal("--db", db, "--principals", twice.toString()).output()
                .startsWith("wow-compat serve: " + twice + ": line 3: principal \"b\" has the same token digest as \"a\""));
        Path oidc = PrincipalsFiles.write(dir, "oidc.json", "{\"oidc\": [{\"name\": \"ci\", \"match\": {\"repository\": \"acme/x\"}, "
                + "\"grants\": [\"publish:x\"]}]}");
        assertTrue(refusal("--db", db, "--principals", oidc.toString()).output().startsWith("wow-compat serve: the principals file has an oidc list, but no --oidc-issuer"));
        assertTrue(refusal("--db", db, "--principals", oidc.toString(), "--oidc-issuer", "https://i", "--oidc-audience", "a",
                "--oidc-jwks", "ftp://keys").output().contains("--oidc-jwks must be an https:, http: or file: URL"));
        assertTrue(refusal("--db", db, "--oidc-issuer", "https://i").output().contains("go together"));
        assertTrue(refusal("--db", db, "--principals", dir.resolve("missing.json").toString()).output().contains("cannot read the principals file"));
    }

    @Test
    void aJwksWithAnRsaKeyUnder2048BitsRefusesToStart() throws Exception {
        com.nimbusds.jose.jwk.RSAKey weak = new com.nimbusds.jose.jwk.gen.RSAKeyGenerator(1024, true).keyID("old-1024").generate();
        com.nimbusds.jose.jwk.RSAKey strong = new com.nimbusds.jose.jwk.gen.RSAKeyGenerator(2048).keyID("new-2048").generate();
        Path jwks = PrincipalsFiles.write(dir, "jwks.json", new com.nimbusds.jose.jwk.JWKSet(List.of(strong.toPublicJWK(), weak.toPublicJWK())).toString());
        Path oidc = PrincipalsFiles.write(dir, "oidc-only.json", "{\"oidc\": [{\"name\": \"ci\", \"match\": {\"repository\": \"acme/x\"}, "
                + "\"grants\": [\"publish:x\"]}]}");
        String[] args = {"--db", dir.resolve("w.db").toString(), "--principals", oidc.toString(), "--oidc-issuer", "https://i",
                "--oidc-audience", "a", "--oidc-jwks", jwks.toUri().toString()};
        assertEquals("wow-compat serve: --oidc-jwks: the JWKS at " + jwks.toUri().toURL() + " holds RSA keys under 2048 bits (kid \"old-1024\" of 1024 bits), "
                + "which can be broken: have the issuer publish keys of 2048 bits or more", refusal(args).output().strip());
        // A usage slip: the launcher's one sentence and its pointer to --help.
        ServerProcess.Refusal slip = ServerProcess.refusal(Map.of(), "--db", dir.resolve("w.db").toString(), "--oidc-max-lifetime", "2y");
        assertEquals(ExitCodes.BAD_INPUT, slip.exitCode(), slip.output());
        assertTrue(slip.output().startsWith("wow-compat serve: --oidc-max-lifetime: '2y' is not a lifetime such as 10m, 12h or 1d"), slip.output());
        assertTrue(refusal("--db", dir.resolve("w.db").toString(), "--oidc-max-lifetime", "1h").output()
                .contains("--oidc-max-lifetime is for OIDC tokens"));
        Path ok = PrincipalsFiles.write(dir, "jwks-ok.json", new com.nimbusds.jose.jwk.JWKSet(strong.toPublicJWK()).toString());
        args[args.length - 1] = ok.toUri().toString();
        try (ServerProcess server = ServerProcess.start(dir.resolve("w2.db"), java.util.Arrays.copyOfRange(args, 2, args.length))) {
            assertTrue(server.startupOutput().stream().anyMatch(l -> l.contains("listening on")), server.startupOutput().toString());
        }
    }

    @Test
    void aPrincipalNamedWithATrailingSpaceRefusesToStart() throws Exception {
        Path spaced = PrincipalsFiles.write(dir, "spaced.json", "{\"principals\": [\n {\"name\": \"bank-ci\", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("t") + "\", \"grants\": [\"publish:bank-service\"]},\n {\"name\": \"bank-ci \", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("u") + "\", \"grants\": [\"admin\"]}]}");
        String said = refusal("--db", dir.resolve("s.db").toString(), "--principals", spaced.toString()).output();
        assertTrue(said.startsWith("wow-compat serve: " + spaced + ": line 3: \"name\" must be ") && said.strip().endsWith("; this one ends with a space"), said);
    }

    /**
     * A tokens file, or a principals file of token digests, that other users of the machine can read is told in one
     * line naming the file and the chmod that closes it; the same files closed to others start without a word.
     */
    @Test
    void secretFilesOpenToOtherUsersAreWarnedAbout() throws Exception {
        Path tokens = PrincipalsFiles.write(dir, "open-tokens", "a-token\n");
        Path principals = new TestPrincipals().principal("ci", "t", "publish:bank-service").write(dir);
        java.nio.file.Files.setPosixFilePermissions(tokens, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        java.nio.file.Files.setPosixFilePermissions(principals, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        try (ServerProcess server = ServerProcess.start(dir.resolve("o.db"), "--tokens", tokens.toString(), "--principals", principals.toString())) {
            List<String> warnings = server.startupOutput().stream().filter(l -> l.startsWith("warning:")).toList();
            assertEquals(List.of(
                    "warning: " + tokens + " is readable by other users (rw-r--r--): it holds tokens; run chmod 600 " + tokens,
                    "warning: " + principals + " is readable and writable by other users (rw-rw-rw-): it holds token digests, and whoever "
                            + "can change it may give themselves any grant; run chmod 600 " + principals), warnings);
        }
        java.nio.file.Files.setPosixFilePermissions(tokens, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        java.nio.file.Files.setPosixFilePermissions(principals, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        try (ServerProcess server = ServerProcess.start(dir.resolve("c.db"), "--tokens", tokens.toString(), "--principals", principals.toString())) {
            assertTrue(server.startupOutput().stream().noneMatch(l -> l.startsWith("warning:")), server.startupOutput().toString());
        }
    }

    @Test
    void tokensOfTheTokensFileAreSaidToWriteEverything() throws Exception {
        Path tokens = PrincipalsFiles.write(dir, "tokens", "a-token\n");
        try (ServerProcess server = ServerProcess.start(dir.resolve("t.db"), "--tokens", tokens.toString())) {
            List<String> said = server.startupOutput();
            assertTrue(said.stream().anyMatch(l -> l.startsWith("note: the 1 token of --tokens or WOW_COMPAT_TOKENS may write everything")),
                    said.toString());
        }
        Path principals = new TestPrincipals().principal("ci", "t", "publish:bank-service").write(dir);
        try (ServerProcess server = ServerProcess.start(dir.resolve("u.db"), "--principals", principals.toString())) {
            assertTrue(server.startupOutput().stream().noneMatch(l -> l.startsWith("note:")), server.startupOutput().toString());
        }
    }
}
