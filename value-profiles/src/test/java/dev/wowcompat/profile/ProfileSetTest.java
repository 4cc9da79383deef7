package dev.wowcompat.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ProfileSetTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String R1 = "bank@1.0.0";

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void groupsValuesByTypeRevisionPointerAndRelease() throws Exception {
        ProfileSet set = new ProfileSet();
        set.observe("Deposited", 2, R1, json("{\"amount\": 12.5, \"at\": \"2026-12-03T08:00:00Z\", \"lines\": [{\"qty\": 1}, {\"qty\": 0}],"
                + " \"vip\": true, \"note\": null, \"a/b\": \"x\"}"));
        set.observe("Deposited", 2, R1, json("{\"amount\": -3, \"at\": \"2026-12-03T09:00:00+01:00\", \"lines\": [], \"vip\": false}"));
        set.observe("Deposited", 2, "bank@1.1.0", json("{\"amount\": \"12.50\"}"));

        FieldProfile amount = set.get(new Field("Deposited", 2, "/amount"), R1);
        assertEquals(2, amount.numbers().count());
        assertEquals(1, amount.numbers().negatives());
        assertEquals(0, amount.numbers().zeros());
        assertEquals(2, amount.count());
        assertNull(amount.strings());

        FieldProfile qty = set.get(new Field("Deposited", 2, "/lines/*/qty"), R1);
        assertEquals(2, qty.numbers().count());
        assertEquals(1, qty.numbers().zeros());
        assertEquals(1.0, qty.numbers().magnitude(0.5), 0.011);

        FieldProfile at = set.get(new Field("Deposited", 2, "/at"), R1);
        assertEquals(Map.of(FormatClass.DATE_TIME, 1.0), at.strings().formatShares());
        assertEquals(0.5, set.get(new Field("Deposited", 2, "/vip"), R1).trueShare());
        assertEquals(1, set.get(new Field("Deposited", 2, "/note"), R1).nulls());
        assertNotNull(set.get(new Field("Deposited", 2, "/a~1b"), R1), "pointer tokens are escaped as RFC 6901 says");

        FieldProfile decimal = set.get(new Field("Deposited", 2, "/amount"), "bank@1.1.0");
        assertEquals(1, decimal.strings().count(FormatClass.DECIMAL));
        assertEquals(12.5, decimal.numbers().magnitude(0.5), 12.5 * 0.011, "a decimal string is a number too");
        assertEquals(1, decimal.count(), "a numeric string is one value");
        assertEquals(java.util.List.of(R1, "bank@1.1.0"), set.releases(new Field("Deposited", 2, "/amount")));
    }

    @Test
    void classifiesFormats() {
        assertEquals(FormatClass.DATE_TIME, FormatClass.of("2026-12-03T08:00:00.123Z"));
        assertEquals(FormatClass.DATE_TIME, FormatClass.of("2026-12-03T08:00:00-05:00"));
        assertEquals(FormatClass.OTHER, FormatClass.of("2026-12-03T08:00:00"), "RFC 3339 needs an offset");
        assertEquals(FormatClass.DATE, FormatClass.of("2026-12-03"));
        assertEquals(FormatClass.EPOCH_SECONDS, FormatClass.of("1764748800"));
        assertEquals(FormatClass.EPOCH_MILLIS, FormatClass.of("1764748800000"));
        assertEquals(FormatClass.DECIMAL, FormatClass.of("12.50"));
        assertEquals(FormatClass.DECIMAL, FormatClass.of("-3"));
        assertEquals(FormatClass.DECIMAL, FormatClass.of("42"));
        assertEquals(FormatClass.DECIMAL, FormatClass.of("17647488000000000"), "too many digits for an epoch in ms");
        assertEquals(FormatClass.UUID, FormatClass.of("0b7e9b9a-3f5c-4d1e-9a51-2f0c8e4d7a10"));
        assertEquals(FormatClass.EMAIL, FormatClass.of("mira@example.org"));
        assertEquals(FormatClass.OTHER, FormatClass.of(""));
        assertEquals(FormatClass.OTHER, FormatClass.of("hello world"));
        assertEquals(FormatClass.OTHER, FormatClass.of("1."));
        assertEquals(FormatClass.OTHER, FormatClass.of("-"));
        for (FormatClass c : FormatClass.values()) assertEquals(c, FormatClass.fromLabel(c.label()));
    }

    @Test
    void memoryIsBoundedByFieldsNotRecords() throws Exception {
        ProfileSet set = new ProfileSet(new ProfileLimits(3, 4));
        for (int i = 0; i < 10; i++) set.observe("T", 0, R1, json("{\"k" + i + "\": " + i + "}"));
        assertEquals(3, set.size());
        assertEquals(7, set.refusedValues());
        set.observe("T", 0, R1, json("{\"a\": {\"b\": {\"c\": {\"d\": {\"e\": 1}}}}}"));
        assertEquals(8, set.refusedValues(), "deeper than maxDepth is refused");

        // A million values in one field: the sketches stay the same size.
        ProfileSet big = new ProfileSet();
        Random random = new Random(1);
        ObjectNode record = JSON.createObjectNode();
        for (int i = 0; i < 1_000_000; i++) {
            record.put("x", Math.exp(random.nextGaussian() * 1.5) * 100);
            big.observe("T", 0, R1, record);
        }
        String encoded = ProfileJson.write(big).toString();
        assertTrue(encoded.length() < 4000, "a million values encode in " + encoded.length() + " characters");
    }

    @Test
    void mergingIsTheSameAsProfilingEverythingInOneSet() throws Exception {
        Random random = new Random(7);
        ProfileSet all = new ProfileSet();
        ProfileSet left = new ProfileSet();
        ProfileSet right = new ProfileSet();
        String[] codes = {"EUR", "USD", "GBP"};
        for (int i = 0; i < 5000; i++) {
            ObjectNode r = JSON.createObjectNode();
            r.put("amount", Math.exp(random.nextGaussian()) * 50);
            r.put("currency", codes[random.nextInt(3)]);
            r.put("ok", random.nextBoolean());
            all.observe("Paid", 1, R1, r);
            (i % 2 == 0 ? left : right).observe("Paid", 1, R1, r);
        }
        left.merge(right);
        Field amount = new Field("Paid", 1, "/amount");
        for (double q : new double[] {0.1, 0.5, 0.9}) {
            assertEquals(all.get(amount, R1).numbers().magnitude(q), left.get(amount, R1).numbers().magnitude(q), 1e-9);
        }
        FrequentValues merged = left.get(new Field("Paid", 1, "/currency"), R1).strings().values();
        assertTrue(left.get(new Field("Paid", 1, "/currency"), R1).strings().valuesExact());
        assertEquals(3, merged.distinct());
        assertEquals(all.get(new Field("Paid", 1, "/currency"), R1).strings().values().countOf("EUR"), merged.countOf("EUR"));
        assertEquals(all.get(new Field("Paid", 1, "/ok"), R1).trueShare(), left.get(new Field("Paid", 1, "/ok"), R1).trueShare());
    }

    @Test
    void roundTripsThroughJson() throws Exception {
        ProfileSet set = new ProfileSet();
        Random random = new Random(3);
        for (int i = 0; i < 2000; i++) {
            ObjectNode r = JSON.createObjectNode();
            r.put("amount", random.nextInt(1000) - 100);
            r.put("at", i % 3 == 0 ? "2026-12-03" : "1764748800");
            r.put("id", java.util.UUID.randomUUID().toString());
            r.put("flag", i % 4 == 0);
            if (i % 10 == 0) r.putNull("maybe");
            set.observe("Opened", 0, R1, r);
        }
        ObjectNode written = ProfileJson.write(set);
        ProfileSet read = ProfileJson.read(JSON.readTree(written.toString()), ProfileLimits.DEFAULT);
        // The frequent-values sketch is a hash map: read back, its bytes may list the same counts in another order.
        assertEquals(withoutValues(written), withoutValues(ProfileJson.write(read)), "write(read(write(set))) == write(set)");
        for (FieldKey key : set.fields().keySet()) {
            StringProfile before = set.fields().get(key).strings();
            if (before != null) assertEquals(before.values().top(), read.fields().get(key).strings().values().top(), key.toString());
        }
        assertEquals(set.size(), read.size());
        FieldProfile id = read.get(new Field("Opened", 0, "/id"), R1);
        assertTrue(!id.strings().valuesExact(), "2000 distinct identifiers overflow the frequent values");
        assertTrue(read.get(new Field("Opened", 0, "/at"), R1).strings().valuesExact(), "two distinct values: counted exactly");
        assertEquals(36, id.strings().length(0.5), 36 * 0.021);

        // Merging a read set with the original doubles every count.
        read.merge(set);
        assertEquals(4000, read.get(new Field("Opened", 0, "/amount"), R1).numbers().count());
    }

    @Test
    void refusesWhatIsNotAProfileSetInOneSentence() throws Exception {
        String good = ProfileJson.write(sample()).toString();
        String[] bad = {
            "[]",
            "{\"profileFormat\": 2, \"fields\": []}",
            "{\"profileFormat\": 1}",
            good.replace("\"revision\":0", "\"revision\":-1"),
            good.replace("\"pointer\":\"/x\"", "\"pointer\":\"x\""),
            good.replaceFirst("\"magnitudes\":\"[^\"]*\"", "\"magnitudes\":\"!!\""),
            good.replaceFirst("\"magnitudes\":\"[^\"]*\"", "\"magnitudes\":\"AAAA\""),
            good.replaceFirst("\"values\":\"[^\"]*\"", "\"values\":\"AQEKBwMAAAA=\""),
            good.replaceFirst("\"count\":5", "\"count\":6"),
            good.replace("\"decimal\"", "\"roman\""),
        };
        for (String b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ProfileJson.read(JSON.readTree(b), ProfileLimits.DEFAULT), b);
            assertTrue(!e.getMessage().contains("\n") && !e.getMessage().isBlank(), e.getMessage());
        }
    }

    private static ObjectNode withoutValues(ObjectNode written) {
        ObjectNode copy = written.deepCopy();
        for (JsonNode f : copy.get("fields")) if (f.has("string")) ((ObjectNode) f.get("string")).remove("values");
        return copy;
    }

    private static ProfileSet sample() throws Exception {
        ProfileSet set = new ProfileSet();
        for (int i = 1; i <= 5; i++) set.observe("T", 0, R1, json("{\"x\": " + i + ", \"s\": \"" + i + ".5\"}"));
        return set;
    }
}
