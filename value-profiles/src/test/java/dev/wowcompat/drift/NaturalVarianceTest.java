package dev.wowcompat.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.ProfileSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The drift rules on streams of what real services write: natural variance must give no finding, and a change of
 * unit by ×10 or more must be found in both directions. The figures are printed for docs/decisions.md.
 */
class NaturalVarianceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED", "CANCELLED", "REFUNDED"};
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "CHF"};

    /**
     * One release's records: log-normal amounts (σ = 1.5) whose median wanders ×2 over the day, a burst of large
     * orders (a third of the records, ×8), epoch timestamps in seconds and milliseconds, RFC 3339 strings, UUIDs,
     * a small integer quantity, a code list whose mix changes, a mostly-zero discount, a counter that keeps growing
     * across releases, and a rare field.
     */
    private static void release(ProfileSet set, String release, Random r, int records, long startSecond, double scale, boolean burst) {
        release(set, release, r, records, startSecond, scale, burst, 0);
    }

    private static void release(ProfileSet set, String release, Random r, int records, long startSecond, double scale, boolean burst,
            long sequenceStart) {
        for (int i = 0; i < records; i++) {
            long second = startSecond + i * 30L + r.nextInt(30);
            double hourOfDay = (second % 86_400) / 3600.0;
            double daily = 1 + 0.5 * Math.sin(hourOfDay / 24 * 2 * Math.PI);
            boolean big = burst && i > records / 3 && i < records * 2 / 3;
            ObjectNode o = JSON.createObjectNode();
            o.put("amount", Math.round(50 * daily * (big ? 8 : 1) * Math.exp(1.5 * r.nextGaussian()) * 100) / 100.0 * scale);
            o.put("amountText", String.format(java.util.Locale.ROOT, "%.2f", 2000 * Math.exp(1.5 * r.nextGaussian()) * scale));
            o.put("at", second);
            o.put("atMs", second * 1000 + r.nextInt(1000));
            o.put("createdAt", Instant.ofEpochSecond(second).toString());
            o.put("id", UUID.nameUUIDFromBytes(new byte[] {(byte) i, (byte) r.nextInt()}).toString());
            o.put("quantity", 1 + (r.nextInt(10) < 7 ? 0 : r.nextInt(3)));
            o.put("status", STATUSES[Math.min(STATUSES.length - 1, (int) Math.abs(r.nextGaussian() * (burst ? 2.2 : 1.4)))]);
            o.put("currency", CURRENCIES[r.nextInt(10) < 6 ? 0 : 1 + r.nextInt(3)]);
            o.put("discount", r.nextInt(10) < 8 ? 0 : Math.round(Math.exp(r.nextGaussian()) * 5));
            o.put("express", r.nextInt(4) == 0);
            o.put("sequence", sequenceStart + i + 1); // a counter over the whole stream: release 2 starts where 1 ended
            if (r.nextInt(40) == 0) o.put("giftNote", "for you " + r.nextInt(100));
            o.putArray("lines").add(JSON.createObjectNode().put("price", 9.99 * (1 + r.nextInt(5))).put("sku", "SKU-" + r.nextInt(400)));
            set.observe("OrderPlaced", 1, release, o);
        }
    }

    @Test
    void naturalVarianceBurstsAndADeploymentThatChangesNothingGiveNoFinding() {
        int streams = 0, comparisons = 0;
        List<DriftFinding> findings = new ArrayList<>();
        for (int seed = 0; seed < 30; seed++) {
            Random r = new Random(seed);
            // 200 to 5,000 records a release; four deployments, none of which changes a meaning.
            int n = 200 + r.nextInt(4800);
            ProfileSet set = new ProfileSet();
            String[] releases = {"shop@1.0.0", "shop@1.1.0", "shop@1.2.0", "shop@1.3.0", "shop@1.4.0"};
            long start = 1_764_000_000L;
            for (int k = 0; k < releases.length; k++) {
                release(set, releases[k], r, n, start + k * 50_000L, 1, k == 2 || k == 3, (long) k * n);
            }
            for (int k = 1; k < releases.length; k++) {
                findings.addAll(DriftDetector.compare(set, releases[k - 1], releases[k], Declarations.NONE));
                comparisons += set.distinctFields().size();
            }
            streams++;
        }
        System.out.printf("natural variance: %d streams, %d deployments, %d field comparisons, %d findings%n",
                streams, streams * 4, comparisons, findings.size());
        assertEquals(List.of(), findings);
    }

    @Test
    void tenfoldAndMoreIsFoundInBothDirections() {
        double[] factors = {10, 100, 1000, 1e6, 0.1, 0.01, 0.001};
        for (double factor : factors) {
            int found = 0, runs = 40;
            for (int seed = 0; seed < runs; seed++) {
                Random r = new Random(1000 + seed);
                ProfileSet set = new ProfileSet();
                // Half the runs of a bursty service: a burst before and after the deployment.
                release(set, "shop@1.0.0", r, 200, 1_764_000_000L, 1, seed % 2 == 0);
                release(set, "shop@1.1.0", r, 200, 1_764_100_000L, factor, seed % 2 == 0);
                List<DriftFinding> f = DriftDetector.compare(set, "shop@1.0.0", "shop@1.1.0", Declarations.NONE);
                boolean amount = f.stream().anyMatch(d -> d.kind() == DriftKind.MEANING_DRIFT && d.field().pointer().equals("/amount"));
                boolean text = f.stream().anyMatch(d -> d.kind() == DriftKind.MEANING_DRIFT && d.field().pointer().equals("/amountText"));
                if (amount && text) found++;
                assertTrue(f.stream().allMatch(d -> d.field().pointer().startsWith("/amount")), "only the scaled fields: " + f);
            }
            System.out.printf("×%s at 200 values a side (half the runs bursty): found in %d of %d runs%n", Factor.number(factor), found, runs);
            assertEquals(runs, found, "×" + factor);
        }
    }

    @Test
    void theSmallestFactorFound() {
        for (int n : new int[] {200, 1000}) {
            StringBuilder line = new StringBuilder("log-normal σ = 1.5, " + n + " values a side, share of 100 runs found:");
            double smallestAlways = Double.NaN, smallestEver = Double.NaN;
            for (double factor = 3; factor <= 12.01; factor += 0.5) {
                int found = 0;
                for (int seed = 0; seed < 100; seed++) {
                    Random r = new Random(seed * 31L + n);
                    ProfileSet set = new ProfileSet();
                    for (int i = 0; i < n; i++) {
                        set.observe("T", 0, "a", JSON.createObjectNode().put("x", 50 * Math.exp(1.5 * r.nextGaussian())));
                        set.observe("T", 0, "b", JSON.createObjectNode().put("x", factor * 50 * Math.exp(1.5 * r.nextGaussian())));
                    }
                    if (!DriftDetector.compare(set, "a", "b", Declarations.NONE).isEmpty()) found++;
                }
                line.append(String.format(java.util.Locale.ROOT, " ×%.1f:%d", factor, found));
                if (found > 0 && Double.isNaN(smallestEver)) smallestEver = factor;
                if (found == 100 && Double.isNaN(smallestAlways)) smallestAlways = factor;
            }
            System.out.println(line);
            System.out.printf("  smallest factor ever found: ×%.1f; smallest always found: ×%.1f%n", smallestEver, smallestAlways);
            assertTrue(smallestEver >= 4, "a shift of ×" + smallestEver + " taken for a unit change");
            assertTrue(smallestAlways <= 10, "×10 is not always found at " + n + " values");
        }
    }
}
