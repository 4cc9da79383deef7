package dev.wowcompat.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.testing.PrincipalsFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The principals file: what it grants, and every mistake refused with one sentence naming the file's line. */
class PrincipalsFileTest {
    private static final String A = PrincipalsFiles.sha256("a-token"), B = PrincipalsFiles.sha256("b-token");

    @TempDir
    Path dir;

    private String refusal(String json) {
        Path file = PrincipalsFiles.write(dir, "principals.json", json);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Principals.fromFile(file));
        assertEquals(1, e.problems().size());
        String sentence = e.problems().get(0).message();
        assertFalse(sentence.contains("Exception") || sentence.contains("\n"), sentence);
        assertEquals(file.toString(), e.problems().get(0).source(), "the file is named as the problem's source");
        return sentence;
    }

    @Test
    void eachMistakeNamesItsLine() throws InvalidInputException {
        assertTrue(refusal("{\"principals\": [\n  {\"name\": \"ci\", \"tokenSha256\": \"" + A + "\",\n   \"grants\": [\"publish:bank\", \"deploi:staging\"]}\n]}")
                .matches("line 3: \"deploi:staging\" of \"ci\" is not a grant; the grants are publish:SERVICE.*"), "unknown grant");
        assertTrue(refusal("{\"principals\": [\n {\"name\": \"ci\", \"tokenSha256\": \"" + A + "\", \"grants\": [\"admin\"]},\n"
                + " {\"name\": \"ci\", \"tokenSha256\": \"" + B + "\", \"grants\": [\"admin\"]}\n]}")
                .matches("line 3: the name \"ci\" is given twice \\(first on line 2\\)"), "repeated name");
        assertTrue(refusal("{\"principals\": [\n {\"name\": \"a\", \"tokenSha256\": \"" + A + "\", \"grants\": [\"admin\"]},\n"
                + " {\"name\": \"b\",\n  \"tokenSha256\": \"" + A.toUpperCase() + "\", \"grants\": [\"read\"]}\n]}")
                .matches("line 4: principal \"b\" has the same token digest as \"a\""), "repeated digest, whatever its case");
        assertTrue(refusal("{\"principals\": [\n\n {\"name\": \"a\", \"tokenSha256\": \"a-token\", \"grants\": [\"admin\"]}]}")
                .matches("line 3: principal \"a\" needs \"tokenSha256\": the 64 hex digits of its token's SHA-256 \\(never the token itself\\)"),
                "a token instead of its digest");
        assertTrue(refusal("{\"principals\": [\n {\"name\": \"a\", \"tokenSha256\": \"" + A + "\",\n \"grants\": [\"admin\"],}]}")
                .matches("line 3: this is not valid JSON; .*"), "bad JSON");
        assertTrue(refusal("{\"principals\": [\n {\"name\": \"a\", \"name\": \"b\", \"tokenSha256\": \"" + A + "\", \"grants\": [\"admin\"]}]}")
                .matches("line 2: a member is repeated; .*"), "repeated member");
        assertTrue(refusal("{\"principals\": [],\n \"oidc\": [{\"name\": \"ci\",\n  \"match\": {}, \"grants\": [\"admin\"]}]}")
                .matches("line 3: oidc entry \"ci\" needs \"match\": .*"), "an empty match would take every token");
        assertTrue(refusal("{\"principals\": [\n {\"name\": \"a\", \"tokenSha256\": \"" + A + "\", \"grant\": [\"admin\"]}]}")
                .matches("line 2: \"grant\" is not a member here; expected grants, name, tokenSha256"), "a misspelt member");
        assertTrue(refusal("{\"principals\": [\n {\"name\": \"" + "p".repeat(129) + "\", \"tokenSha256\": \"" + A + "\", \"grants\": [\"admin\"]}]}")
                .matches("line 2: \"name\" must be 1 to 128 ASCII letters, digits, single spaces and \\. _ @ / -, starting with a letter "
                        + "or a digit and not ending with a space; this one is longer than 128 characters"),
                "a name past the registry's 128 characters");
        assertTrue(refusal("{\"oidc\": [\n {\"name\": \" ci\", \"match\": {\"repository\": \"acme/x\"}, \"grants\": [\"admin\"]}]}")
                .matches("line 2: \"name\" must be .*"), "a name starting with a space");
        assertEquals(1, Principals.fromFile(PrincipalsFiles.write(dir, "longest.json", "{\"principals\": [{\"name\": \"" + "p".repeat(128)
                + "\", \"tokenSha256\": \"" + A + "\", \"grants\": [\"admin\"]}]}")).byToken("a-token").stream().count(), "128 characters are taken");
        assertTrue(refusal("{}").matches("line 1: the file names no principal and no oidc entry; .*"));
        assertTrue(refusal("[]").matches("line 1: the file must hold one JSON object .*"));
    }

    /**
     * Two principals a reader of the write log cannot tell apart must not both exist: "bank-ci" beside "bank-ci " (a
     * trailing space), "bank  ci" (two spaces), a Cyrillic "а" for a Latin "a", an invisible control character, or the
     * same name in other letter case. Each is refused at start, naming its line and what is wrong with it.
     */
    @Test
    void namesAReaderCannotTellApartAreRefused() throws InvalidInputException {
        String first = "{\"principals\": [\n {\"name\": \"bank-ci\", \"tokenSha256\": \"" + A + "\", \"grants\": [\"publish:bank\"]},\n";
        String second = " {\"name\": \"%s\", \"tokenSha256\": \"" + B + "\", \"grants\": [\"admin\"]}\n]}";
        Map<String, String> refused = Map.of(
                "bank-ci ", "ends with a space",
                "bank  ci", "has two spaces in a row",
                "b\\u0430nk-ci", "holds U+0430, which is not ASCII (a letter of another script may look like ours)",
                "bank-ci\\u0007", "holds U+0007, a control character",
                "bank-ci\\u200b", "holds U+200B, which is not ASCII (a letter of another script may look like ours)",
                "bank-ci\\t", "ends with a space");
        for (Map.Entry<String, String> name : refused.entrySet()) {
            String sentence = refusal(first + String.format(second, name.getKey()));
            assertTrue(sentence.startsWith("line 3: \"name\" must be 1 to 128 ASCII letters"), name.getKey() + ": " + sentence);
            assertTrue(sentence.endsWith("; this one " + name.getValue()), name.getKey() + ": " + sentence);
        }
        assertEquals("line 3: the name \"Bank-CI\" is given twice (first on line 2, as \"bank-ci\": names differing only in case are one name)",
                refusal(first + String.format(second, "Bank-CI")));
        // One space between words stays a name, as CI systems name their jobs.
        Principals spaced = Principals.fromFile(PrincipalsFiles.write(dir, "spaced.json", first + String.format(second, "bank service CI")));
        assertEquals("bank service CI", spaced.byToken("b-token").orElseThrow().name());
    }

    @ParameterizedTest
    @CsvSource({"publish:bank-service", "publish:bank-*", "publish:*", "deploy:staging", "deploy:prod-eu:bank-service",
            "deploy:staging:bank-*", "observe:production", "read", "admin", "publish:orders-value", "publish:com.acme.Order",
            "publish:Topic_Name-value", "publish:com.acme.*", "publish:0rders", "publish:bank--*"})
    void everyGrantFormReadsBackAsWritten(String text) {
        assertEquals(text, Grant.parse(text).orElseThrow().toString());
    }

    @ParameterizedTest
    @CsvSource({"publish", "publish:", "publish:bank*x", "deploy:", "deploy:a:b:c", "observe", "observe:a:b",
            "read:x", "admin:all", "write:x", "'publish: bank'", "deploy:Staging", "observe:-staging", "deploy:staging:Bank_Service",
            "deploy:staging:com.acme.Order", "publish:com.acme:Order", "'publish:com acme'", "publish:orders/value", "publish:**",
            "publish:caf\u00e9"})
    void otherTextsAreNoGrant(String text) {
        assertTrue(Grant.parse(text).isEmpty(), text);
    }

    @Test
    void aPublishGrantNamesAtMostTheLongestSubject() {
        String longest = "com.acme." + "a".repeat(246);
        assertEquals(255, longest.length());
        assertEquals("publish:" + longest, Grant.parse("publish:" + longest).orElseThrow().toString());
        assertTrue(Grant.parse("publish:" + longest + "b").isEmpty(), "256 characters is no subject's name");
    }

    @Test
    void aSubjectGrantCoversItsSubjectOnly() {
        Principal acme = new Principal("acme", List.of(Grant.parse("publish:com.acme.Order").orElseThrow(),
                Grant.parse("publish:com.acme.billing.*").orElseThrow()));
        assertTrue(acme.allows(Grant.publish("com.acme.Order")));
        assertFalse(acme.allows(Grant.publish("com.acme.order")), "names are exact, letter case too");
        assertFalse(acme.allows(Grant.publish("com.acme.Order-value")));
        assertTrue(acme.allows(Grant.publish("com.acme.billing.Invoice")));
        assertFalse(acme.allows(Grant.publish("com.acme.billingX")));
        assertFalse(acme.allows(Grant.publish("bank-service")));
        assertFalse(acme.allows(Grant.deploy("staging", "com.acme.Order")));
    }

    @Test
    void whatEachGrantCovers() {
        Principal bank = new Principal("bank", List.of(Grant.parse("publish:bank-*").orElseThrow(),
                Grant.parse("deploy:staging:bank-service").orElseThrow(), Grant.parse("observe:staging").orElseThrow()));
        assertTrue(bank.allows(Grant.publish("bank-service")));
        assertTrue(bank.allows(Grant.publish("bank-")));
        assertFalse(bank.allows(Grant.publish("bank")), "a prefix pattern needs its whole prefix");
        assertFalse(bank.allows(Grant.publish("ledger")));
        assertTrue(bank.allows(Grant.deploy("staging", "bank-service")));
        assertFalse(bank.allows(Grant.deploy("staging", "bank-service-2")), "deploy:ENV:SERVICE names one service");
        assertFalse(bank.allows(Grant.deploy("production", "bank-service")));
        assertTrue(bank.allows(Grant.observe("staging")));
        assertFalse(bank.allows(Grant.observe("production")));
        assertFalse(bank.allows(Grant.READ));
        assertFalse(bank.allows(Grant.ADMIN));
        Principal deployer = new Principal("d", List.of(Grant.parse("deploy:production").orElseThrow()));
        assertTrue(deployer.allows(Grant.deploy("production", "anything")));
        assertFalse(deployer.allows(Grant.deploy("production-eu", "anything")));
        assertFalse(deployer.allows(Grant.publish("anything")));
        Principal admin = new Principal("p", List.of(Grant.ADMIN));
        for (Grant g : List.of(Grant.READ, Grant.publish("x"), Grant.deploy("e", "x"), Grant.observe("e"), Grant.ADMIN)) {
            assertTrue(admin.allows(g), g.toString());
        }
    }

    @Test
    void tokensAreFoundByTheirDigestAndOidcEntriesByTheirClaims() throws Exception {
        Path file = PrincipalsFiles.write(dir, "ok.json", """
                {"principals": [{"name": "ci", "tokenSha256": "%s", "grants": ["publish:bank-service"]}],
                 "oidc": [{"name": "bank main", "match": {"repository": "acme/bank", "ref": "refs/heads/main"}, "grants": ["deploy:staging"]},
                          {"name": "bank any", "match": {"repository": "acme/bank"}, "grants": ["read"]}]}
                """.formatted(A));
        Principals p = Principals.fromFile(file);
        assertEquals("ci", p.byToken("a-token").orElseThrow().name());
        assertTrue(p.byToken("b-token").isEmpty());
        assertTrue(p.byToken(A).isEmpty(), "the digest is not a token");
        assertEquals("bank main", p.byClaims(Map.of("repository", "acme/bank", "ref", "refs/heads/main")).orElseThrow().name(),
                "first match wins");
        assertEquals("bank any", p.byClaims(Map.of("repository", "acme/bank", "ref", "refs/heads/fork")).orElseThrow().name());
        assertTrue(p.byClaims(Map.of("repository", "acme/bank-fork")).isEmpty());
        assertTrue(p.byClaims(Map.of()).isEmpty());
    }
}
