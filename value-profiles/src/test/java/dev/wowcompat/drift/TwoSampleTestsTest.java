package dev.wowcompat.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.profile.ProfileSet;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Why the drift rule is not a two-sample test (docs/decisions.md, "Meaning drift"): on deployments that change no
 * meaning, the Kolmogorov-Smirnov test and the population stability index raise alarms that the rule does not.
 */
class TwoSampleTestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Log-normal amounts (σ = 1.5) over a quarter of a day whose cycle goes ×1 to ×3; a burst makes a third of the
     * records ×8.
     */
    private static double[] amounts(Random r, int n, double phase, boolean burst) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double daily = 2 + Math.sin(phase + Math.PI / 2 * i / n);
            boolean big = burst && i > n / 3 && i < 2 * n / 3;
            out[i] = 50 * daily * (big ? 8 : 1) * Math.exp(1.5 * r.nextGaussian());
        }
        return out;
    }

    static double ksPValue(double[] a, double[] b) {
        double[] x = a.clone(), y = b.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        int i = 0, j = 0;
        double d = 0;
        while (i < x.length && j < y.length) {
            double v = Math.min(x[i], y[j]);
            while (i < x.length && x[i] <= v) i++;
            while (j < y.length && y[j] <= v) j++;
            d = Math.max(d, Math.abs(i / (double) x.length - j / (double) y.length));
        }
        double ne = x.length * (double) y.length / (x.length + y.length);
        double lambda = (Math.sqrt(ne) + 0.12 + 0.11 / Math.sqrt(ne)) * d;
        double p = 0;
        for (int k = 1; k <= 100; k++) p += 2 * Math.pow(-1, k - 1) * Math.exp(-2 * k * k * lambda * lambda);
        return Math.max(0, Math.min(1, p));
    }

    /** PSI over ten bins cut at A's deciles. */
    static double psi(double[] a, double[] b) {
        double[] sorted = a.clone();
        Arrays.sort(sorted);
        double[] cuts = new double[9];
        for (int k = 1; k < 10; k++) cuts[k - 1] = sorted[k * sorted.length / 10];
        double[] pa = shares(a, cuts), pb = shares(b, cuts);
        double sum = 0;
        for (int k = 0; k < 10; k++) sum += (pb[k] - pa[k]) * Math.log(pb[k] / pa[k]);
        return sum;
    }

    private static double[] shares(double[] values, double[] cuts) {
        double[] out = new double[cuts.length + 1];
        for (double v : values) {
            int bin = 0;
            while (bin < cuts.length && v >= cuts[bin]) bin++;
            out[bin]++;
        }
        for (int k = 0; k < out.length; k++) out[k] = Math.max(out[k], 0.5) / values.length;
        return out;
    }

    @Test
    void ksAndPsiAlarmWhereNoMeaningChanged() {
        Random r = new Random(42);
        int n = 50_000;
        double[] before = amounts(r, n, 0, false);
        double[][] afters = {amounts(r, n, Math.PI, false), amounts(r, n, 0, true)};
        String[] names = {"the same service, deployed at the other end of the day", "the same service, a burst after the deployment"};
        int alarms = 0;
        for (int k = 0; k < afters.length; k++) {
            double p = ksPValue(before, afters[k]);
            double psi = psi(before, afters[k]);
            ProfileSet set = new ProfileSet();
            for (double v : before) set.observe("T", 0, "a", JSON.createObjectNode().put("x", v));
            for (double v : afters[k]) set.observe("T", 0, "b", JSON.createObjectNode().put("x", v));
            int findings = DriftDetector.compare(set, "a", "b", Declarations.NONE).size();
            System.out.printf(java.util.Locale.ROOT, "%s, %d values a side: KS p = %.2g, PSI = %.3f, drift findings: %d%n",
                    names[k], n, p, psi, findings);
            if (p < 0.01 || psi > 0.25) alarms++;
            assertEquals(0, findings);
        }
        assertTrue(alarms == afters.length, "KS or PSI alarm on each of these deployments");
    }
}
