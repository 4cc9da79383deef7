package dev.wowcompat.cli;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.serve.SizeConverter;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The bounds of the commands that judge records ({@code audit}, {@code watch}): how long Kafka and the registry may
 * take to answer, the largest value parsed, and how many aggregates the version check remembers. Declared once here,
 * so that both commands say and check them alike.
 */
final class LimitOptions {
    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s", converter = Converters.Timeout.class,
            description = "How long Kafka and the registry may take to answer one call (default: 30s).")
    Duration timeout = Duration.ofSeconds(30);

    @Option(names = "--max-record-bytes", paramLabel = "N", defaultValue = "1m", converter = SizeConverter.class,
            description = "A larger value is the finding record-too-large, not parsed: 10m, 64k or bytes (default: 1m).")
    long maxRecordBytes;

    @Option(names = "--max-aggregates", paramLabel = "N", defaultValue = "1000000",
            description = "How many aggregates the version check remembers, the least recently seen forgotten first (default: 1000000).")
    int maxAggregates;

    /** Refuses a bound that is not positive. */
    void check() throws AuditException {
        if (maxRecordBytes <= 0 || maxAggregates <= 0) throw new AuditException("--max-record-bytes and --max-aggregates must be positive");
    }

    /** {@code --max-record-bytes} as the judge takes it: a value is never larger than an array can hold. */
    int maxRecordBytes() {
        return (int) Math.min(maxRecordBytes, Integer.MAX_VALUE);
    }

    /** The registry at {@code url}, each call bounded by {@code --timeout}, with the token of {@code WOW_COMPAT_TOKEN}. */
    RegistryClient registry(String url) throws AuditException {
        try {
            return new RegistryClient(url, Optional.ofNullable(System.getenv(RegistryClient.TOKEN_VARIABLE)), timeout);
        } catch (RegistryException e) {
            throw new AuditException(e.getMessage());
        }
    }
}
