package dev.wowcompat.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;

/** Writes JSON answers. Stored JSON (Manifests, reports, schemas) is embedded as it was stored, never re-encoded. */
final class JsonResponses {
    static final String JSON = "application/json";
    private final ObjectMapper mapper;

    JsonResponses() {
        // Numbers keep their exact value and scale (2.50 stays 2.50) when a stored document is read back.
        this.mapper = new ObjectMapper()
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .setNodeFactory(com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));
    }

    ObjectMapper mapper() {
        return mapper;
    }

    ObjectNode object() {
        return mapper.createObjectNode();
    }

    ArrayNode array() {
        return mapper.createArrayNode();
    }

    /** A member whose value is JSON text as stored. */
    static void putRaw(ObjectNode node, String field, String json) {
        node.putRawValue(field, new RawValue(json));
    }

    JsonNode tree(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    void send(Context ctx, int status, Object body) {
        try {
            ctx.status(status).contentType(JSON).result(mapper.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("answer cannot be written as JSON", e);
        }
    }

    void sendText(Context ctx, int status, String json) {
        ctx.status(status).contentType(JSON).result(json.getBytes(StandardCharsets.UTF_8));
    }
}
