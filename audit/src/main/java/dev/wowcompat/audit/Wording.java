package dev.wowcompat.audit;

import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/**
 * The audit's own words: counts with their noun and thousands separators, bounded lists, and the one place where an
 * exception of a library the audit uses (Jackson, the Kafka client) becomes a sentence of ours. A library's text never
 * reaches the user in place of ours (docs/decisions.md, "The audit's words").
 */
public final class Wording {
    /** Names a list shows before "and N more". */
    static final int LISTED = 10;

    private Wording() {}

    /** At most {@link #LISTED} names, then how many more: "a, b, c" or "a, ..., j and 3 more"; "none" when empty. */
    static String list(Collection<String> names) {
        if (names.isEmpty()) return "none";
        List<String> shown = names.stream().limit(LISTED).toList();
        String out = String.join(", ", shown);
        return names.size() > LISTED ? out + " and " + Counts.number(names.size() - LISTED) + " more" : out;
    }

    /** The patterns of {@code --topic} as typed: {@code '^wow\..*'}, or {@code 'a', 'b'}. */
    static String patterns(List<Pattern> patterns) {
        return String.join(", ", patterns.stream().map(p -> "'" + p.pattern() + "'").toList());
    }

    // ---- Jackson ---------------------------------------------------------------------------------------------

    /** Why a record's value is not JSON, in our words, with where the parser stopped. */
    static String notJson(JsonProcessingException e) {
        String where = where(e.getLocation());
        if (e instanceof JsonEOFException) return "the value is not JSON: it ends before its JSON does (cut short?)" + where;
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (original.startsWith("Unexpected character")) {
            int quote = original.indexOf('\'');
            int end = quote < 0 ? -1 : original.indexOf('\'', quote + 1);
            String character = end > quote ? original.substring(quote, end + 1) : "a character";
            return "the value is not JSON: " + character + " cannot stand there" + where;
        }
        if (original.startsWith("Trailing token")) return "the value is not JSON a reader takes: another value follows the first" + where;
        if (original.startsWith("Unrecognized token")) return "the value is not JSON: a word that is no JSON value (not a quoted string, "
                + "number, true, false or null)" + where;
        if (original.startsWith("Invalid UTF-8") || original.contains("Illegal character")) {
            return "the value is not JSON: it holds bytes that are not UTF-8 text or a control character outside a string" + where;
        }
        return "the value is not JSON" + where;
    }

    private static String where(JsonLocation location) {
        if (location == null) return "";
        long offset = location.getByteOffset() >= 0 ? location.getByteOffset() : location.getCharOffset();
        if (location.getLineNr() > 1) return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
        return offset >= 0 ? " (at byte " + Counts.number(offset) + ")" : "";
    }

    // ---- Kafka -----------------------------------------------------------------------------------------------

    /**
     * The client properties of {@code --kafka-config} checked as the consumer reads them, each bad value named with
     * what the client wants there, before the client is made (whose own words are "Not a number of type INT").
     *
     * @throws AuditException for the first property the client would refuse
     */
    static void checkClientProperties(Properties properties, String file) throws AuditException {
        Map<String, ConfigDef.ConfigKey> keys = ConsumerConfig.configDef().configKeys();
        for (String name : properties.stringPropertyNames().stream().sorted().toList()) {
            ConfigDef.ConfigKey key = keys.get(name);
            if (key == null) continue; // the client ignores a property it does not know, with a warning in its log
            String value = properties.getProperty(name);
            try {
                Object parsed = ConfigDef.parseType(name, value, key.type);
                if (key.validator != null) key.validator.ensureValid(name, parsed);
            } catch (ConfigException e) {
                throw new AuditException(file + ": " + name + " is '" + value + "', not " + wanted(key.type)
                        + " the Kafka client takes there (see Kafka's consumer configuration)");
            }
        }
    }

    private static String wanted(ConfigDef.Type type) {
        return switch (type) {
            case INT, SHORT, LONG -> "a whole number";
            case DOUBLE -> "a number";
            case BOOLEAN -> "true or false";
            case LIST -> "a comma-separated list";
            case CLASS -> "a class name";
            default -> "a value";
        };
    }

    /**
     * Why the Kafka client could not be made, in our words: its own messages ("Failed to construct kafka consumer",
     * "No resolvable bootstrap urls", "Failed to create new NetworkClient") name its insides, not the user's mistake.
     */
    static String clientNotMade(KafkaException e, String servers, String configFile) {
        String all = messages(e);
        if (all.contains("No resolvable bootstrap urls") || all.contains("Invalid url in bootstrap.servers")) {
            return "no address of the bootstrap servers '" + servers + "' resolves to a host and port (HOST:PORT[,...]; check the names)";
        }
        String config = configFile == null ? "" : " of " + configFile;
        if (all.contains("NetworkClient") || all.contains("JAAS") || all.contains("SSL") || all.contains("SASL")) {
            return "the Kafka client could not set up its connection with the security settings" + config
                    + " (security.protocol, sasl.*, ssl.*)" + kafkaSaid(e);
        }
        return "the Kafka client could not be made from the client properties" + config + kafkaSaid(e);
    }

    /** What Kafka reported when it refused a request of the audit (authorization, a topic deleted meanwhile). */
    static String refused(KafkaException e, String servers) {
        return "Kafka at " + servers + " refused the audit's request (are the client's credentials allowed to describe and read "
                + "the topics?)" + kafkaSaid(e);
    }

    /**
     * A window the registry refused as stale (409 {@code wow-compat.wire.stale-window}), from the problem's members:
     * "the registry has already counted records of wow.bank.event partition 0 up to offset 170" when the window started
     * before the stored position, "... only up to offset 170" when after it (the offsets between would never be
     * counted); the problem's detail when it names no partition.
     */
    public static String stale(JsonNode problem) {
        JsonNode topic = problem.path("topic");
        JsonNode next = problem.path("next");
        if (!topic.isTextual() || !next.canConvertToLong()) return problem.path("detail").asText("the registry has already counted some of these records");
        String partition = topic.asText() + " partition " + problem.path("partition").asInt();
        JsonNode from = problem.path("from");
        if (from.canConvertToLong() && from.asLong() > next.asLong()) {
            return "the registry has counted records of " + partition + " only up to offset " + next.asLong();
        }
        return "the registry has already counted records of " + partition + " up to offset " + next.asLong();
    }

    /**
     * The watcher's line for its window refused as stale, one sentence of ours from the problem's members (the
     * registry's detail is several, addressed to any client): "window of 50 records not counted: the registry has
     * already counted records of wow.bank.event partition 0 up to offset 170, and this window started at 120; reading
     * from the registry's positions again".
     */
    static String windowNotCounted(long records, JsonNode problem) {
        JsonNode from = problem.path("from");
        return "window of " + Counts.of(records, "record") + " not counted: " + stale(problem)
                + (from.canConvertToLong() ? ", and this window started at " + from.asLong() : "") + "; reading from the registry's positions again";
    }

    /** The innermost cause's message, after ours, when it says more than the client's framing sentences. */
    private static String kafkaSaid(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String m = root.getMessage();
        if (m == null || m.isBlank() || m.startsWith("Failed to c") || m.contains("bootstrap urls")) return "";
        return " (Kafka said: " + m.replace('\n', ' ').strip() + ")";
    }

    private static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) sb.append(t.getMessage()).append('\n');
        return sb.toString();
    }
}
