package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * What a service's event processors, projections and sagas read and send (issue 17), on Java services of our own
 * compiled here: a producer ("pay-service", an api module whose event has two revisions, and a domain module with a
 * saga and a projection of its own events) and a consumer with no aggregate ("audit-service") reading the producer's
 * api module from a jar on its classpath.
 */
class ReadsAndSendsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private static Path api;
    private static Path apiJar;
    private static Path deps;

    @BeforeAll
    static void compileTheProducersApi() {
        deps = Fixtures.copyPackages(temp.resolve("deps"), "reactor.core.publisher");
        api = Fixtures.compile(temp.resolve("pay-api"), classpath(), payApi());
        apiJar = Fixtures.jar(api, temp.resolve("pay-api.jar"));
    }

    private static List<Path> classpath(Path... extra) {
        List<Path> classpath = new ArrayList<>(Fixtures.serviceClasspath());
        classpath.add(deps);
        classpath.addAll(List.of(extra));
        return classpath;
    }

    private static Map<String, String> payApi() {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("pay/PayService.java", """
                package pay;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "pay-service", alias = "pay", aggregates = {
                        @me.ahoo.wow.api.annotation.BoundedContext.Aggregate(name = "wallet",
                                packageScopes = {pay.api.wallet.OpenWallet.class})})
                public interface PayService {}
                """);
        sources.put("pay/api/wallet/OpenWallet.java", "package pay.api.wallet;\npublic record OpenWallet(String owner) {}\n");
        sources.put("pay/api/wallet/Credit.java", "package pay.api.wallet;\npublic record Credit(String wallet, long amount) {}\n");
        sources.put("pay/api/wallet/Limit.java", "package pay.api.wallet;\npublic record Limit(long amount) {}\n");
        sources.put("pay/api/wallet/Freeze.java", "package pay.api.wallet;\npublic record Freeze(String wallet, Limit above) {}\n");
        sources.put("pay/api/wallet/WalletOpened.java", "package pay.api.wallet;\npublic record WalletOpened(String owner) {}\n");
        sources.put("pay/api/wallet/WalletFrozen.java", "package pay.api.wallet;\npublic record WalletFrozen(Limit above) {}\n");
        sources.put("pay/api/wallet/Credited.java", """
                package pay.api.wallet;
                @me.ahoo.wow.api.annotation.Event(revision = "1.0")
                public record Credited(String from, long amount) {}
                """);
        sources.put("pay/api/wallet/CreditedV2.java", """
                package pay.api.wallet;
                @me.ahoo.wow.api.annotation.Name("credited")
                @me.ahoo.wow.api.annotation.Event(revision = "1.1")
                public record CreditedV2(String from, long amount, String channel) {}
                """);
        return sources;
    }

    /** The producer's domain module: its aggregate, and (when asked) a saga and a projection of its own events. */
    private static Map<String, String> payDomain(boolean processors) {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("pay/domain/PayContext.java", """
                package pay.domain;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "pay-service")
                public final class PayContext {}
                """);
        sources.put("pay/domain/wallet/WalletState.java", """
                package pay.domain.wallet;
                import pay.api.wallet.*;
                public class WalletState {
                    private long balance;
                    void onSourcing(WalletOpened e) {}
                    void onSourcing(Credited e) { balance += e.amount(); }
                    void onSourcing(CreditedV2 e) { balance += e.amount(); }
                    void onSourcing(WalletFrozen e) {}
                    public long getBalance() { return balance; }
                }
                """);
        sources.put("pay/domain/wallet/Wallet.java", """
                package pay.domain.wallet;
                import pay.api.wallet.*;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Wallet {
                    private final WalletState state;
                    public Wallet(WalletState state) { this.state = state; }
                    WalletOpened onCommand(OpenWallet c) { return new WalletOpened(c.owner()); }
                    CreditedV2 onCommand(Credit c) { return new CreditedV2(c.wallet(), c.amount(), "web"); }
                    WalletFrozen onCommand(Freeze c) { return new WalletFrozen(c.above()); }
                }
                """);
        if (processors) {
            // As Wow's Java example's saga: package-private handlers named onEvent, returning the command itself.
            sources.put("pay/domain/wallet/LimitSaga.java", """
                    package pay.domain.wallet;
                    import pay.api.wallet.*;
                    @me.ahoo.wow.api.annotation.StatelessSaga
                    public class LimitSaga {
                        Freeze onEvent(CreditedV2 credited, me.ahoo.wow.api.modeling.AggregateId id) {
                            return credited.amount() > 1000 ? new Freeze(id.getId(), new Limit(1000)) : null;
                        }
                    }
                    """);
            sources.put("pay/domain/wallet/WalletProjector.java", """
                    package pay.domain.wallet;
                    import me.ahoo.wow.api.event.DomainEvent;
                    import pay.api.wallet.*;
                    @me.ahoo.wow.api.annotation.ProjectionProcessor
                    public class WalletProjector {
                        void onEvent(DomainEvent<WalletOpened> opened) {}
                    }
                    """);
        }
        return sources;
    }

    /** A service of its own that only reads the wallet's events and sends it commands. */
    private static Map<String, String> audit() {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("audit/AuditContext.java", """
                package audit;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "audit-service")
                public final class AuditContext {}
                """);
        sources.put("audit/WalletAudit.java", """
                package audit;
                import me.ahoo.wow.api.annotation.*;
                import me.ahoo.wow.api.event.DomainEvent;
                import me.ahoo.wow.api.modeling.AggregateId;
                import me.ahoo.wow.event.DomainEventExchange;
                import me.ahoo.wow.modeling.state.ReadOnlyStateAggregate;
                import pay.api.wallet.*;
                import reactor.core.publisher.Mono;
                @EventProcessor
                public class WalletAudit {
                    public Mono<Void> onEvent(WalletOpened opened) { return Mono.just(null); }
                    @OnEvent
                    public void credited(DomainEvent<Credited> event, AggregateId id) {}
                    @OnStateEvent
                    public void creditedAgain(DomainEventExchange<CreditedV2> exchange, ReadOnlyStateAggregate<Object> wallet) {}
                    public void audit(WalletFrozen notAHandler) {}
                }
                """);
        sources.put("audit/FreezeSaga.java", """
                package audit;
                import me.ahoo.wow.api.annotation.*;
                import me.ahoo.wow.command.factory.CommandBuilder;
                import pay.api.wallet.*;
                import reactor.core.publisher.Mono;
                @StatelessSaga
                public class FreezeSaga {
                    public Freeze onEvent(CreditedV2 credited) {
                        return new Freeze(credited.from(), new Limit(credited.amount()));
                    }
                    @OnEvent
                    public Mono<CommandBuilder> welcome(WalletOpened opened) {
                        return Mono.just(CommandBuilder.builder(new Credit(opened.owner(), 10)).aggregateId(opened.owner()));
                    }
                }
                """);
        return sources;
    }

    private static GeneratedManifest generate(String service, List<Path> classes, List<Path> classpath, Optional<Path> previous)
            throws GenerationException {
        return new ManifestGenerator().generate(new GenerationRequest(classes, classpath, service, "1.0.0", previous));
    }

    private static Manifest readBack(GeneratedManifest generated) throws Exception {
        return new ManifestReader().read(generated.json(), "generated.json");
    }

    private static TreeSet<Integer> revisions(Integer... numbers) {
        return new TreeSet<>(Set.of(numbers));
    }

    @Test
    void aConsumerWithoutAggregatesReadsTheProducersEventsByRevisionAndSendsItsCommands() throws Exception {
        Path audit = Fixtures.compile(temp.resolve("audit"), classpath(api), audit());
        GeneratedManifest generated = generate("audit-service", List.of(audit), classpath(apiJar), Optional.empty());
        assertEquals(List.of(), generated.warnings());
        assertEquals("""
                {
                  "manifest": 1,
                  "service": "audit-service",
                  "version": "1.0.0",
                  "contexts": { },
                  "consumes": {
                    "events": {
                      "pay-service.wallet.credited": {
                        "revisions": [
                          1,
                          2
                        ]
                      },
                      "pay-service.wallet.wallet_opened": {
                        "revisions": [
                          1
                        ]
                      }
                    },
                    "states": [
                      "pay-service.wallet"
                    ]
                  },
                  "sends": {
                    "commands": [
                      "pay-service.wallet.credit",
                      "pay-service.wallet.freeze"
                    ]
                  }
                }
                """, new String(generated.json(), StandardCharsets.UTF_8));
        Manifest read = readBack(generated);
        assertEquals(Map.of("pay-service.wallet.credited", revisions(1, 2), "pay-service.wallet.wallet_opened", revisions(1)),
                read.consumes().events());
        assertEquals(List.of("pay-service.wallet"), List.copyOf(read.consumes().states()));
        assertEquals(List.of("pay-service.wallet.credit", "pay-service.wallet.freeze"), List.copyOf(read.sends().commands()));
        assertEquals(Map.of(), read.aggregates());

        // The api module as a class directory on the classpath names the same types.
        assertArrayEquals(generated.json(), generate("audit-service", List.of(audit), classpath(api), Optional.empty()).json());
    }

    @Test
    void aSagaAndAProjectionOfTheServicesOwnEventsReadAndSendItsOwnTypes() throws Exception {
        Path domain = Fixtures.compile(temp.resolve("pay-domain"), classpath(api), payDomain(true));
        GeneratedManifest generated = generate("pay-service", List.of(api, domain), classpath(), Optional.empty());
        assertEquals(List.of(), generated.warnings());
        JsonNode manifest = JSON.readTree(generated.json());
        assertEquals("{\"events\":{\"pay-service.wallet.credited\":{\"revisions\":[2]},"
                + "\"pay-service.wallet.wallet_opened\":{\"revisions\":[1]}}}", manifest.path("consumes").toString());
        assertEquals("{\"commands\":[\"pay-service.wallet.freeze\"]}", manifest.path("sends").toString());
        // The numbers are those the Manifest itself gives the revisions.
        assertEquals(List.of("1", "2"), SampleServiceTest.names(manifest.path("contexts").path("pay-service")
                .path("aggregates").path("wallet").path("events").path("credited").path("revisions")));
        readBack(generated);

        // Without the processors, the Manifest is the same but for consumes and sends, which it leaves out.
        Path plain = Fixtures.compile(temp.resolve("pay-domain-plain"), classpath(api), payDomain(false));
        GeneratedManifest withoutProcessors = generate("pay-service", List.of(api, plain), classpath(), Optional.empty());
        ObjectNode stripped = (ObjectNode) manifest.deepCopy();
        stripped.remove(List.of("consumes", "sends"));
        assertEquals(JSON.readTree(withoutProcessors.json()), stripped);
        assertFalse(JSON.readTree(withoutProcessors.json()).has("consumes"));
        assertFalse(new String(withoutProcessors.json(), StandardCharsets.UTF_8).contains("sends"));
    }

    /** Own events read the numbers the Manifest gives them, which the previous release's may have set apart. */
    @Test
    void ownEventsReadTheRevisionNumbersThePreviousReleaseKept() throws Exception {
        Path domain = Fixtures.compile(temp.resolve("pay-domain-kept"), classpath(api), payDomain(true));
        Path previous = Files.writeString(temp.resolve("previous.json"), """
                {"manifest": 1, "service": "pay-service", "version": "0.9.0", "contexts": {"pay-service": {"aggregates": {
                  "wallet": {"events": {"credited": {"revisions": {
                    "1": {"label": "1.0", "schema": {"type": "object"}},
                    "3": {"label": "1.1", "schema": {"type": "object"}}}}}}}}}}
                """);
        GeneratedManifest generated = generate("pay-service", List.of(api, domain), classpath(), Optional.of(previous));
        JsonNode manifest = JSON.readTree(generated.json());
        assertEquals(List.of("1", "3"), SampleServiceTest.names(manifest.path("contexts").path("pay-service")
                .path("aggregates").path("wallet").path("events").path("credited").path("revisions")));
        assertEquals("[3]", manifest.path("consumes").path("events").path("pay-service.wallet.credited").path("revisions").toString());
    }

    /** {@code @OnEvent("aggregate")} names the aggregates listened to; a saga's commands come in messages and lists. */
    @Test
    void namedAggregatesAndTheShapesOfWhatASagaReturns() throws Exception {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("ledger/LedgerContext.java", """
                package ledger;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "ledger-service")
                public final class LedgerContext {}
                """);
        sources.put("ledger/Posting.java", """
                package ledger;
                import java.util.List;
                import me.ahoo.wow.api.annotation.*;
                import me.ahoo.wow.api.command.CommandMessage;
                import me.ahoo.wow.api.event.DomainEvent;
                import pay.api.wallet.*;
                @StatelessSaga
                public class Posting {
                    @OnEvent("wallet")
                    public List<CommandMessage<Freeze>> post(DomainEvent<? extends Credited> credited) { return List.of(); }
                    @OnStateEvent({"pay-service.vault", "wallet"})
                    public Iterable<Credit> mirror(CreditedV2 credited) { return List.of(); }
                }
                """);
        Path ledger = Fixtures.compile(temp.resolve("ledger"), classpath(api), sources);
        GeneratedManifest generated = generate("ledger-service", List.of(ledger), classpath(apiJar), Optional.empty());
        assertEquals(List.of(), generated.warnings());
        JsonNode manifest = JSON.readTree(generated.json());
        assertEquals("{\"events\":{\"pay-service.vault.credited\":{\"revisions\":[2]},"
                + "\"pay-service.wallet.credited\":{\"revisions\":[1,2]}},\"states\":[\"pay-service.vault\",\"pay-service.wallet\"]}",
                manifest.path("consumes").toString());
        assertEquals("{\"commands\":[\"pay-service.wallet.credit\",\"pay-service.wallet.freeze\"]}", manifest.path("sends").toString());
        readBack(generated);
    }

    /** As Wow at run time: a module without a @BoundedContext class is named by the wow-metadata.json it carries. */
    @Test
    void aModuleWithOnlyItsWowMetadataIsNamedByIt() throws Exception {
        Path ship = Fixtures.compile(temp.resolve("ship-api"), classpath(), Map.of(
                "ship/api/Shipped.java", "package ship.api;\npublic record Shipped(String parcel) {}\n",
                "ship/api/Return.java", "package ship.api;\npublic record Return(String parcel) {}\n"));
        Files.createDirectories(ship.resolve("META-INF"));
        Files.writeString(ship.resolve("META-INF/wow-metadata.json"), """
                {"contexts": {"ship-service": {"alias": "ship", "scopes": ["ship.api"],
                  "aggregates": {"parcel": {"scopes": ["ship.api"], "commands": [], "events": []}}}}}
                """);
        Path shipJar = Fixtures.jar(ship, temp.resolve("ship-api.jar"));
        Path returns = Fixtures.compile(temp.resolve("returns"), classpath(ship), Map.of(
                "returns/ReturnsContext.java", """
                        package returns;
                        @me.ahoo.wow.api.annotation.BoundedContext(name = "returns-service")
                        public final class ReturnsContext {}
                        """,
                "returns/ReturnSaga.java", """
                        package returns;
                        @me.ahoo.wow.api.annotation.StatelessSaga
                        public class ReturnSaga {
                            public ship.api.Return onEvent(ship.api.Shipped shipped) { return new ship.api.Return(shipped.parcel()); }
                        }
                        """));
        GeneratedManifest generated = generate("returns-service", List.of(returns), classpath(shipJar), Optional.empty());
        assertEquals(List.of(), generated.warnings());
        JsonNode manifest = JSON.readTree(generated.json());
        assertEquals("{\"events\":{\"ship-service.parcel.shipped\":{\"revisions\":[1]}}}", manifest.path("consumes").toString());
        assertEquals("{\"commands\":[\"ship-service.parcel.return\"]}", manifest.path("sends").toString());
    }

    @Test
    void whatCannotBeToldIsOneWarningSentencePerKindNeverAGuess() throws Exception {
        Path loose = Fixtures.compile(temp.resolve("loose-api"), classpath(), Map.of(
                "loose/Shipped.java", "package loose;\npublic record Shipped(String parcel) {}\n",
                "loose/Returned.java", "package loose;\npublic record Returned(String parcel) {}\n"));
        Path gone = Fixtures.compile(temp.resolve("gone"), classpath(), Map.of("gone/Gone.java", "package gone;\npublic record Gone() {}\n"));
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("odd/OddContext.java", """
                package odd;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "odd-service")
                public final class OddContext {}
                """);
        sources.put("odd/Helpers.java", """
                package odd;
                public final class Helpers {
                    public static Object freeze(String wallet) { return new pay.api.wallet.Freeze(wallet, null); }
                }
                """);
        sources.put("odd/OddReader.java", """
                package odd;
                import me.ahoo.wow.api.annotation.*;
                import me.ahoo.wow.api.event.DomainEvent;
                import me.ahoo.wow.eventsourcing.state.StateEvent;
                import pay.api.wallet.*;
                @EventProcessor
                public class OddReader {
                    public void onEvent(DomainEvent<?> anything) {}
                    public void onStateEvent(StateEvent<Object> wallet) {}
                    public void onEvent(Runnable notAnEvent) {}
                    public void onEvent(loose.Shipped shipped) {}
                    @OnEvent
                    public void back(loose.Returned returned) {}
                    public void onEvent(WalletOpened opened) {}
                    public void onEvent(DomainEvent<gone.Gone> notOnTheClasspath, String nothing) {}
                }
                """);
        sources.put("odd/OddSaga.java", """
                package odd;
                import me.ahoo.wow.api.annotation.*;
                import pay.api.wallet.*;
                @StatelessSaga
                public class OddSaga {
                    public Object onEvent(WalletFrozen frozen) { return Helpers.freeze("w"); }
                }
                """);
        Path odd = Fixtures.compile(temp.resolve("odd"), classpath(api, loose, gone), sources);
        GeneratedManifest generated = generate("odd-service", List.of(odd), classpath(apiJar, loose), Optional.empty());
        assertEquals(List.of(
                "1 saga handler returns a type that does not name its commands, and its bytecode constructs none, so they "
                        + "are missing from the Manifest's sends: odd.OddSaga.onEvent(WalletFrozen) returns Object; return the "
                        + "command (or a CommandMessage of it) instead.",
                "4 event handlers name no event class the Manifest can list, so what they read is missing from its consumes: "
                        + "odd.OddReader.onEvent(DomainEvent, String) (its signature cannot be read with the given classpath: "
                        + "TypeNotPresentException: Type gone.Gone not present); "
                        + "odd.OddReader.onEvent(DomainEvent<?>) (its DomainEvent<?> names no event class); "
                        + "odd.OddReader.onEvent(Runnable) (java.lang.Runnable is an interface, which names no event class); "
                        + "odd.OddReader.onStateEvent(StateEvent<Object>) (Wow matches events against the first type argument "
                        + "of StateEvent, the state, so no event reaches it; take the event first and the state as a second "
                        + "parameter).",
                "The aggregate of 2 classes is unknown, since no wow-metadata.json on the classpath and no @BoundedContext "
                        + "of the module holding them covers them: loose.Returned (read by odd.OddReader.back(Returned)), "
                        + "loose.Shipped (read by odd.OddReader.onEvent(Shipped)); what they name is missing from the "
                        + "Manifest's consumes and sends: put the api module that declares their context on the classpath."),
                generated.warnings());
        // What can be told is still there.
        assertEquals("{\"events\":{\"pay-service.wallet.wallet_frozen\":{\"revisions\":[1]},"
                + "\"pay-service.wallet.wallet_opened\":{\"revisions\":[1]}}}", JSON.readTree(generated.json()).path("consumes").toString());
        assertFalse(JSON.readTree(generated.json()).has("sends"));
        readBack(generated);
    }
}
