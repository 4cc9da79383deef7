package dev.wowcompat.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A small fleet for "can I deploy?" tests, as Manifests a build would register:
 * <ul>
 * <li>the producer {@value #PRODUCER} ({@link BankManifests}): 1.0.0 writes {@value #EVENT}@1, 1.1.0 stages revision 2
 * (reads it, does not write it), 1.2.0 writes revision 2;</li>
 * <li>the consumer {@value #CONSUMER}, a Wow service whose Manifest is generated from its compiled classes, a saga
 * and a projection over the bank's api module ({@link GeneratedLedger}): 1.0.0 reads revision 1 only, 1.1.0 reads 1
 * and 2; both read the account's state and send the bank's {@code Withdraw};</li>
 * <li>{@value #AUDIT}, not a Wow service: a Manifest with empty {@code contexts} that only reads revisions 1 and 2.</li>
 * </ul>
 */
public final class Fleet {
    public static final String PRODUCER = "bank-service";
    public static final String CONSUMER = "ledger-service";
    public static final String AUDIT = "audit-feed";
    public static final String EVENT = "bank.account.Deposited";

    private Fleet() {}

    /** Every release of the fleet, as (service, Manifest) pairs in an order the registry accepts them. */
    public static List<String[]> releases() {
        try {
            Path work = Files.createTempDirectory("fleet");
            try {
                return List.of(
                        new String[] {PRODUCER, BankManifests.bank(PRODUCER, "1.0.0", 1, true)},
                        new String[] {PRODUCER, BankManifests.bank(PRODUCER, "1.1.0", 2, false)},
                        new String[] {PRODUCER, BankManifests.bank(PRODUCER, "1.2.0", 2, true)},
                        new String[] {CONSUMER, GeneratedLedger.manifest("1.0.0", 1, work)},
                        new String[] {CONSUMER, GeneratedLedger.manifest("1.1.0", 2, work)},
                        new String[] {AUDIT, audit("1.0.0")});
            } finally {
                try (Stream<Path> files = Files.walk(work)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The audit feed: no aggregates of its own, only what it reads (revisions 1 and 2). */
    public static String audit(String version) {
        return BankManifests.depositReader(AUDIT, version, 1, 2);
    }
}
