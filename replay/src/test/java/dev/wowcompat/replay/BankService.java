package dev.wowcompat.replay;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.testing.JavaSources;
import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.serialization.JsonSerializerKt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fixture service of our own, compiled now against the stand-ins of Wow's API and runtime: a bank account
 * ({@code bank.account}) opened with an owner and moved on by deposits. {@code MoneyDeposited} is at revision 2.0.0
 * (amount and currency); its upgrader brings 1.0.0 records (amount only) forward with the currency "EUR".
 * Each finding's test changes one source of this clean service, the way a release would.
 */
public final class BankService {
    public static final Map<String, String> CLEAN = Map.of(
            "fixture/bank/Account.java", """
                    package fixture.bank;

                    public class Account {
                        private final AccountState state;

                        public Account(AccountState state) {
                            this.state = state;
                        }
                    }
                    """,
            "fixture/bank/AccountState.java", """
                    package fixture.bank;

                    import java.math.BigDecimal;

                    public class AccountState {
                        private String id;
                        private String owner;
                        private BigDecimal balance = BigDecimal.ZERO;
                        private String currency;

                        private AccountState() {
                        }

                        public AccountState(String id) {
                            this.id = id;
                        }

                        void onSourcing(AccountOpened opened) {
                            owner = opened.owner();
                        }

                        void onSourcing(MoneyDeposited deposited) {
                            balance = balance.add(deposited.amount());
                            currency = deposited.currency();
                        }
                    }
                    """,
            "fixture/bank/AccountOpened.java", """
                    package fixture.bank;

                    import me.ahoo.wow.api.annotation.Event;

                    @Event(revision = "1.0.0")
                    public record AccountOpened(String owner) {
                    }
                    """,
            "fixture/bank/MoneyDeposited.java", """
                    package fixture.bank;

                    import java.math.BigDecimal;
                    import me.ahoo.wow.api.annotation.Event;

                    @Event(revision = "2.0.0")
                    public record MoneyDeposited(BigDecimal amount, String currency) {
                    }
                    """,
            "fixture/bank/MoneyDepositedV2Upgrader.java", """
                    package fixture.bank;

                    import me.ahoo.wow.api.annotation.Order;
                    import me.ahoo.wow.api.modeling.MaterializedNamedAggregate;
                    import me.ahoo.wow.event.upgrader.EventNamedAggregate;
                    import me.ahoo.wow.event.upgrader.EventUpgrader;
                    import me.ahoo.wow.event.upgrader.MaterializedEventNamedAggregate;
                    import me.ahoo.wow.event.upgrader.MutableDomainEventRecord;
                    import me.ahoo.wow.serialization.event.DomainEventRecord;

                    @Order(100)
                    public class MoneyDepositedV2Upgrader implements EventUpgrader {
                        public EventNamedAggregate getEventNamedAggregate() {
                            return new MaterializedEventNamedAggregate(
                                    new MaterializedNamedAggregate("bank", "account"), "money_deposited");
                        }

                        public DomainEventRecord upgrade(DomainEventRecord record) {
                            if (!"1.0.0".equals(record.getRevision())) {
                                return record;
                            }
                            MutableDomainEventRecord mutable = MutableDomainEventRecord.toMutableDomainEventRecord(record);
                            mutable.getBody().put("currency", "EUR");
                            mutable.setRevision("2.0.0");
                            return mutable;
                        }
                    }
                    """);

    static final String METADATA = """
            {"contexts":{"bank":{"aggregates":{"account":{"type":"fixture.bank.Account",
              "events":["fixture.bank.AccountOpened","fixture.bank.MoneyDeposited"]}}}}}
            """;

    public static final String SERVICES = "fixture.bank.MoneyDepositedV2Upgrader\n";

    private BankService() {
    }

    /** The clean service with some sources replaced (or, with a null text, removed). */
    public static Map<String, String> changed(Map<String, String> replaced) {
        Map<String, String> sources = new LinkedHashMap<>(CLEAN);
        replaced.forEach((file, text) -> {
            if (text == null) {
                sources.remove(file);
            } else {
                sources.put(file, text);
            }
        });
        return sources;
    }

    /** Compiles the sources with the metadata and services file into a classes directory; answers the candidate's
     * classpath: those classes, then the stand-ins of Wow and the Jackson they run on. */
    public static List<Path> build(Path dir, Map<String, String> sources, String servicesFile) {
        try {
            Path classes = dir.resolve("classes");
            JavaSources.compile(classes, wowClasspath(), sources);
            Files.createDirectories(classes.resolve("META-INF/services"));
            Files.writeString(classes.resolve("META-INF/wow-metadata.json"), METADATA);
            if (servicesFile != null) {
                Files.writeString(classes.resolve("META-INF/services/me.ahoo.wow.event.upgrader.EventUpgrader"),
                        servicesFile);
            }
            List<Path> classpath = new ArrayList<>();
            classpath.add(classes);
            classpath.addAll(wowClasspath());
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Path> clean(Path dir) {
        return build(dir, CLEAN, SERVICES);
    }

    /** Wow's API and runtime as the stand-ins give them, and the Jackson they use. */
    static List<Path> wowClasspath() {
        return List.of(location(JsonSerializerKt.class), location(Event.class), location(ObjectMapper.class),
                location(JsonParser.class), location(JsonProperty.class));
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
