package dev.wowcompat.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchemaDialectTest {
    @Test
    void knowsBothDialectsWithAndWithoutTheEmptyFragment() {
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), SchemaDialect.fromId("https://json-schema.org/draft/2020-12/schema"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), SchemaDialect.fromId("https://json-schema.org/draft/2020-12/schema#"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), SchemaDialect.fromId("http://json-schema.org/draft-07/schema#"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), SchemaDialect.fromId("http://json-schema.org/draft-07/schema"));
    }

    @Test
    void acceptsDraftsFourToTwentyTwenty() {
        assertEquals(Optional.of(SchemaDialect.DRAFT_04), SchemaDialect.fromId("http://json-schema.org/draft-04/schema#"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_04), SchemaDialect.fromId("http://json-schema.org/draft-04/schema"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_06), SchemaDialect.fromId("http://json-schema.org/draft-06/schema#"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2019_09), SchemaDialect.fromId("https://json-schema.org/draft/2019-09/schema"));
        assertEquals("id", SchemaDialect.DRAFT_04.idKeyword());
        assertEquals("$id", SchemaDialect.DRAFT_06.idKeyword());
    }

    @Test
    void refusesEverythingElse() {
        for (String id : new String[] {"http://json-schema.org/draft-03/schema#", "https://json-schema.org/draft/2021-01/schema",
                "https://json-schema.org/draft-07/schema#", "https://json-schema.org/draft-04/schema#", "http://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/schema##", ""}) {
            assertEquals(Optional.empty(), SchemaDialect.fromId(id), id);
        }
    }

    @Test
    void absentSchemaMeans2020() throws Exception {
        ObjectMapper m = new ObjectMapper();
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), SchemaDialect.of(m.readTree("{\"type\": \"object\"}")));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), SchemaDialect.of(BooleanNode.TRUE));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), SchemaDialect.of(m.readTree("{\"$schema\": \"http://json-schema.org/draft-07/schema#\"}")));
        assertEquals(Optional.empty(), SchemaDialect.of(m.readTree("{\"$schema\": 7}")));
    }
}
