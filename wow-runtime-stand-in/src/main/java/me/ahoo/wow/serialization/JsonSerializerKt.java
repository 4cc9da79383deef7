package me.ahoo.wow.serialization;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** Stand-in for Wow's one JSON mapper (the top-level {@code JsonSerializer} value): members read and written whatever
 * their visibility, unknown properties ignored, decimals read as BigDecimal. */
public final class JsonSerializerKt {
    private static final ObjectMapper JSON_SERIALIZER = JsonMapper.builder()
            .visibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.ANY)
            .configure(MapperFeature.ALLOW_FINAL_FIELDS_AS_MUTATORS, true)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private JsonSerializerKt() {
    }

    public static ObjectMapper getJsonSerializer() {
        return JSON_SERIALIZER;
    }
}
