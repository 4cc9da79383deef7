package dev.wowcompat.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Access;
import dev.wowcompat.access.Principals;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.manifest.InvalidInputException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A registry's principals as a test states them: each one's name, token and grants (and OIDC identities). The fixture
 * writes the principals file an operator would write, with each token's SHA-256 in hex, and reads it as {@code serve
 * --principals} does, so a test goes through the real file format.
 *
 * <pre>{@code
 * new TestPrincipals().principal("prod-watch", token, "observe:production").principal("dashboard", other, "read").config(dir)
 * }</pre>
 */
public final class TestPrincipals {
    private final ObjectNode file = JsonNodeFactory.instance.objectNode();

    /** A principal holding {@code token}, with these grants. */
    public TestPrincipals principal(String name, String token, String... grants) {
        return digest(name, PrincipalsFiles.sha256(token), grants);
    }

    /** A principal by the digest the file holds, as an operator may write it (in upper case, say). */
    public TestPrincipals digest(String name, String tokenSha256, String... grants) {
        ObjectNode p = list("principals").addObject().put("name", name).put("tokenSha256", tokenSha256);
        grants(p, grants);
        return this;
    }

    /** An OIDC identity: a verified token whose claims hold all of {@code match} gets these grants. */
    public TestPrincipals oidc(String name, Map<String, String> match, String... grants) {
        ObjectNode o = list("oidc").addObject().put("name", name);
        ObjectNode m = o.putObject("match");
        match.forEach(m::put);
        grants(o, grants);
        return this;
    }

    private ArrayNode list(String name) {
        return file.has(name) ? (ArrayNode) file.get(name) : file.putArray(name);
    }

    private static void grants(ObjectNode entry, String... grants) {
        ArrayNode g = entry.putArray("grants");
        for (String grant : grants) g.add(grant);
    }

    /** The principals file, written to {@code dir/principals.json}, as {@code serve --principals} takes it. */
    public Path write(Path dir) {
        return PrincipalsFiles.write(dir, "principals.json", file.toPrettyString());
    }

    /** The principals, written to {@code dir/principals.json} and read back from it. */
    public Principals read(Path dir) {
        try {
            return Principals.fromFile(write(dir));
        } catch (InvalidInputException e) {
            throw new AssertionError("the test's principals file is refused: " + e.getMessage(), e);
        }
    }

    /** Who may do what with these principals: writes need a grant, reads do not, no OIDC. */
    public Access access(Path dir) {
        return new Access(read(dir), null, false);
    }

    /** A local registry's configuration (a free port) with {@link #access(Path)}. */
    public RegistryServer.Config config(Path dir) {
        return RegistryServer.Config.local(0).withAccess(access(dir));
    }
}
