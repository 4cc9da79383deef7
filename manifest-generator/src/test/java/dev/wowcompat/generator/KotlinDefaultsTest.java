package dev.wowcompat.generator;

import dev.wowcompat.generator.KotlinDefaults.Default;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Default values of Kotlin constructor parameters, read from kotlinc's synthetic constructor (fixture: kotlinbytecode). */
class KotlinDefaultsTest {
    @Test
    void everyKindOfDefault() throws Exception {
        Map<String, Default> expected = new LinkedHashMap<>();
        expected.put("quantity", Default.constant(1));
        expected.put("source", Default.constant("web"));
        expected.put("ratio", Default.constant(0.5));
        expected.put("big", Default.constant(10L));
        expected.put("flag", Default.constant(true));
        expected.put("kind", Default.constant("B"));
        expected.put("note", Default.constant(null));
        expected.put("tags", Default.constant(List.of()));
        expected.put("weight", Default.constant(2.5f));
        expected.put("initial", Default.constant("m"));
        expected.put("negative", Default.constant(-7));
        expected.put("boxed", Default.constant(3));
        expected.put("off", Default.constant(false));
        expected.put("fee", Default.constant(java.math.BigDecimal.ZERO));
        expected.put("derived", Default.COMPUTED);

        Map<String, Default> defaults = KotlinDefaults.of(Class.forName("dev.wowcompat.kotlinbytecode.MembershipOpened"));

        assertEquals(expected, defaults);
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(defaults.keySet()), "parameter order");
    }

    @Test
    void defaultsBeyondTheFirstMaskInt() throws Exception {
        Map<String, Default> expected = new LinkedHashMap<>();
        for (int i : new int[] {0, 5, 31, 32, 34}) {
            expected.put("p" + i, Default.constant(i * 100));
        }
        assertEquals(expected, KotlinDefaults.of(Class.forName("dev.wowcompat.kotlinbytecode.Wide")));
    }

    @Test
    void aKotlinClassWithoutDefaultsHasNone() throws Exception {
        assertEquals(Map.of(), KotlinDefaults.of(Class.forName("dev.wowcompat.kotlinbytecode.LendBook")));
    }

    @Test
    void aJavaClassHasNone() {
        assertEquals(Map.of(), KotlinDefaults.of(KotlinDefaultsTest.class));
    }
}
