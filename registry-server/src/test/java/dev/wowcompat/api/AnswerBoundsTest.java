package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/api.md, "Limits": every list in an answer is bounded, whatever the input or the history. Each endpoint whose
 * answer lists what grows is sent the worst input for it through the real server, and its body must stay within
 * 1 MiB and say, with {@code more}, how many entries it left out.
 */
class AnswerBoundsTest {
    private static final int MIB = 1024 * 1024;
    /** Properties of the one event: each one turned from string to integer is one breaking finding at least. */
    private static final int PROPERTIES = 3_000;

    @TempDir
    Path dir;

    private RunningRegistry registry() {
        return new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
    }

    /** The bank whose Deposited@1 has {@link #PROPERTIES} optional properties of {@code type}. */
    private static String wide(String version, String type) {
        ObjectNode root = (ObjectNode) BankManifests.read(BankManifests.bank(version));
        ObjectNode properties = (ObjectNode) root.at("/contexts/bank/aggregates/account/events/Deposited/revisions/1/schema/properties");
        for (int i = 0; i < PROPERTIES; i++) properties.putObject("p" + i).put("type", type);
        return root.toString();
    }

    private static JsonNode bounded(Answer a) {
        int bytes = a.body().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes <= MIB, "an answer of " + bytes + " bytes: " + a.body().substring(0, Math.min(300, a.body().length())));
        return a.json();
    }

    private static void listsAHundredAndCountsTheRest(JsonNode report) {
        assertEquals(100, report.path("findings").size(), "findings listed");
        long all = report.path("summary").path("breaking").asLong() + report.path("summary").path("warning").asLong()
                + report.path("summary").path("info").asLong();
        assertTrue(all >= PROPERTIES, "every changed property is counted: " + all);
        assertEquals(all - 100, report.path("more").path("findings").asLong(), "more counts the findings left out");
        report.path("findings").forEach(f -> assertEquals("breaking", f.path("severity").asText(), "breaking findings first"));
    }

    @Test
    void reportsListAHundredFindingsWhateverTheManifest() {
        try (RunningRegistry registry = registry()) {
            registry.register("bank-service", wide("1.0.0", "string")).expect(201);
            String breaking = wide("1.1.0", "integer");

            JsonNode checked = bounded(registry.post("/services/bank-service/releases/check", breaking).expect(200));
            listsAHundredAndCountsTheRest(checked);

            Answer refused = registry.register("bank-service", breaking);
            assertEquals(409, refused.status(), refused.body());
            listsAHundredAndCountsTheRest(bounded(refused).path("report"));

            // The diff of the two schemas, by fingerprint: the same report, as bounded.
            JsonNode type = registry.get("/types/bank.account.Deposited").expect(200).json();
            String from = type.path("fingerprints").get(0).path("fingerprint").asText();
            registry.register("ledger", wide("1.0.0", "integer").replace("\"bank-service\"", "\"ledger\"")).expect(201);
            JsonNode again = registry.get("/types/bank.account.Deposited").expect(200).json();
            String to = null;
            for (JsonNode f : again.path("fingerprints")) if (!f.path("fingerprint").asText().equals(from)) to = f.path("fingerprint").asText();
            JsonNode diff = bounded(registry.get("/diff?subject=bank.account.Deposited@1&from=" + from + "&to=" + to).expect(200));
            listsAHundredAndCountsTheRest(diff.path("report"));
        }
    }

    @Test
    void listsThatGrowWithTheHistoryStopAtAThousand() {
        try (RunningRegistry registry = registry()) {
            registry.register("bank-service", BankManifests.bank("1.0.0")).expect(201);
            int services = Listed.ENTRIES + 7;
            for (int i = 0; i < services; i++) {
                registry.register("reader-" + i, BankManifests.depositReader("reader-" + i, "1.0.0", 1)).expect(201);
            }
            JsonNode listed = bounded(registry.get("/services").expect(200));
            assertEquals(1_000, listed.path("services").size());
            assertEquals(8, listed.path("more").asInt(), "the readers and the bank");
            JsonNode readers = bounded(registry.get("/events/bank.account.Deposited/readers").expect(200));
            assertEquals(1_000, readers.path("consumers").size());
            assertEquals(7, readers.path("moreConsumers").asInt());

            for (int i = 0; i < services; i++) registry.deploy("env-" + i, "reader-0", "1.0.0").expect(201);
            JsonNode environments = bounded(registry.get("/environments").expect(200));
            assertEquals(1_000, environments.path("environments").size());
            assertEquals(7, environments.path("more").asInt());
        }
    }
}
