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

    @Test
    void peopleNameDialectsShortly() {
        for (String name : new String[] {"2020-12", "draft-2020-12", "draft/2020-12", "https://json-schema.org/draft/2020-12/schema"}) {
            assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), SchemaDialect.fromName(name), name);
        }
        for (String name : new String[] {"draft-07", "07", "7", "Draft-07", "http://json-schema.org/draft-07/schema#"}) {
            assertEquals(Optional.of(SchemaDialect.DRAFT_07), SchemaDialect.fromName(name), name);
        }
        assertEquals(Optional.of(SchemaDialect.DRAFT_2019_09), SchemaDialect.fromName("2019-09"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_04), SchemaDialect.fromName("draft-04"));
        assertEquals(Optional.empty(), SchemaDialect.fromName("draft-03"));
        assertEquals(Optional.empty(), SchemaDialect.fromName("2021"));
        assertEquals("2020-12, 2019-09, draft-07, draft-06, draft-04", SchemaDialect.names());
    }
}
