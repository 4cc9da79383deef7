package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.testing.RepositoryRoot;
import java.util.ArrayList;
import java.util.List;

/**
 * Records of our own for the audit's tests, in both encodings: the wire protocol's format-1 envelope for the bank
 * example (schemas/examples/bank) and the JSON form of Wow 8's JsonSerializer for payment-service
 * (docs/audit/payment-service-1.0.0.json), as kcat -J lines or as {@link AuditRecord}s.
 */
final class Records {
    static final ObjectMapper JSON = new ObjectMapper();
    static final long TIME = 1_760_950_800_000L;

    private Records() {}

    static Manifest manifest(String relative) {
        try {
            return new ManifestReader().read(RepositoryRoot.resolve(relative));
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e.problems().toString());
        }
    }

    static List<Manifest> bankAndPayment() {
        return List.of(manifest("schemas/examples/bank/1.0.0.json"), manifest("schemas/examples/bank/1.1.0.json"),
                manifest("schemas/examples/bank/1.2.0.json"), manifest("docs/audit/payment-service-1.0.0.json"));
    }

    static String bankStateFingerprint(String version) {
        return manifest("schemas/examples/bank/" + version + ".json").aggregate("bank.account").orElseThrow().state().orElseThrow()
                .schema().fingerprint();
    }

    static ObjectNode ref(String aggregate, String tenant, String id) {
        ObjectNode ref = JSON.createObjectNode();
        ref.putObject("type").put("context", aggregate.substring(0, aggregate.indexOf('.'))).put("name", aggregate.substring(aggregate.indexOf('.') + 1));
        ref.put("tenantId", tenant);
        if (id == null) ref.putNull("id");
        else ref.put("id", id);
        return ref;
    }

    /** A published state event of bank.account/t1/{id} at {@code version}: one Deposited@1 and the state after it. */
    static ObjectNode stateEvent(String id, int version, double amount, double balance) {
        ObjectNode p = JSON.createObjectNode();
        p.set("ref", ref("bank.account", "t1", id));
        p.put("version", version);
        p.put("commandId", "c-" + version);
        p.put("requestId", "r-" + version);
        p.put("commandType", "bank.account.Deposit");
        p.put("commitTime", TIME);
        ArrayNode events = p.putArray("events");
        events.addObject().put("name", "bank.account.Deposited").put("revision", 1).putObject("payload").put("amount", amount);
        ObjectNode state = p.putObject("state");
        state.put("version", version);
        state.put("schemaFingerprint", bankStateFingerprint("1.0.0"));
        state.putObject("state").put("owner", "Alice").put("balance", balance);
        p.putObject("scope").put("ownerId", "u-42").putNull("spaceId");
        p.put("deleted", false);
        p.putNull("access");
        p.putNull("accessVersion");
        p.putNull("causation");
        p.putObject("headers");
        p.putObject("operator").put("id", "u-42").put("tenantId", "t1").put("crossScope", false);
        return envelope("state-event", "bank.account/t1/" + id + "@" + version, "bank.account", p);
    }

    static ObjectNode envelope(String kind, String id, String type, ObjectNode payload) {
        ObjectNode e = JSON.createObjectNode();
        e.put("format", 1);
        e.put("kind", kind);
        e.put("id", id);
        e.put("type", type);
        e.set("payload", payload);
        e.putNull("transport");
        return e;
    }

    /** A command to bank.account/t1/{id}: Withdraw {amount}. */
    static ObjectNode command(String id, double amount) {
        ObjectNode p = JSON.createObjectNode();
        p.put("type", "bank.account.Withdraw");
        p.put("id", "c-9");
        p.put("requestId", "r-9");
        p.set("ref", ref("bank.account", "t1", id));
        p.putObject("body").put("amount", amount);
        p.putNull("expectedVersion");
        p.putObject("scope").putNull("ownerId").putNull("spaceId");
        p.putObject("headers");
        p.putNull("causation");
        p.putObject("operator").put("id", "u-42").put("tenantId", "t1").put("crossScope", false);
        p.putNull("replyTo");
        p.putNull("caller");
        return envelope("command", "c-9", "bank.account.Withdraw", p);
    }

    /** A rejection receipt of a Withdraw to bank.account/t1/alice, sent by the saga bank.transfer/t1/tr-9. */
    static ObjectNode receipt(String code) {
        ObjectNode p = JSON.createObjectNode();
        p.put("commandId", "c-3");
        p.put("commandType", "bank.account.Withdraw");
        p.set("ref", ref("bank.account", "t1", "alice"));
        p.putObject("error").put("code", code).put("message", "The balance is 20.").putArray("violations");
        ((ObjectNode) p.get("error")).putObject("extensions");
        p.putObject("causation").put("correlationId", "c-1").put("causationId", "bank.transfer/t1/tr-9@1");
        ObjectNode execution = p.putObject("executionId");
        execution.put("subscription", "TransferSaga.onRequested");
        execution.set("ref", ref("bank.transfer", "t1", "tr-9"));
        execution.put("version", 1);
        p.putObject("operator").put("id", "u-42").put("tenantId", "t1").put("crossScope", false);
        p.putObject("scope").put("ownerId", "u-42").putNull("spaceId");
        p.putObject("headers");
        p.put("version", 4);
        return envelope("command-receipt", "c-3", "bank.account.Withdraw", p);
    }

    // Wow 8 (wow-kafka): the JsonSerializer form of DomainEventStream, StateEvent and CommandMessage.

    static ObjectNode wowMessage(String id) {
        ObjectNode m = JSON.createObjectNode();
        m.put("id", id);
        m.put("contextName", "payment-service");
        m.put("aggregateName", "wallet");
        return m;
    }

    /** An event stream of payment-service.wallet {walletId} at {@code version}, with one event. */
    static ObjectNode wowEventStream(String walletId, int version, String event, String revision, ObjectNode body) {
        ObjectNode m = wowMessage("s-" + walletId + "-" + version);
        m.putObject("header");
        m.put("aggregateId", walletId);
        m.put("tenantId", "(0)");
        m.put("ownerId", "");
        m.put("spaceId", "");
        m.put("commandId", "c-" + version);
        m.put("requestId", "c-" + version);
        m.put("version", version);
        ObjectNode e = m.putArray("body").addObject();
        e.put("id", "e-" + version);
        e.put("name", event);
        e.put("revision", revision);
        e.put("bodyType", "com.example.payment.api.Event");
        e.set("body", body);
        m.put("createTime", TIME);
        return m;
    }

    static ObjectNode wowStateEvent(String walletId, int version, ObjectNode state) {
        ObjectNode m = wowEventStream(walletId, version, "wallet_created", "0.0.1", JSON.createObjectNode().put("owner", "ann"));
        m.remove("createTime");
        m.put("firstOperator", "");
        m.put("firstEventTime", TIME);
        m.set("state", state);
        m.putObject("tags");
        m.put("deleted", false);
        m.put("createTime", TIME);
        return m;
    }

    static ObjectNode wowCommand(String walletId, String name, ObjectNode body) {
        ObjectNode m = wowMessage("c-" + walletId);
        m.put("name", name);
        m.putObject("header");
        m.put("tenantId", "(0)");
        m.put("aggregateId", walletId);
        m.put("ownerId", "");
        m.put("spaceId", "");
        m.put("requestId", "c-" + walletId);
        m.put("isCreate", false);
        m.put("isVoid", false);
        m.put("allowCreate", false);
        m.put("bodyType", "com.example.payment.api.Command");
        m.set("body", body);
        m.put("createTime", TIME);
        return m;
    }

    static ObjectNode wallet(String id, long balanceCents) {
        return JSON.createObjectNode().put("id", id).put("owner", "ann").put("balanceCents", balanceCents);
    }

    /** The wow-format, wow-kind and wow-type headers of an envelope, as its value says them. */
    static List<String> headersOf(JsonNode envelope) {
        return List.of("wow-format", "1", "wow-kind", envelope.path("kind").asText(), "wow-type", envelope.path("type").asText());
    }

    /** One kcat -C -J line. */
    static String kcat(String topic, int partition, long offset, List<String> headers, String key, JsonNode value) {
        return kcat(topic, partition, offset, headers, key, value == null ? null : value.toString());
    }

    static String kcat(String topic, int partition, long offset, List<String> headers, String key, String payload) {
        ObjectNode line = JSON.createObjectNode();
        line.put("topic", topic);
        line.put("partition", partition);
        line.put("offset", offset);
        line.put("tstype", "create");
        line.put("ts", TIME);
        line.put("broker", 1);
        ArrayNode h = line.putArray("headers");
        headers.forEach(h::add);
        if (key == null) line.putNull("key");
        else line.put("key", key);
        if (payload == null) line.putNull("payload");
        else line.put("payload", payload);
        return line.toString();
    }

    /** Every line valid: both encodings, every kind. The audit must find nothing in them. */
    static List<String> clean() {
        List<String> lines = new ArrayList<>();
        ObjectNode s1 = stateEvent("alice", 1, 100, 100);
        ObjectNode s2 = stateEvent("alice", 2, 50, 150);
        lines.add(kcat("wow.bank.account.state", 0, 0, headersOf(s1), "bank.account/t1/alice", s1));
        lines.add(kcat("wow.bank.account.state", 0, 1, headersOf(s2), "bank.account/t1/alice", s2));
        lines.add(kcat("wow.bank.account.state", 0, 2, headersOf(s2), "bank.account/t1/alice", s2)); // a redelivery: same version, same content
        ObjectNode c = command("alice", 30);
        lines.add(kcat("wow.bank.commands", PartitionHash.partition("bank.account/t1/alice", 4), 0, headersOf(c), "bank.account/t1/alice", c));
        ObjectNode r = receipt("bank.account.insufficient-balance");
        lines.add(kcat("wow.bank.receipts", 0, 0, headersOf(r), "bank.transfer/t1/tr-9", r));
        ObjectNode w = receipt("wow.wait.timeout");
        lines.add(kcat("wow.bank.receipts", 0, 1, headersOf(w), "bank.transfer/t1/tr-9", w));
        lines.add(kcat("wow.payment.wallet.event", 0, 0, List.of(), "w-1",
                wowEventStream("w-1", 1, "wallet_created", "0.0.1", JSON.createObjectNode().put("owner", "ann"))));
        lines.add(kcat("wow.payment.wallet.event", 0, 1, List.of(), "w-1",
                wowEventStream("w-1", 2, "wallet_credited", "0.0.1", JSON.createObjectNode().put("amountCents", 500))));
        lines.add(kcat("wow.payment.wallet.state", 0, 0, List.of(), "w-1", wowStateEvent("w-1", 1, wallet("w-1", 0))));
        lines.add(kcat("wow.payment.wallet.command", 0, 0, List.of(), "w-1",
                wowCommand("w-1", "credit_wallet", JSON.createObjectNode().put("id", "w-1").put("amountCents", 500))));
        return lines;
    }
}
