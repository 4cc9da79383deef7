package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import me.ahoo.wow.api.abac.DefaultApplyResourceTags;
import me.ahoo.wow.api.abac.DefaultResourceTagsApplied;
import me.ahoo.wow.api.command.DefaultDeleteAggregate;
import me.ahoo.wow.api.command.DefaultRecoverAggregate;
import me.ahoo.wow.api.event.DefaultAggregateDeleted;
import me.ahoo.wow.api.event.DefaultAggregateRecovered;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.sample.bank.Money;
import dev.wowcompat.sample.bank.account.AccountClosed;
import dev.wowcompat.sample.bank.account.AccountFrozen;
import dev.wowcompat.sample.bank.account.AccountOpened;
import dev.wowcompat.sample.bank.account.AccountState;
import dev.wowcompat.sample.bank.account.AccountType;
import dev.wowcompat.sample.bank.account.ChangeOverdraftLimit;
import dev.wowcompat.sample.bank.account.CloseAccount;
import dev.wowcompat.sample.bank.account.Deposit;
import dev.wowcompat.sample.bank.account.Deposited;
import dev.wowcompat.sample.bank.account.DepositedV2;
import dev.wowcompat.sample.bank.account.Freeze;
import dev.wowcompat.sample.bank.account.OpenAccount;
import dev.wowcompat.sample.bank.account.OverdraftLimitChanged;
import dev.wowcompat.sample.bank.account.Withdraw;
import dev.wowcompat.sample.bank.account.Withdrawn;
import dev.wowcompat.sample.bank.transfer.CancelTransfer;
import dev.wowcompat.sample.bank.transfer.ConfirmTransfer;
import dev.wowcompat.sample.bank.transfer.StartTransfer;
import dev.wowcompat.sample.bank.transfer.Transfer;
import dev.wowcompat.sample.bank.transfer.TransferCancelled;
import dev.wowcompat.sample.bank.transfer.TransferConfirmed;
import dev.wowcompat.sample.bank.transfer.TransferStarted;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sample bank service (two aggregates, nine commands, nine events) through the whole generator. */
class SampleServiceTest {
    /** As Wow's serializer writes: every field and getter visible, an object without properties written as {}. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.ANY)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    @TempDir
    static Path temp;
    private static GeneratedManifest generated;
    private static JsonNode manifest;

    @BeforeAll
    static void generate() throws Exception {
        generated = new ManifestGenerator().generate(Fixtures.sampleRequest(temp.resolve("first"), Optional.empty()));
        manifest = JSON.readTree(generated.json());
    }

    private static JsonNode aggregate(String name) {
        return manifest.path("contexts").path("bank-service").path("aggregates").path(name);
    }

    @Test
    void theManifestValidatesAgainstTheManifestSchemaAndReads() throws Exception {
        Manifest read = new ManifestReader().read(generated.json(), "generated");
        assertEquals("bank-service", read.service());
        assertTrue(generated.text().endsWith("}\n"));
        assertEquals(List.of(), generated.warnings());
    }

    @Test
    void twoGenerationsAreByteIdentical() throws Exception {
        GeneratedManifest again = new ManifestGenerator().generate(Fixtures.sampleRequest(temp.resolve("second"), Optional.empty()));
        assertArrayEquals(generated.json(), again.json());
    }

    @Test
    void aJarOfTheClassesGivesTheSameBytesAsTheirDirectory() throws Exception {
        GenerationRequest fromDirectory = Fixtures.sampleRequest(temp.resolve("jar"), Optional.empty());
        Path directory = fromDirectory.classDirectories().get(0);
        Path jar = Fixtures.jar(directory, temp.resolve("bank-service.jar"));
        GeneratedManifest fromJar = new ManifestGenerator().generate(new GenerationRequest(List.of(jar),
                fromDirectory.classpath(), "bank-service", "1.0.0", Optional.empty()));
        assertArrayEquals(generated.json(), fromJar.json());
    }

    @Test
    void theContextsAliasNamesItsTopicsAndIsWrittenBesideItsName() {
        // @BoundedContext(name = "bank-service", alias = "bank"): wow-kafka's topics are wow.bank.<aggregate>.*, which the audit checks.
        assertEquals("bank", manifest.path("contexts").path("bank-service").path("alias").asText());
        assertEquals("0.0.1", aggregate("account").path("events").path("deposited").path("revisions").path("1").path("label").asText());
    }

    @Test
    void aggregatesCommandsAndEventsFollowWowConventions() {
        assertEquals(List.of("account", "transfer"), names(manifest.path("contexts").path("bank-service").path("aggregates")));
        // Wow routes its default delete, recover and resource-tags commands to every aggregate that has none of its own.
        assertEquals(List.of("change_overdraft_limit", "close_account", "default_apply_resource_tags", "default_delete_aggregate",
                        "default_recover_aggregate", "deposit", "freeze", "open_account", "withdraw"),
                names(aggregate("account").path("commands")));
        assertEquals(List.of("cancel_transfer", "confirm_transfer", "default_apply_resource_tags", "default_delete_aggregate",
                "default_recover_aggregate", "start_transfer"), names(aggregate("transfer").path("commands")));
        // Sourcing handlers, concrete returns (Mono, List, Iterable unwrapped), @OnCommand(returns), @Emits, Wow's defaults.
        assertEquals(List.of("account_closed", "account_frozen", "account_opened", "default_aggregate_deleted",
                        "default_aggregate_recovered", "default_resource_tags_applied", "deposited", "overdraft_limit_changed", "withdrawn"),
                names(aggregate("account").path("events")));
        assertEquals(List.of("default_aggregate_deleted", "default_aggregate_recovered", "default_resource_tags_applied",
                "transfer_cancelled", "transfer_confirmed", "transfer_started"), names(aggregate("transfer").path("events")));
        // The state is the constructor's parameter type, else the aggregate itself.
        assertEquals(List.of("balance", "frozen", "overdraftLimit", "ownerName"), names(aggregate("account").path("state").path("schema").path("properties")));
        assertEquals(List.of("id", "status"), names(aggregate("transfer").path("state").path("schema").path("properties")));
    }

    @Test
    void twoRevisionClassesAreOneEventWithAnUpgrade() {
        JsonNode revisions = aggregate("account").path("events").path("deposited").path("revisions");
        assertEquals(List.of("1", "2"), names(revisions));
        assertEquals("0.0.1", revisions.path("1").path("label").asText());
        assertEquals("0.1.0", revisions.path("2").path("label").asText());
        assertEquals(1, revisions.path("2").path("upgradesFrom").asInt());
        assertFalse(revisions.path("2").path("written").asBoolean(true));
        assertTrue(revisions.path("1").path("written").isMissingNode());
    }

    @Test
    void ourAnnotationsBecomeManifestFacts() {
        JsonNode deposit = aggregate("account").path("commands").path("deposit").path("schema").path("properties");
        assertEquals("ms", deposit.path("requestedAt").path("x-wow-unit").asText());
        assertFalse(deposit.path("reference").path("x-wow-written").asBoolean(true));
        assertEquals("", deposit.path("reference").path("default").asText("missing"));
        JsonNode v2 = aggregate("account").path("events").path("deposited").path("revisions").path("2").path("schema");
        assertEquals("branch", v2.path("properties").path("channel").path("default").asText());
        assertTrue(v2.path("properties").path("fee").path("default").isInt());
        assertEquals("minor-units", v2.path("$defs").path("bank.Money").path("properties").path("amount").path("x-wow-unit").asText());
        JsonNode opened = aggregate("account").path("events").path("account_opened").path("revisions").path("1").path("schema");
        assertEquals("utc-epoch-millis", opened.path("properties").path("openedAt").path("x-wow-meaning").asText());
        assertFalse(aggregate("account").path("commands").path("change_overdraft_limit").path("written").asBoolean(true));
        assertFalse(aggregate("transfer").path("state").path("published").asBoolean(true));
        assertTrue(aggregate("account").path("state").path("published").isMissingNode());
        assertEquals(0, aggregate("account").path("state").path("schema").path("properties").path("overdraftLimit").path("default").asInt(-1));
    }

    @Test
    void jacksonRenamesAndIgnoresAreHonoured() {
        JsonNode opened = aggregate("account").path("events").path("account_opened").path("revisions").path("1").path("schema").path("properties");
        assertEquals(List.of("openedAt", "owner_name", "type"), names(opened));
        JsonNode close = aggregate("account").path("commands").path("close_account").path("schema").path("properties");
        assertEquals(List.of("reason"), names(close));
        assertTrue(aggregate("account").path("events").path("withdrawn").path("revisions").path("1").path("schema")
                .path("properties").has("withdrawn_money"));
    }

    @Test
    void requiredFollowsTheNullabilityRuleAndIsSorted() {
        JsonNode state = aggregate("account").path("state").path("schema");
        assertEquals(List.of("balance", "frozen"), texts(state.path("required")));
        JsonNode closed = aggregate("account").path("events").path("account_closed").path("revisions").path("1").path("schema");
        assertEquals(List.of("forced"), texts(closed.path("required")), "a @Nullable record component is optional");
        JsonNode v2 = aggregate("account").path("events").path("deposited").path("revisions").path("2").path("schema");
        assertEquals(List.of("money"), texts(v2.path("required")), "a @Default makes a property optional");
        JsonNode open = aggregate("account").path("commands").path("open_account").path("schema");
        assertEquals(List.of("owner_name", "type"), texts(open.path("required")));
    }

    @Test
    void errorCodesFromErrorInfoConstantsAndOurAnnotation() {
        assertEquals(List.of("account-frozen", "account-not-found", "currency-mismatch", "insufficient-balance"),
                names(aggregate("account").path("errors")));
        assertEquals(List.of("account-not-found", "currency-mismatch", "transfer-limit-exceeded", "transfer-to-same-account"),
                names(aggregate("transfer").path("errors")));
        assertTrue(aggregate("account").path("errors").path("insufficient-balance").path("description").asText().contains("InsufficientBalance"));
    }

    /**
     * As wow-schema's {@code WowSchemaNamingStrategy}: the prefix is that of the aggregate or context whose scopes
     * cover the nested type's class, so a type shared by the aggregates of a context has one name everywhere.
     */
    @Test
    void nestedTypesAreDefsNamedAsWowNamesThem() {
        JsonNode withdraw = aggregate("account").path("commands").path("withdraw").path("schema");
        assertEquals("#/$defs/bank.Money", withdraw.path("properties").path("money").path("$ref").asText());
        JsonNode started = aggregate("transfer").path("events").path("transfer_started").path("revisions").path("1").path("schema");
        assertTrue(started.path("$defs").has("bank.Money"));
    }

