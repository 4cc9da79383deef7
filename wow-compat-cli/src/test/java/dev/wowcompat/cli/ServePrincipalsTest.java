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
                .startsWith(unknownGrant + ": line 4: \"deploy:prod:*:x\" of \"ci\" is not a grant"));
        Path twice = PrincipalsFiles.write(dir, "twice.json", "{\"principals\": [\n {\"name\": \"a\", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("t") + "\", \"grants\": [\"admin\"]},\n {\"name\": \"b\", \"tokenSha256\": \""
                + PrincipalsFiles.sha256("t") + "\", \"grants\": [\"read\"]}]}");
        assertTrue(refusal("--db", db, "--principals", twice.toString()).output()
                .startsWith(twice + ": line 3: principal \"b\" has the same token digest as \"a\""));
        Path oidc = PrincipalsFiles.write(dir, "oidc.json", "{\"oidc\": [{\"name\": \"ci\", \"match\": {\"repository\": \"acme/x\"}, "
                + "\"grants\": [\"publish:x\"]}]}");
        assertTrue(refusal("--db", db, "--principals", oidc.toString()).output().startsWith("wow-compat serve: the principals file has an oidc list, but no --oidc-issuer"));
        assertTrue(refusal("--db", db, "--principals", oidc.toString(), "--oidc-issuer", "https://i", "--oidc-audience", "a",
                "--oidc-jwks", "ftp://keys").output().contains("--oidc-jwks must be an https:, http: or file: URL"));
        assertTrue(refusal("--db", db, "--oidc-issuer", "https://i").output().contains("go together"));
        assertTrue(refusal("--db", db, "--principals", dir.resolve("missing.json").toString()).output().contains("cannot read the principals file"));
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
