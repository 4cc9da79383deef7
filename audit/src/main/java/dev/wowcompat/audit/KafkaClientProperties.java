package dev.wowcompat.audit;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The client properties file (SASL, SSL, ...) of a reader of Kafka, as Kafka's own tools take it: read one way for the
 * command line ({@code --kafka-config}) and the Maven plugin ({@code <kafkaConfig>}), each naming the file as its user
 * gave it.
 */
public final class KafkaClientProperties {
    private KafkaClientProperties() {}

    /**
     * The properties of {@code file}, read as UTF-8.
     *
     * @param option how the caller's user gave the file ({@code --kafka-config}), named in a failure
     * @throws AuditException when there is no such file, it cannot be read, or it is not a properties file
     */
    public static Properties load(Path file, String option) throws AuditException {
        Properties properties = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(r);
        } catch (NoSuchFileException e) {
            throw new AuditException(file + ": no such file (" + option + ")");
        } catch (CharacterCodingException e) {
            throw new AuditException(file + ": not a properties file (" + option + "): it is not UTF-8 text");
        } catch (IOException e) {
            throw new AuditException(file + ": cannot be read (" + option + ")");
        } catch (IllegalArgumentException e) {
            // The one thing Properties.load refuses in text it can read.
            throw new AuditException(file + ": not a properties file (" + option + "): a \\u escape is not followed by four hex digits");
        }
        return properties;
    }

    /**
     * The warning that the file sets properties the reader sets itself whatever the file says, naming them in the
     * order of {@code overridden}; empty when it sets none of them.
     *
     * @param named how the warning names the file
     * @param reader what reads Kafka and drops them ({@code audit}, {@code replay})
     * @param why why the reader sets them, ending the warning
     */
    public static Optional<String> droppedWarning(Properties properties, List<String> overridden, String named, String reader, String why) {
        List<String> dropped = overridden.stream().filter(properties::containsKey).toList();
        if (dropped.isEmpty()) return Optional.empty();
        return Optional.of(named + " sets " + String.join(", ", dropped) + ", which the " + reader + " drops: " + why);
    }
}
