package dev.wowcompat.profile;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.memory.Memory;

/**
 * The most frequent values of a string field: DataSketches' frequent-items sketch (Misra-Gries with an error bound,
 * mergeable). It tracks at most {@link #TRACKED} values; as long as a field has no more distinct values than that, no
 * count was ever purged and the counts are exact, which is how a code list is recognised.
 */
public final class FrequentValues {
    /** The sketch's map holds 64 slots; DataSketches uses up to three quarters of them. */
    private static final int LG_MAP_SIZE = 6;
    public static final int TRACKED = 48;
    /** Longer values are kept by their first 64 characters: a code is short, and free text must not cost memory. */
    public static final int MAX_VALUE_LENGTH = 64;
    private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

    /** One value and its count (exact when {@link #exact()}, otherwise an estimate). */
    public record Count(String value, long count) {}

    private final ItemsSketch<String> sketch;

    private FrequentValues(ItemsSketch<String> sketch) {
        this.sketch = sketch;
    }

    public static FrequentValues empty() {
        return new FrequentValues(new ItemsSketch<>(1 << LG_MAP_SIZE));
    }

    /**
     * Counts a value while the counts are exact. Once a value was purged the field has more distinct values than a
     * code list, and nothing more is learnt from counting: identifiers and free text then cost nothing more.
     */
    public void accept(String value) {
        if (!exact()) return;
        sketch.update(value.length() > MAX_VALUE_LENGTH ? value.substring(0, MAX_VALUE_LENGTH) : value);
    }

    public void merge(FrequentValues other) {
        sketch.merge(other.sketch);
    }

    /**
     * Whether every count is exact: no value was ever purged. (A sketch whose purge left no value is written by
     * DataSketches in its empty form, which reads back as exact with no count: {@link StringProfile#valuesExact()}
     * also compares the count with the field's.)
     */
    public boolean exact() {
        return sketch.getMaximumError() == 0;
    }

    /** The number of distinct values when {@link #exact()}; otherwise a lower bound. */
    public int distinct() {
        return sketch.getNumActiveItems();
    }

    /** Values counted: all of the field's while {@link #exact()}, fewer once counting stopped. */
    public long count() {
        return sketch.getStreamLength();
    }

    /** The values tracked, most frequent first (ties by value, so that the order is stable). */
    public List<Count> top() {
        List<Count> out = new ArrayList<>();
        for (ItemsSketch.Row<String> row : sketch.getFrequentItems(0, ErrorType.NO_FALSE_NEGATIVES)) {
            out.add(new Count(row.getItem(), row.getEstimate()));
        }
        out.sort((a, b) -> a.count() != b.count() ? Long.compare(b.count(), a.count()) : a.value().compareTo(b.value()));
        return out;
    }

    /** The count of one value: exact when {@link #exact()}, 0 when it is not tracked. */
    public long countOf(String value) {
        return sketch.getEstimate(value);
    }

    /** DataSketches' own serialization, in base64. */
    public String encode() {
        return Base64.getEncoder().encodeToString(sketch.toByteArray(SERDE));
    }

    /**
     * Reads what {@link #encode} wrote. The map sizes in the preamble are checked before the sketch is built, so a
     * hostile body cannot make it allocate a larger map than ours.
     *
     * @throws IllegalArgumentException when the text is not such a sketch
     */
    public static FrequentValues decode(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a frequent-values sketch is not base64");
        }
        // Preamble byte 3 is lg(maximum map size), byte 4 lg(current map size) (DataSketches' frequencies format).
        if (bytes.length < 8 || bytes[3] < 0 || bytes[3] > LG_MAP_SIZE || bytes[4] < 0 || bytes[4] > bytes[3]) {
            throw new IllegalArgumentException("a frequent-values sketch is not one of " + (1 << LG_MAP_SIZE) + " slots");
        }
        try {
            return new FrequentValues(ItemsSketch.getInstance(Memory.wrap(bytes), SERDE));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("a frequent-values sketch is not a DataSketches frequent-items encoding");
        }
    }
}