    /** What Jackson really writes validates against the generated schema; without a required field it does not. */
    @Test
    void jacksonPayloadsValidateAgainstTheirSchemas() throws Exception {
        Money money = new Money(1250, "EUR");
        AccountState state = new AccountState();
        CloseAccount close = new CloseAccount();
        close.setReason("moving");
        close.setOperatorNote("ignored by Jackson");
        Transfer transfer = new Transfer("t-1");
        Map<String, Object> samples = new LinkedHashMap<>();
        samples.put("account/state", state);
        samples.put("account/commands/open_account", new OpenAccount("Ada", AccountType.SAVINGS));
        samples.put("account/commands/deposit", new Deposit(money, 1000L, "ref-1"));
        samples.put("account/commands/withdraw", new Withdraw(money));
        samples.put("account/commands/freeze", new Freeze("fraud check"));
        samples.put("account/commands/close_account", close);
        samples.put("account/commands/change_overdraft_limit", new ChangeOverdraftLimit(money));
        samples.put("account/events/account_opened/1", new AccountOpened("Ada", AccountType.CHECKING, 17L, "debug"));
        samples.put("account/events/deposited/1", new Deposited(money));
        samples.put("account/events/deposited/2", new DepositedV2(money, "app", 0));
        samples.put("account/events/withdrawn/1", new Withdrawn(money, 2));
        samples.put("account/events/account_frozen/1", new AccountFrozen("fraud check"));
        samples.put("account/events/account_closed/1", new AccountClosed(null, true));
        samples.put("account/events/overdraft_limit_changed/1", new OverdraftLimitChanged(money));
        samples.put("transfer/state", transfer);
        samples.put("transfer/commands/start_transfer", new StartTransfer("a", "b", money));
        samples.put("transfer/commands/confirm_transfer", new ConfirmTransfer("t-1"));
        samples.put("transfer/commands/cancel_transfer", new CancelTransfer("t-1", "changed mind"));
        samples.put("transfer/events/transfer_started/1", new TransferStarted("a", "b", money));
        samples.put("transfer/events/transfer_confirmed/1", new TransferConfirmed("t-1"));
        samples.put("transfer/events/transfer_cancelled/1", new TransferCancelled("t-1", "changed mind"));
        for (String aggregate : List.of("account", "transfer")) {
            samples.put(aggregate + "/commands/default_delete_aggregate", DefaultDeleteAggregate.INSTANCE);
            samples.put(aggregate + "/commands/default_recover_aggregate", DefaultRecoverAggregate.INSTANCE);
            samples.put(aggregate + "/commands/default_apply_resource_tags", new DefaultApplyResourceTags(Map.of("team", List.of("a"))));
            samples.put(aggregate + "/events/default_aggregate_deleted/1", DefaultAggregateDeleted.INSTANCE);
            samples.put(aggregate + "/events/default_aggregate_recovered/1", DefaultAggregateRecovered.INSTANCE);
            samples.put(aggregate + "/events/default_resource_tags_applied/1", new DefaultResourceTagsApplied(Map.of()));
        }
        assertEquals(countTypes(), samples.size(), "every generated type has a sample");

        int withRequired = 0;
        for (Map.Entry<String, Object> sample : samples.entrySet()) {
            JsonNode schemaNode = schemaAt(sample.getKey());
            Schema schema = SCHEMAS.getSchema(schemaNode);
            JsonNode payload = JSON.valueToTree(sample.getValue());
            assertEquals(List.of(), schema.validate(payload), sample.getKey() + " " + payload);
            for (JsonNode required : schemaNode.path("required")) {
                ObjectNode missing = ((ObjectNode) payload).deepCopy();
                missing.remove(required.asText());
                assertFalse(schema.validate(missing).isEmpty(), sample.getKey() + " without " + required.asText());
                withRequired++;
            }
        }
        assertTrue(withRequired > 20, "the payloads exercise required properties: " + withRequired);
    }

    private static JsonNode schemaAt(String path) {
        String[] p = path.split("/");
        JsonNode aggregate = aggregate(p[0]);
        if (p[1].equals("state")) {
            return aggregate.path("state").path("schema");
        }
        if (p[1].equals("commands")) {
            return aggregate.path("commands").path(p[2]).path("schema");
        }
        return aggregate.path("events").path(p[2]).path("revisions").path(p[3]).path("schema");
    }

    private static int countTypes() {
        int count = 0;
        for (JsonNode aggregate : manifest.path("contexts").path("bank-service").path("aggregates")) {
            count += 1 + aggregate.path("commands").size();
            for (JsonNode event : aggregate.path("events")) {
                count += event.path("revisions").size();
            }
        }
        return count;
    }

    static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(v -> texts.add(v.asText()));
        return texts;
    }
}
