package dev.wowcompat.cli;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaClientProperties;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Option;

/**
 * The options of the commands that read Kafka ({@code audit}, {@code watch}): the cluster, the client properties,
 * the topics and where to start, spelt as Kafka's own tools spell them, declared once here.
 */
final class KafkaOptions {
    static final String DEFAULT_TOPICS = "^wow\\..*";

    @Option(names = {"--bootstrap-servers", "--bootstrap-server"}, paramLabel = "HOST:PORT[,...]",
            description = "The Kafka cluster to read (--bootstrap-server, as Kafka's own tools spell it, too).")
    String bootstrapServers;

    @Option(names = {"--kafka-config", "--command-config"}, paramLabel = "FILE",
            description = "Client properties (SASL, SSL, ...), as Kafka's own tools take them (--command-config too); never a secret on the command line.")
    Path kafkaConfig;

    @Option(names = "--topic", paramLabel = "REGEX", description = "Read the topics whose whole name matches. Repeatable (default: ^wow\\..*).")
    List<String> topics = new ArrayList<>();

    @Option(names = "--from", paramLabel = "earliest|latest|INSTANT|DURATION", defaultValue = "earliest",
            description = "Where to start in each partition: earliest (default), latest, an ISO-8601 instant, or a duration back from now (24h, 30m, 7d).")
    String from;

    /** Whether Kafka is to be read: a cluster or a client properties file was given. */
    boolean given() {
        return bootstrapServers != null || kafkaConfig != null;
    }

    /** {@code --from}, read now. */
    From start() throws AuditException {
        try {
            return From.parse(from, Instant.now());
        } catch (IllegalArgumentException e) {
            throw new AuditException(e.getMessage());
        }
    }

    /** The topics read: {@code --topic}, or every {@code wow.} topic. */
    List<Pattern> topicPatterns() throws AuditException {
        List<Pattern> patterns = new ArrayList<>();
        for (String t : topics.isEmpty() ? List.of(DEFAULT_TOPICS) : topics) {
            try {
                patterns.add(Pattern.compile(t));
            } catch (PatternSyntaxException e) {
                throw new AuditException("--topic '" + t + "' is not a regular expression: " + e.getDescription());
            }
        }
        return patterns;
    }

    /**
     * The client properties of {@code --kafka-config} (none without it); a property the command sets whatever the file
     * says is named in one warning line.
     *
     * @param overridden the properties the command sets itself
     * @param why why the command sets them, ending the warning
     */
    Properties clientProperties(PrintWriter err, String command, List<String> overridden, String why) throws AuditException {
        if (kafkaConfig == null) return new Properties();
        Properties properties = KafkaClientProperties.load(kafkaConfig, "--kafka-config");
        KafkaClientProperties.droppedWarning(properties, overridden, kafkaConfig.toString(), command, why).ifPresent(warning -> {
            err.println("wow-compat " + command + ": warning: " + warning);
            err.flush();
        });
        return properties;
    }

    /** The file name for messages, or null. */
    String configFile() {
        return kafkaConfig == null ? null : kafkaConfig.toString();
    }
}
