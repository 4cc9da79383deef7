package dev.wowcompat.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.ProfileSet;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DriftDetectorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String A = "orders@1.0.0";
    private static final String B = "orders@1.1.0";

    private static ObjectNode record() {
        return JSON.createObjectNode();
    }

    private static double logNormal(Random r, double median, double sigma) {
        return median * Math.exp(sigma * r.nextGaussian());
    }

    @Test
    void aUnitChangeIsFoundWithItsFactorAndLikelyCause() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(11);
        for (int i = 0; i < 300; i++) {
            set.observe("Placed", 1, A, record().put("placedAt", 1_764_000_000L + r.nextInt(86_400)).put("total", logNormal(r, 40, 1.5)));
            set.observe("Placed", 1, B, record().put("placedAt", (1_764_100_000L + r.nextInt(86_400)) * 1000).put("total", logNormal(r, 4000, 1.5)));
        }
        List<DriftFinding> found = DriftDetector.compare(set, A, B, Declarations.NONE);
        assertEquals(2, found.size(), found.toString());
        DriftFinding at = found.get(0);
        assertEquals(DriftKind.MEANING_DRIFT, at.kind());
        assertEquals(new Field("Placed", 1, "/placedAt"), at.field());
        assertEquals(1000, at.factor().value());
        assertTrue(at.message().startsWith("Placed@1/placedAt moved ×1000: seconds → milliseconds? (|x| from orders@1.0.0 to orders@1.1.0: median 1.76e9 → 1.7"),
                at.message());
        assertEquals(A, at.before().release());
        assertEquals(300, at.after().count());
        assertEquals(1.764e12, at.after().q50(), 0.02e12, "within the sketch's 1%");
        DriftFinding total = found.get(1);
        assertEquals(100, total.factor().value());
        // "total" declares no currency: the factor alone, no unit guessed (docs/audit.md#meaning-drift).
        assertTrue(total.message().contains("moved ×100 (|x|"), total.message());

        // Backwards: the cause is named the other way round.
        DriftFinding back = DriftDetector.compare(set, B, A, Declarations.NONE).get(0);
        assertEquals(0.001, back.factor().value(), 1e-12);
        assertTrue(back.message().contains("×0.001: milliseconds → seconds?"), back.message());

        // The audit adds the deployment time and the consumers; the JSON carries every member of an example.
        JsonNode json = at.withDeployment(Instant.parse("2026-12-01T10:00:00Z")).withConsumers(List.of("billing@2.3.0")).toJson();
        for (String member : List.of("id", "severity", "type", "revision", "pointer", "message", "before", "after", "factor", "deployedAt", "consumers")) {
            assertTrue(json.has(member), member);
        }
        assertEquals("meaning-drift", json.get("id").asText());
        assertEquals("breaking", json.get("severity").asText());
        assertEquals("billing@2.3.0", json.get("consumers").get(0).asText());
        assertEquals(1000.0, json.get("factor").asDouble());
        assertTrue(json.get("before").has("q10") && json.get("after").has("q90"));
    }

    @Test
    void fewerThanTwoHundredValuesASideAreNotJudged() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(2);
        for (int i = 0; i < 199; i++) {
            set.observe("Placed", 1, A, record().put("total", logNormal(r, 40, 0.2)).put("at", "2026-12-03T08:00:00Z"));
            set.observe("Placed", 1, B, record().put("total", logNormal(r, 40_000, 0.2)).put("at", "1764748800000"));
        }
        assertEquals(List.of(), DriftDetector.compare(set, A, B, Declarations.NONE));
        set.observe("Placed", 1, A, record().put("total", 40).put("at", "2026-12-03T08:00:00Z"));
        set.observe("Placed", 1, B, record().put("total", 40_000).put("at", "1764748800000"));
        assertEquals(List.of(DriftKind.FORMAT_DRIFT, DriftKind.MEANING_DRIFT),
                DriftDetector.compare(set, A, B, Declarations.NONE).stream().map(DriftFinding::kind).toList(),
                "at 200 a side, /at and /total are judged");
    }

    @Test
    void aFormatChangeIsFoundAndAMixThatKeepsItsDominantClassIsNot() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(5);
        for (int i = 0; i < 400; i++) {
            Instant t = Instant.ofEpochSecond(1_764_000_000L + r.nextInt(1_000_000));
            set.observe("Opened", 0, A, record().put("openedAt", t.toString()).put("day", r.nextInt(10) < 7 ? "2026-12-03" : "soon"));
            set.observe("Opened", 0, B, record().put("openedAt", Long.toString(t.toEpochMilli())).put("day", r.nextInt(10) < 6 ? "2026-12-04" : "soon"));
        }
        List<DriftFinding> found = DriftDetector.compare(set, A, B, Declarations.NONE);
        assertEquals(1, found.size(), found.toString());
        DriftFinding f = found.get(0);
        assertEquals(DriftKind.FORMAT_DRIFT, f.kind());
        assertEquals("/openedAt", f.field().pointer());
        assertEquals(1.0, f.before().formats().get("date-time"));
        assertEquals(1.0, f.after().formats().get("epoch-millis"));
        assertNull(f.factor());
        assertTrue(f.message().contains("from date-time (100%)") && f.message().contains("to epoch-millis (100%)"), f.message());
    }

    @Test
    void digitsThatChangeUnitAreOneMeaningDriftNotAFormatDrift() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(8);
        for (int i = 0; i < 300; i++) {
            long s = 1_764_000_000L + r.nextInt(100_000);
            set.observe("Opened", 0, A, record().put("at", Long.toString(s)));
            set.observe("Opened", 0, B, record().put("at", Long.toString(s * 1000)));
        }
        List<DriftFinding> found = DriftDetector.compare(set, A, B, Declarations.NONE);
        assertEquals(List.of(DriftKind.MEANING_DRIFT), found.stream().map(DriftFinding::kind).toList());
    }

    @Test
    void aCodeListThatLosesAndGainsValuesIsAWarningUnlessItHasAnEnum() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(9);
        String[] before = {"EUR", "USD", "GBP"};
        String[] after = {"eur", "usd", "GBP"};
        for (int i = 0; i < 500; i++) {
            set.observe("Paid", 1, A, record().put("currency", before[r.nextInt(3)]).put("channel", r.nextInt(20) == 0 ? "phone" : "web"));
            set.observe("Paid", 1, B, record().put("currency", after[r.nextInt(3)]).put("channel", r.nextInt(3) == 0 ? "phone" : "web"));
        }
        List<DriftFinding> found = DriftDetector.compare(set, A, B, Declarations.NONE);
        assertEquals(1, found.size(), found.toString());
        DriftFinding f = found.get(0);
        assertEquals(DriftKind.CODE_LIST_DRIFT, f.kind());
        assertEquals("warning", f.kind().severity().label());
        assertTrue(f.message().contains("\"EUR\", \"USD\" no longer written") && f.message().contains("\"eur\"")
                && f.message().contains("\"usd\""), f.message());
        assertTrue(f.before().values().containsKey("EUR") && f.after().values().containsKey("usd"));

        Declarations withEnum = field -> new DeclaredMeaning(null, null, null, true);
        assertEquals(List.of(), DriftDetector.compare(set, A, B, withEnum), "values outside an enum are payload-invalid already");
    }

    @Test
    void identifiersFreeTextAndDatesAreNoCodeLists() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(10);
        for (int i = 0; i < 500; i++) {
            set.observe("Noted", 1, A, record().put("id", UUID.randomUUID().toString()).put("text", "note " + r.nextInt(1000))
                    .put("day", "2026-12-0" + (1 + r.nextInt(3))).put("ref", "ORD-" + r.nextInt(10)));
            set.observe("Noted", 1, B, record().put("id", UUID.randomUUID().toString()).put("text", "remark " + r.nextInt(1000))
                    .put("day", "2026-12-0" + (4 + r.nextInt(3))).put("ref", "ORD-" + (10 + r.nextInt(10))));
        }
        List<DriftFinding> found = DriftDetector.compare(set, A, B, Declarations.NONE);
        // "ref" is a list of 10 words replaced by 10 others: the one code list among them.
        assertEquals(List.of("/ref"), found.stream().map(f -> f.field().pointer()).toList(), found.toString());
    }

    @Test
    void valuesAreCheckedAgainstTheDeclaredUnitAndFormat() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(12);
        for (int i = 0; i < 300; i++) {
            long ms = 1_764_000_000_000L + r.nextInt(1_000_000_000);
            set.observe("Shipped", 2, A, record().put("atS", ms).put("atMs", ms / 1000).put("timeoutMs", ms / 1000)
                    .put("price", logNormal(r, 4000, 1)).put("when", Long.toString(ms)).put("link", "x"));
        }
        Declarations declared = field -> switch (field.pointer()) {
            case "/atS" -> new DeclaredMeaning("s", null, null, false);
            case "/atMs" -> new DeclaredMeaning("ms", "utc-epoch-millis", null, false);
            case "/timeoutMs" -> new DeclaredMeaning("ms", null, null, false);
            case "/price" -> new DeclaredMeaning("EUR", null, null, false);
            case "/when" -> new DeclaredMeaning(null, null, "date-time", false);
            case "/link" -> new DeclaredMeaning(null, null, "uri", false);
            default -> DeclaredMeaning.NONE;
        };
        List<DriftFinding> found = DriftDetector.checkDeclared(set, A, declared);
        assertEquals(List.of("/atMs", "/atS", "/when"), found.stream().map(f -> f.field().pointer()).toList(), found.toString());
        DriftFinding s = found.get(1);
        assertEquals(DriftKind.DECLARED_MEANING_CONTRADICTED, s.kind());
        assertTrue(s.message().contains("declares x-wow-unit \"s\" (seconds) but the values of orders@1.0.0 are epoch instants in milliseconds"), s.message());
        assertEquals(1000, s.factor().value());
        assertEquals(0.001, found.get(0).factor().value(), 1e-12);
        assertTrue(found.get(2).message().contains("declares format \"date-time\" but 100% of the strings"), found.get(2).message());
    }

    @Test
    void declarationsAreReadAtAPointerThroughLocalReferencesAndNullableUnions() throws Exception {
        JsonNode schema = JSON.readTree("""
                {"type": "object", "properties": {
                  "at": {"type": "integer", "x-wow-unit": "s"},
                  "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}},
                  "maybe": {"anyOf": [{"type": "null"}, {"type": "string", "format": "date-time"}]},
                  "either": {"anyOf": [{"type": "string", "format": "date"}, {"type": "integer"}]},
                  "tags": {"type": "object", "additionalProperties": {"type": "string", "enum": ["a", "b"]}},
                  "remote": {"$ref": "https://example.org/schema.json"}},
                 "$defs": {"Line": {"type": "object", "properties": {"price": {"type": "number", "x-wow-unit": "EUR"}}}}}
                """);
        assertEquals(new DeclaredMeaning("s", null, null, false), DeclaredMeaning.at(schema, "/at"));
        assertEquals("EUR", DeclaredMeaning.at(schema, "/lines/*/price").unit());
        assertEquals("date-time", DeclaredMeaning.at(schema, "/maybe").format());
        assertEquals(DeclaredMeaning.NONE, DeclaredMeaning.at(schema, "/either"), "two branches: too vague");
        assertTrue(DeclaredMeaning.at(schema, "/tags/anything").closed());
        assertEquals(DeclaredMeaning.NONE, DeclaredMeaning.at(schema, "/remote"), "a remote reference is never fetched");
        assertEquals(DeclaredMeaning.NONE, DeclaredMeaning.at(schema, "/nothing/here"));
        assertEquals(TimeUnit.MILLISECONDS, new DeclaredMeaning(null, "utc-epoch-millis", null, false).timeUnit());
        assertNull(new DeclaredMeaning(null, "user's id", null, false).timeUnit());
    }

    @Test
    void aCauseNamesOnlyAUnitTheFieldCanHave() {
        ProfileSet set = new ProfileSet();
        Random r = new Random(5);
        for (int i = 0; i < 300; i++) {
            set.observe("Account", 0, A, record().put("balance", logNormal(r, 40, 1.5)).put("fee", logNormal(r, 2, 1.5)).put("count", logNormal(r, 3, 1.2)));
            set.observe("Account", 0, B, record().put("balance", logNormal(r, 40_000, 1.5)).put("fee", logNormal(r, 200, 1.5))
                    .put("count", logNormal(r, 3000, 1.2)));
        }
        Declarations eur = field -> field.pointer().equals("/count") ? DeclaredMeaning.NONE : new DeclaredMeaning("EUR", null, null, false);
        List<String> messages = DriftDetector.compare(set, A, B, eur).stream().map(DriftFinding::message).toList();
        assertEquals(3, messages.size(), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("Account/balance moved ×1000 (")), "EUR ×1000 is no time unit: " + messages);
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("Account/fee moved ×100: EUR → cents? (")), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("Account/count moved ×1000 (")), "a count is no time: " + messages);
        assertTrue(UnitHint.timeName("/lines/*/dispatchedAt") && UnitHint.timeName("/ttl_seconds") && !UnitHint.timeName("/balance")
                && !UnitHint.timeName("/status"));
    }

    @Test
    void factorsAreNamedInBothDirections() {
        assertEquals("×1000: seconds → milliseconds?", Factor.of(3.02, UnitHint.TIME).describe());
        assertEquals("×0.001: milliseconds → seconds?", Factor.of(-2.97, UnitHint.TIME).describe());
        assertEquals("×3600: hours → seconds?", Factor.of(Math.log10(3600), UnitHint.TIME).describe());
        assertEquals("×10", Factor.of(1.04, UnitHint.TIME).describe());
        assertEquals("×250", Factor.of(Math.log10(250), UnitHint.TIME).describe());
        // A declared currency: its minor unit where the factor fits, the factor alone where it does not.
        UnitHint eur = new UnitHint(false, "EUR");
        assertEquals("×100: EUR → cents?", Factor.of(2, eur).describe());
        assertEquals("×0.01: cents → EUR?", Factor.of(-2, eur).describe());
        assertEquals("×1000", Factor.of(3, eur).describe());
        assertEquals("×100", Factor.of(2, new UnitHint(false, "JPY")).describe(), "the yen has no minor unit");
        assertEquals("×1000: KWD → 1/1000 KWD?", Factor.of(3, new UnitHint(false, "KWD")).describe());
        // Nothing known of the field: no unit named.
        assertEquals("×1000", Factor.of(3.02, UnitHint.NONE).describe());
        assertEquals("×100", Factor.of(2, UnitHint.NONE).describe());
        assertEquals("1.76e9", Factor.magnitude(1.764e9));
        assertEquals("40.1", Factor.magnitude(40.12));
        assertEquals("2.5e-4", Factor.magnitude(0.00025));
    }
}
