package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client properties file as both the command line ({@code --kafka-config}) and the Maven plugin
 * ({@code <kafkaConfig>}) read it: real files, each failure one sentence in our words naming the option.
 */
class KafkaClientPropertiesTest {
    @TempDir
    Path dir;

    @Test
    void readsTheFileAsUtf8() throws Exception {
        Path file = dir.resolve("client.properties");
        Files.writeString(file, "security.protocol=SASL_SSL\nsasl.jaas.config=user=\"zoë\"\n", StandardCharsets.UTF_8);
        Properties p = KafkaClientProperties.load(file, "--kafka-config");
        assertEquals("SASL_SSL", p.getProperty("security.protocol"));
        assertEquals("user=\"zoë\"", p.getProperty("sasl.jaas.config"));
        assertEquals(2, p.size());
    }

    @Test
    void eachFailureIsASentenceNamingTheOption() throws Exception {
        Path missing = dir.resolve("nope.properties");
        assertEquals(missing + ": no such file (--kafka-config)",
                assertThrows(AuditException.class, () -> KafkaClientProperties.load(missing, "--kafka-config")).getMessage());
        Path latin1 = dir.resolve("latin1.properties");
        Files.write(latin1, new byte[] {'a', '=', (byte) 0xE9, '\n'});
        assertEquals(latin1 + ": not a properties file (<kafkaConfig>): it is not UTF-8 text",
                assertThrows(AuditException.class, () -> KafkaClientProperties.load(latin1, "<kafkaConfig>")).getMessage());
        Path escape = dir.resolve("escape.properties");
        Files.writeString(escape, "a=\\u12\n", StandardCharsets.UTF_8);
        assertEquals(escape + ": not a properties file (--kafka-config): a \\u escape is not followed by four hex digits",
                assertThrows(AuditException.class, () -> KafkaClientProperties.load(escape, "--kafka-config")).getMessage());
        assertEquals(dir + ": cannot be read (--kafka-config)",
                assertThrows(AuditException.class, () -> KafkaClientProperties.load(dir, "--kafka-config")).getMessage());
    }

    @Test
    void theWarningNamesWhatTheFileSetsThatTheReaderDrops() {
        Properties p = new Properties();
        p.setProperty("enable.auto.commit", "true");
        p.setProperty("group.id", "mine");
        p.setProperty("security.protocol", "SSL");
        List<String> overridden = List.of("group.id", "group.instance.id", "enable.auto.commit");
        assertEquals(Optional.of("client.properties sets group.id, enable.auto.commit, which the audit drops: it joins no group"),
                KafkaClientProperties.droppedWarning(p, overridden, "client.properties", "audit", "it joins no group"));
        p.remove("group.id");
        p.remove("enable.auto.commit");
        assertEquals(Optional.empty(), KafkaClientProperties.droppedWarning(p, overridden, "client.properties", "audit", "it joins no group"));
    }
}
