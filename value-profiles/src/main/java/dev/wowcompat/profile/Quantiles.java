package dev.wowcompat.profile;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.encoding.ByteArrayInput;
import com.datadoghq.sketch.ddsketch.encoding.GrowingByteArrayOutput;
import com.datadoghq.sketch.ddsketch.mapping.IndexMapping;
import com.datadoghq.sketch.ddsketch.mapping.LogarithmicMapping;
import com.datadoghq.sketch.ddsketch.store.CollapsingLowestDenseStore;
import com.datadoghq.sketch.ddsketch.store.Store;
import java.io.IOException;
import java.util.Base64;
import java.util.function.Supplier;

/**
 * Quantiles of a non-negative quantity (the magnitude |x| of numbers, the length of strings) in a DDSketch: every
 * quantile within a relative error of the true value, mergeable, and bounded to a number of bins whatever the count.
 * When the bins run out, the lowest ones collapse: the small values lose precision, never the large ones.
 */
public final class Quantiles {

    /** The two shapes of sketch a profile keeps; a stored sketch of another shape is refused rather than converted. */
    public enum Shape {
        /** |x| of numbers: 1% relative error, 2048 bins (about 18 decades at full precision, 16 KiB at most). */
        MAGNITUDES(0.01, 2048),
        /** Lengths of strings: 2% relative error, 512 bins (lengths up to 10^8 at full precision, 4 KiB at most). */
        LENGTHS(0.02, 512);

        final IndexMapping mapping;
        final int maxBins;

        Shape(double relativeAccuracy, int maxBins) {
            this.mapping = new LogarithmicMapping(relativeAccuracy);
            this.maxBins = maxBins;
        }

        public double relativeAccuracy() {
            return mapping.relativeAccuracy();
        }

        Supplier<Store> stores() {
            return () -> new CollapsingLowestDenseStore(maxBins);
        }
    }

    private final Shape shape;
    private final DDSketch sketch;

    private Quantiles(Shape shape, DDSketch sketch) {
        this.shape = shape;
        this.sketch = sketch;
    }

    public static Quantiles empty(Shape shape) {
        return new Quantiles(shape, new DDSketch(shape.mapping, shape.stores()));
    }

    public Shape shape() {
        return shape;
    }

    /** Adds a value; one beyond the sketch's range counts at its end (10^300 and more is no real quantity anyway). */
    public void accept(double value) {
        double v = Math.abs(value);
        if (v > shape.mapping.maxIndexableValue()) v = shape.mapping.maxIndexableValue();
        sketch.accept(v);
    }

    public void merge(Quantiles other) {
        if (other.shape != shape) throw new IllegalArgumentException("cannot merge " + other.shape + " into " + shape);
        sketch.mergeWith(other.sketch);
    }

    public long count() {
        return Math.round(sketch.getCount());
    }

    /** The value at quantile {@code q} (0 to 1); NaN when the sketch is empty. */
    public double quantile(double q) {
        return sketch.isEmpty() ? Double.NaN : sketch.getValueAtQuantile(q);
    }

    /** DDSketch's own binary encoding (readable by its other-language ports), in base64. */
    public String encode() {
        GrowingByteArrayOutput out = GrowingByteArrayOutput.withDefaultInitialCapacity();
        try {
            sketch.encode(out, false);
        } catch (IOException e) {
            throw new IllegalStateException("encoding into memory failed", e);
        }
        return Base64.getEncoder().encodeToString(out.trimmedCopy());
    }

    /**
     * Reads what {@link #encode} wrote. The stores are bounded before anything is read, so a hostile sketch cannot
     * allocate more than {@link Shape#maxBins} bins.
     *
     * @throws IllegalArgumentException when the text is not such a sketch, or one of another accuracy
     */
    public static Quantiles decode(Shape shape, String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a sketch is not base64");
        }
        DDSketch sketch;
        try {
            sketch = DDSketch.decode(ByteArrayInput.wrap(bytes), shape.stores());
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("a sketch is not a DDSketch encoding");
        }
        if (!shape.mapping.equals(sketch.getIndexMapping())) {
            throw new IllegalArgumentException("a sketch has another relative accuracy than "
                    + shape.relativeAccuracy() + " (profiles of " + shape.name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        if (sketch.getNegativeValueStore().getTotalCount() > 0 || !(sketch.getCount() >= 0) || Double.isInfinite(sketch.getCount())) {
            throw new IllegalArgumentException("a sketch holds negative values or counts");
        }
        return new Quantiles(shape, sketch);
    }
}
