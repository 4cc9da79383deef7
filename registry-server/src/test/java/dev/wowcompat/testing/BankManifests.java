package dev.wowcompat.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Manifests of a small bank service, written as JSON text the way a build would produce them, for tests that
 * register releases: 1.0.0 (Deposited@1), 1.1.0 (stages Deposited@2: read, not written), 1.2.0 (writes @2),
 * and breaking variants.
 */
public final class BankManifests {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BankManifests() {}

    /** The state's schema; the seed's example state {owner, balance} validates against it. */
    public static ObjectNode stateSchema() {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        s.putObject("properties").set("owner", JSON.createObjectNode().put("type", "string"));
        ((ObjectNode) s.get("properties")).set("balance", JSON.createObjectNode().put("type", "number").put("minimum", 0));
        s.putArray("required").add("owner").add("balance");
        return s;
    }

    private static ObjectNode amountSchema(String type) {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        s.putObject("properties").set("amount", JSON.createObjectNode().put("type", type).put("exclusiveMinimum", 0));
        s.putArray("required").add("amount");
        return s;
    }

    /**
     * @param revisions how many revisions of Deposited (1 or 2); revision 2 changes amount to a number, which a new
     *        revision may do (it upgrades from 1), and adds an optional currency
     * @param secondWritten whether revision 2 is written (false: staged)
     */
    public static String bank(String service, String version, int revisions, boolean secondWritten) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", service).put("version", version);
        ObjectNode account = root.putObject("contexts").putObject("bank").putObject("aggregates").putObject("account");
        account.putObject("state").set("schema", stateSchema());
        ObjectNode commands = account.putObject("commands");
        commands.putObject("Deposit").set("schema", amountSchema("number"));
        commands.putObject("Withdraw").set("schema", amountSchema("number"));
        ObjectNode deposited = account.putObject("events").putObject("Deposited").putObject("revisions");
        deposited.putObject("1").set("schema", amountSchema("integer"));
        if (revisions >= 2) {
            ObjectNode second = amountSchema("number");
            ((ObjectNode) second.get("properties")).set("currency", JSON.createObjectNode().put("type", "string").put("default", "EUR"));
            ObjectNode r2 = deposited.putObject("2");
            r2.set("schema", second);
            r2.put("upgradesFrom", 1);
            r2.put("written", secondWritten);
        }
        account.putObject("errors").putObject("insufficient-balance").put("description", "The balance does not cover the withdrawal.");
        return root.toPrettyString();
    }

    /**
     * Deposited@2 grows (the additive way) in two steps: {@code fee} (a unit, a meaning, a description), a
     * {@code source} object through {@code $defs}, first staged ({@code written=false}: read, not written), then
     * written. Every step is a compatible release after {@code bank(service, v, 2, true)}.
     */
    public static String bankWithFee(String service, String version, boolean feeWritten) {
        ObjectNode root = (ObjectNode) read(bank(service, version, 2, true));
        ObjectNode schema = (ObjectNode) root.at("/contexts/bank/aggregates/account/events/Deposited/revisions/2/schema");
        ObjectNode fee = ((ObjectNode) schema.get("properties")).putObject("fee").put("type", "number").put("default", 0)
                .put("x-wow-unit", "EUR").put("x-wow-meaning", "fee-charged").put("description", "What the bank kept.");
        ObjectNode source = ((ObjectNode) schema.get("properties")).putObject("source").put("$ref", "#/$defs/Source");
        source.putObject("default");
        ObjectNode def = schema.putObject("$defs").putObject("Source").put("type", "object");
        def.putObject("properties").putObject("channel").put("type", "string").put("default", "web").put("description", "Where it came from.");
        if (!feeWritten) {
            fee.put("x-wow-written", false);
            source.put("x-wow-written", false);
        }
        return root.toPrettyString();
    }

    /**
     * A consumer that is not a Wow service (empty {@code contexts}) reading {@code bank.account.Deposited} at the
     * given revisions; none: it reads nothing of the bank's.
     */
    public static String depositReader(String service, String version, int... revisions) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", service).put("version", version);
        root.putObject("contexts");
        if (revisions.length > 0) {
            com.fasterxml.jackson.databind.node.ArrayNode read = root.putObject("consumes").putObject("events")
                    .putObject("bank.account.Deposited").putArray("revisions");
            for (int r : revisions) read.add(r);
        }
        return root.toPrettyString();
    }

    /**
     * The bank whose written Deposited@2 also declares the given properties, with no type, unit or meaning: what the
     * profile tests post values of (a profile is kept only for fields its release declares).
     */
    public static String profiled(String service, String version, String... properties) {
        ObjectNode root = (ObjectNode) read(bank(service, version, 2, true));
        ObjectNode declared = (ObjectNode) root.at("/contexts/bank/aggregates/account/events/Deposited/revisions/2/schema/properties");
        for (String property : properties) declared.putObject(property);
        return root.toPrettyString();
    }

    public static String bank(String version) {
        return bank("bank-service", version, 1, true);
    }

    /** A release that drops the Deposited event: every reader of stored Deposited facts breaks. */
    public static String withoutDeposited(String service, String version) {
        ObjectNode root = (ObjectNode) read(bank(service, version, 1, true));
        ((ObjectNode) root.at("/contexts/bank/aggregates/account")).remove("events");
        return root.toPrettyString();
    }

    /** The same release with one more description: other content under the same version. */
    public static String withDescription(String manifest, String description) {
        ObjectNode root = (ObjectNode) read(manifest);
        ((ObjectNode) root.at("/contexts/bank/aggregates/account/errors/insufficient-balance")).put("description", description);
        return root.toPrettyString();
    }

    public static com.fasterxml.jackson.databind.JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
