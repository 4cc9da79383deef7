package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.wowcompat.generator.SampleServiceTest.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Java service split into an api module and a domain module, as Wow's Java example splits its own (our own
 * fixture, compiled here): both modules declare the context, the api module gives its alias and the aggregate's
 * package scopes and holds an error event; handlers return {@code Object} and {@code List<?>}.
 */
class ServiceModulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private static Map<String, String> api(boolean declaresContext) {
        Map<String, String> sources = new LinkedHashMap<>();
        if (declaresContext) {
            sources.put("pay/PayService.java", """
                    package pay;
                    @me.ahoo.wow.api.annotation.BoundedContext(name = "pay-service", alias = "pay", aggregates = {
                            @me.ahoo.wow.api.annotation.BoundedContext.Aggregate(name = "wallet",
                                    packageScopes = {pay.api.wallet.OpenWallet.class})})
                    public interface PayService {}
                    """);
        }
        sources.put("pay/api/wallet/OpenWallet.java", "package pay.api.wallet;\npublic record OpenWallet(String owner) {}\n");
        sources.put("pay/api/wallet/Credit.java", "package pay.api.wallet;\npublic record Credit(String from, long amount) {}\n");
        sources.put("pay/api/wallet/Split.java", "package pay.api.wallet;\npublic record Split(long amount, int ways) {}\n");
        sources.put("pay/api/wallet/WalletOpened.java", "package pay.api.wallet;\npublic record WalletOpened(String owner) {}\n");
        sources.put("pay/api/wallet/Credited.java", "package pay.api.wallet;\npublic record Credited(String from, long amount) {}\n");
        sources.put("pay/api/wallet/Share.java", "package pay.api.wallet;\npublic record Share(long amount) {}\n");
        sources.put("pay/api/wallet/SplitDone.java", """
                package pay.api.wallet;
                public record SplitDone(java.util.List<Share> shares) {}
                """);
        sources.put("pay/api/wallet/CreditRefused.java", """
                package pay.api.wallet;
                public record CreditRefused(String from, Long amount) implements me.ahoo.wow.api.exception.ErrorInfo {
                    @Override
                    public String getErrorCode() {
                        return "Wallet-Credit-Refused";
                    }

                    @Override
                    public String getErrorMsg() {
                        return "the wallet is frozen";
                    }
                }
                """);
        return sources;
    }

    private static Map<String, String> domain(String contextAnnotation) {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("pay/domain/PayContext.java", "package pay.domain;\n" + contextAnnotation + "\npublic final class PayContext {}\n");
        sources.put("pay/domain/wallet/WalletState.java", """
                package pay.domain.wallet;
                import pay.api.wallet.*;
                public class WalletState {
                    private long balance;
                    private boolean frozen;
                    void onSourcing(WalletOpened e) {}
                    void onSourcing(Credited e) { balance += e.amount(); }
                    public boolean isFrozen() { return frozen; }
                    public long getBalance() { return balance; }
                }
                """);
        sources.put("pay/domain/wallet/Wallet.java", """
                package pay.domain.wallet;
                import pay.api.wallet.*;
                import java.util.ArrayList;
                import java.util.List;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Wallet {
                    private final WalletState state;
                    public Wallet(WalletState state) { this.state = state; }
                    WalletOpened onCommand(OpenWallet c) { return new WalletOpened(c.owner()); }
                    Object onCommand(Credit c) {
                        if (state.isFrozen()) {
                            return new CreditRefused(c.from(), c.amount());
                        }
                        return new Credited(c.from(), c.amount());
                    }
                    List<?> onCommand(Split c) {
                        List<Share> shares = new ArrayList<>();
                        for (int i = 0; i < c.ways(); i++) {
                            shares.add(new Share(c.amount() / c.ways()));
                        }
                        return List.of(new SplitDone(shares));
                    }
                }
                """);
        return sources;
    }

    private static final String DOMAIN_CONTEXT = "@me.ahoo.wow.api.annotation.BoundedContext(name = \"pay-service\")";

    private Path compile(String name, List<Path> classpath, Map<String, String> sources) {
        return Fixtures.compile(temp.resolve(name), classpath, sources);
    }

    private List<Path> with(Path... extra) {
        List<Path> classpath = new ArrayList<>(Fixtures.serviceClasspath());
        classpath.addAll(List.of(extra));
        return classpath;
    }

    private static GeneratedManifest generate(List<Path> classes, List<Path> classpath) throws GenerationException {
        return new ManifestGenerator().generate(new GenerationRequest(classes, classpath, "pay-service", "1.0.0", Optional.empty()));
    }

    private static GenerationException failure(List<Path> classes, List<Path> classpath) {
        return assertThrows(GenerationException.class, () -> generate(classes, classpath));
    }

    @Test
    void bothModulesGivenAsClassDirectoriesOrTheApiAsAJarGiveOneManifest() throws Exception {
        Path api = compile("api", with(), api(true));
        Path domain = compile("domain", with(api), domain(DOMAIN_CONTEXT));
        GeneratedManifest both = generate(List.of(api, domain), with());
        assertEquals(List.of(), both.warnings());
        JsonNode contexts = JSON.readTree(both.json()).path("contexts");
        assertEquals(List.of("pay-service"), names(contexts));
        JsonNode wallet = contexts.path("pay-service").path("aggregates").path("wallet");
        // Object and List<?> handlers: the events their bytecode constructs; a Share is part of SplitDone.
        assertEquals(List.of("credit_refused", "credited", "default_aggregate_deleted", "default_aggregate_recovered",
                "default_resource_tags_applied", "split_done", "wallet_opened"), names(wallet.path("events")));
        // The api module's scopes give its error event's code to the wallet; its alias names the definitions.
        assertEquals(List.of("wallet-credit-refused"), names(wallet.path("errors")));
        assertTrue(wallet.path("events").path("split_done").path("revisions").path("1").path("schema").path("$defs")
                .has("pay.wallet.Share"));

        GeneratedManifest domainOnly = generate(List.of(domain), with(Fixtures.jar(api, temp.resolve("pay-api.jar"))));
        assertArrayEquals(both.json(), domainOnly.json());
        assertEquals(List.of(), domainOnly.warnings());
    }

    /** As Wow's compiler writes them: the api module's file gives alias and scopes, the domain module's the type. */
    @Test
    void theWowMetadataOfBothModulesMergesInAnyOrder() throws Exception {
        Path api = compile("api", with(), api(true));
        Path domain = compile("domain", with(api), domain(DOMAIN_CONTEXT));
        Files.createDirectories(api.resolve("META-INF"));
        Files.writeString(api.resolve("META-INF/wow-metadata.json"), """
                {"contexts": {"pay-service": {"alias": "pay", "scopes": ["pay"],
                  "aggregates": {"wallet": {"scopes": ["pay.api.wallet"]}}}}}
                """);
        Files.createDirectories(domain.resolve("META-INF"));
        Files.writeString(domain.resolve("META-INF/wow-metadata.json"), """
                {"contexts": {"pay-service": {"scopes": ["pay.domain"], "aggregates": {"wallet": {
                  "type": "pay.domain.wallet.Wallet", "scopes": ["pay.domain.wallet"],
                  "commands": ["pay.api.wallet.OpenWallet", "pay.api.wallet.Credit", "pay.api.wallet.Split"],
                  "events": ["pay.api.wallet.WalletOpened", "pay.api.wallet.Credited"]}}}}}
                """);
        GeneratedManifest apiFirst = generate(List.of(api, domain), with());
        assertEquals(List.of(), apiFirst.warnings());
        assertArrayEquals(apiFirst.json(), generate(List.of(domain, api), with()).json());
        GeneratedManifest domainOnly = generate(List.of(domain), with(Fixtures.jar(api, temp.resolve("pay-api.jar"))));
        assertEquals(List.of(), domainOnly.warnings());
        assertArrayEquals(apiFirst.json(), domainOnly.json());
        JsonNode wallet = JSON.readTree(apiFirst.json()).path("contexts").path("pay-service").path("aggregates").path("wallet");
        assertEquals(List.of("wallet-credit-refused"), names(wallet.path("errors")));
        assertTrue(wallet.path("events").has("credit_refused"), wallet.path("events").toString());
    }

    @Test
    void anApiJarThatDeclaresNoContextIsNamedInAWarning() throws Exception {
        Path api = compile("api", with(), api(false));
        Path domain = compile("domain", with(api), domain(DOMAIN_CONTEXT));
        Path jar = Fixtures.jar(api, temp.resolve("pay-api.jar"));
        GeneratedManifest generated = generate(List.of(domain), with(jar));
        assertEquals(1, generated.warnings().size(), generated.warnings().toString());
        assertTrue(generated.warnings().get(0).startsWith(jar + ": holds "), generated.warnings().get(0));
        assertTrue(generated.warnings().get(0).contains("declares no @BoundedContext"), generated.warnings().get(0));
    }

    @Test
    void twoAliasesForOneContextAreOneSentenceNamingBothClasses() throws Exception {
        Path api = compile("api", with(), api(true));
        Path domain = compile("domain", with(api),
                domain("@me.ahoo.wow.api.annotation.BoundedContext(name = \"pay-service\", alias = \"money\")"));
        GenerationException e = failure(List.of(api, domain), with());
        assertEquals(List.of("pay.PayService and pay.domain.PayContext declare bounded context 'pay-service' with two aliases, "
                + "'pay' and 'money'; Wow refuses that: give the alias in one declaration only."), e.problems());
    }

    @Test
    void oneAliasForTwoContextsIsRefused() throws Exception {
        Path api = compile("api", with(), api(true));
        Path domain = compile("domain", with(api),
                domain("@me.ahoo.wow.api.annotation.BoundedContext(name = \"ledger-service\", alias = \"pay\")"));
        GenerationException e = failure(List.of(api, domain), with());
        assertTrue(e.problems().contains("pay.domain.PayContext (context 'ledger-service') and pay.PayService (context "
                + "'pay-service') give one alias, 'pay', to two contexts; Wow refuses that: give each context its own alias."),
                e.problems().toString());
    }

    @Test
    void aDirectoryAboveTheClassRootNamesTheClassRoot() throws Exception {
        Path build = Files.createDirectories(temp.resolve("build"));
        Path api = Fixtures.compile(build.resolve("classes"), with(), api(true));
        GenerationException e = failure(List.of(build), with());
        assertEquals(List.of(build + ": is not where the classes' packages start; they start at " + api
                + ": give that directory instead."), e.problems());
    }

    @Test
    void missingDependenciesAreOneSentence() throws Exception {
        Path api = compile("api", with(), api(true));
        Path domain = compile("domain", with(api), domain(DOMAIN_CONTEXT));
        GenerationException e = failure(List.of(domain), with());
        assertEquals(1, e.problems().size(), e.problems().toString());
        String problem = e.problems().get(0);
        assertTrue(problem.startsWith("2 classes cannot be loaded because the classpath lacks the package pay.api.wallet "
                + "(needed by 2 classes, e.g. pay.domain.wallet.Wallet)"), problem);
        assertTrue(Files.isDirectory(api));
    }
}
