package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.drift.DriftDetector;
import dev.wowcompat.profile.FrequentValues;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    /** A reader of Deposited@1 that also declares an aggregate {@code shared.thing}: its state and an event. */
    private static String sharingReader(String service) {
        ObjectNode root = (ObjectNode) BankManifests.read(BankManifests.depositReader(service, "1.0.0", 1));
        ObjectNode thing = ((ObjectNode) root.path("contexts")).putObject("shared").putObject("aggregates").putObject("thing");
        thing.putObject("state").putObject("schema").put("type", "object");
        thing.putObject("events").putObject("Happened").putObject("revisions").putObject("1").putObject("schema").put("type", "object");
        return root.toString();
    }

    @Test
    void listsThatGrowWithTheHistoryStopAtAThousand() {
        try (RunningRegistry registry = registry()) {
            registry.register("bank-service", BankManifests.bank("1.0.0")).expect(201);
            int services = Listed.ENTRIES + 7;
            for (int i = 0; i < services; i++) {
                registry.register("reader-" + i, sharingReader("reader-" + i)).expect(201);
            }
            JsonNode listed = bounded(registry.get("/services").expect(200));
            assertEquals(1_000, listed.path("services").size());
            assertEquals(8, listed.path("more").asInt(), "the readers and the bank");
            JsonNode readers = bounded(registry.get("/events/bank.account.Deposited/readers").expect(200));
            assertEquals(1_000, readers.path("consumers").size());
            assertEquals(7, readers.path("moreConsumers").asInt());

            // A type every reader declares: its services are a list that grows with the history too.
            JsonNode shared = bounded(registry.get("/types/shared.thing").expect(200));
            assertEquals(1_000, shared.path("services").size());
            assertEquals(7, shared.path("moreServices").asInt());
            assertEquals(1_000, shared.path("releases").size());
            // Each reader's release declares the aggregate and its state: two usages of the name each.
            assertEquals(2 * services - 1_000, shared.path("more").asInt());
            assertEquals("[\"aggregate\",\"state\"]", shared.path("kinds").toString(), "the kinds are few whatever the history");
            JsonNode found = bounded(registry.get("/types?q=shared.thing").expect(200));
            assertEquals(Listed.FINDINGS, found.at("/types/0/services").size(), "a match names its first hundred services");
            assertEquals(services - Listed.FINDINGS, found.at("/types/0/moreServices").asInt());

            JsonNode producers = bounded(registry.get("/events/shared.thing.Happened/readers").expect(200));
            assertEquals(1_000, producers.path("producers").size());
            assertEquals(7, producers.path("moreProducers").asInt());

            for (int i = 0; i < services; i++) registry.deploy("env-" + i, "reader-0", "1.0.0").expect(201);
            JsonNode running = bounded(registry.get("/events/bank.account.Deposited/readers").expect(200));
            assertEquals("reader-0", running.at("/consumers/0/service").asText());
            assertEquals(1_000, running.at("/consumers/0/running").size(), "a consumer names the first thousand environments it runs in");
            assertEquals(7, running.at("/consumers/0/moreRunning").asInt());
            assertEquals(1_000, running.path("environments").size());
            assertEquals(7, running.path("moreEnvironments").asInt());
            JsonNode environments = bounded(registry.get("/environments").expect(200));
            assertEquals(1_000, environments.path("environments").size());
            assertEquals(7, environments.path("more").asInt());
        }
    }

    /** Fields one release may keep (each post and each release hold at most this many). */
    private static final int PROFILED_FIELDS = ProfileEndpoints.MAX_POSTED_FIELDS;

    /**
     * Every field of Deposited@2 as large as a drift makes it: numbers, booleans, and strings that are a code list of
     * {@link #CODES} codes at their longest, {@code mark} making each release's codes its own, so that every field is a
     * code-list drift naming every code of both sides.
     */
    /** Codes of a code list: each a sixteenth of the strings, above the share a code-list drift names. */
    private static final int CODES = 16;

    private static String widestProfiles(String release, List<String> properties, char mark) {
        ProfileSet set = new ProfileSet();
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        for (int n = 0; n < 2 * DriftDetector.MIN_VALUES; n++) {
            ObjectNode payload = mapper.createObjectNode();
            String code = (mark + "-" + (n % (CODES + 2)) + "-").repeat(40).substring(0, FrequentValues.MAX_VALUE_LENGTH);
            for (String property : properties) {
                // Every CODES + 2 values, one number and one boolean: the codes are as frequent as each other.
                switch (n % (CODES + 2)) {
                    case 0 -> payload.put(property, n * 1_000_003.7);
                    case 1 -> payload.put(property, n % 2 == 1);
                    default -> payload.put(property, code);
                }
            }
            set.observe("bank.account.Deposited", 2, release, payload);
        }
        return ProfileJson.write(set).toString();
    }

    @Test
    void aTypesProfilesStayWithinAMebibyteAndSayTheyWereCut() {
        try (RunningRegistry registry = registry()) {
            // Deposited@2 declares amount and currency: the properties added take the rest of a release's slots.
            List<String> properties = new ArrayList<>();
            for (int i = 0; properties.size() < PROFILED_FIELDS - 2; i++) properties.add(("property-" + i + "-").repeat(6));
            String[] declared = properties.toArray(String[]::new);
            for (String version : List.of("1.0.0", "1.1.0")) {
                registry.register("bank-service", BankManifests.profiled("bank-service", version, declared)).expect(201);
                registry.deploy("worst", "bank-service", version).expect(201);
                JsonNode merged = registry.post("/environments/worst/profiles",
                        widestProfiles("bank-service@" + version, properties, version.equals("1.0.0") ? 'a' : 'b')).expect(200).json();
                assertEquals(properties.size(), merged.path("merged").asInt(), merged.toString());
            }
            // Unbounded, the answer was some 9.6 MB: 2,044 fields of about 4 KB, and 1,000 drifts of about 5 KB.
            JsonNode read = bounded(registry.get("/environments/worst/profiles/bank.account.Deposited").expect(200));
            assertTrue(read.path("truncated").asBoolean(), "the answer says fields were left out");
            int listed = read.path("fields").size();
            assertTrue(listed > 0 && listed < 2 * properties.size(), "fields listed: " + listed);
            assertEquals(2 * properties.size() - listed, read.path("moreFields").asInt(), "moreFields counts the fields left out");
            assertEquals("bank-service@1.0.0", read.at("/fields/0/release").asText(), "the fields are listed in their order");
            assertEquals(List.of("bank-service@1.0.0", "bank-service@1.1.0"), read.path("deployments").findValuesAsText("release"));
            // Every property's codes changed at the deployment: one code-list drift each, listed or counted.
            int drifts = read.path("drift").size();
            assertTrue(drifts > 0, "some drift is listed");
            assertEquals("code-list-drift", read.at("/drift/0/id").asText());
            assertEquals(CODES, read.at("/drift/0/after/values").size(), "a listed drift is whole");
            assertEquals(properties.size(), drifts + read.path("moreDrift").asInt(), "moreDrift counts the drifts left out");

            // Narrowed to one release, the answer is still cut, and says so the same way.
            JsonNode one = bounded(registry.get("/environments/worst/profiles/bank.account.Deposited?revision=2&release=bank-service@1.1.0").expect(200));
            assertTrue(one.path("truncated").asBoolean());
            assertEquals(properties.size(), one.path("fields").size() + one.path("moreFields").asInt());
        }
    }

    /**
     * A known principal's refused write is logged with what it named, up to 200 characters a name (a stranger's is only
     * counted); a name of control characters takes 6 bytes a character in JSON, so a page of 500 such entries was some
     * 1.4 MB. The page ends within 1 MiB, and {@code next} continues from the last entry listed, so paging still
     * reaches every entry.
     */
    @Test
    void aPageOfTheWriteLogStaysWithinAMebibyteAndPagingReachesEveryEntry() {
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("registry.db"),
                RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("admin-token"))))) {
            String name = "%01".repeat(250);
            int refused = AdminEndpoints.MAX_PAGE + 20;
            for (int i = 0; i < refused; i++) {
                Answer a = registry.delete("/environments/" + name + "/deployments/" + name + i, RunningRegistry.as("admin-token"));
                assertEquals(400, a.status(), a.body());
            }
            JsonNode page = bounded(registry.get("/write-log?limit=" + AdminEndpoints.MAX_PAGE).expect(200));
            int listed = page.path("entries").size();
            assertTrue(listed > 0 && listed < AdminEndpoints.MAX_PAGE, "entries listed: " + listed);
            assertEquals(200, page.at("/entries/0/environment").asText().length(), "an entry is whole");
            int seen = listed;
            long next = page.path("next").asLong();
            assertEquals(page.at("/entries/" + (listed - 1) + "/id").asLong(), next, "next continues after the last entry listed");
            while (next > 0) {
                JsonNode more = bounded(registry.get("/write-log?limit=" + AdminEndpoints.MAX_PAGE + "&before=" + next).expect(200));
                seen += more.path("entries").size();
                next = more.path("next").isNull() ? 0 : more.path("next").asLong();
            }
            assertEquals(refused, seen, "every refused write is reached by paging");
        }
    }

    /** An event of {@code revisions} revisions, each with a property of its own: one schema each. */
    private static String manyRevisions(String version, int revisions) {
        ObjectNode root = (ObjectNode) BankManifests.read(BankManifests.bank(version));
        ObjectNode declared = (ObjectNode) root.at("/contexts/bank/aggregates/account/events/Deposited/revisions");
        for (int n = 2; n <= revisions; n++) {
            ObjectNode revision = declared.putObject(String.valueOf(n)).put("upgradesFrom", n - 1);
            ObjectNode schema = revision.putObject("schema").put("type", "object");
            schema.putObject("properties").putObject("field-of-revision-" + n).put("type", "string");
        }
        return root.toString();
    }

    @Test
    void anEventOfThousandsOfRevisionsListsThemWithinAMebibyte() {
        try (RunningRegistry registry = registry()) {
            int revisions = 3_000;
            Answer registered = registry.register("bank-service", manyRevisions("1.0.0", revisions));
            assertEquals(201, registered.status(), registered.json().path("report").path("findings").path(0).toString());
            JsonNode answer = bounded(registry.get("/events/bank.account.Deposited/revisions").expect(200));
            int listed = answer.path("revisions").size();
            assertTrue(listed > 0 && listed < revisions, "revisions listed: " + listed);
            assertEquals(revisions, listed + answer.path("more").asInt(), "more counts the revisions left out");
            assertEquals(1, answer.at("/revisions/0/revision").asInt(), "the lowest revisions come first");
            assertEquals(revisions, answer.path("current").asInt(), "current is the highest revision written, listed or not");
            JsonNode last = bounded(registry.get("/events/bank.account.Deposited/revisions/" + revisions).expect(200));
            assertEquals(revisions, last.path("revision").asInt(), "a revision left out is answered on its own");
        }
    }
}
