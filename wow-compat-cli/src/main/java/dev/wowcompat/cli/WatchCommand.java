package dev.wowcompat.cli;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.RegistryReleases;
import dev.wowcompat.audit.WatchConsumer;
import dev.wowcompat.audit.Watcher;
import dev.wowcompat.audit.WindowJudge;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.serve.SizeConverter;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

/**
 * {@code wow-compat watch}: the audit as a service (docs/watch.md). A member of the environment's consumer group
 * that judges every record as it is written, with the audit's own judge, and posts what it judged to the registry
 * window by window; the registry holds the positions, so each record is counted once across crashes and rebalances.
 */
@Command(name = "watch", sortOptions = false,
        header = "Judge every record as it is written, and count it in the registry's environment exactly once.",
        description = {
                "Joins the consumer group --group with the other watchers of the environment; Kafka spreads the partitions.",
                "Each partition starts at the position the registry holds for the group (--from where it holds none).",
                "Every --window, what was judged is posted to the registry; it is counted only if no window counted those records before.",
                "Runs until SIGTERM or Ctrl-C, which posts the current window and leaves the group (exit 0).",
                "Exit codes: 0 stopped, 2 bad options, Kafka or the registry unreachable at start, or a token the registry refuses."})
final class WatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--registry", paramLabel = "URL", required = true,
            description = "The registry holding the releases, the positions and the counts (the token from WOW_COMPAT_TOKEN).")
    String registry;

    @Option(names = "--environment", paramLabel = "ENV", required = true,
            description = "The environment whose topics these are: each record is judged against the release that ran there when it was written.")
    String environment;

    @Option(names = "--group", paramLabel = "G", description = "The consumer group of the environment's watchers (default: wow-compat-watch.ENV).")
    String group;

    @Option(names = "--window", paramLabel = "DURATION", defaultValue = "10s", converter = Converters.Timeout.class,
            description = "How often what was judged is posted to the registry (default: 10s).")
    Duration window = Duration.ofSeconds(10);

    @Option(names = "--window-records", paramLabel = "N", defaultValue = "100000",
            description = "A window is posted sooner when it holds this many records (default: 100000).")
    long windowRecords;

    @Option(names = "--window-bytes", paramLabel = "N", defaultValue = "64m", converter = SizeConverter.class,
            description = "... or this many bytes of values: 64m, 512k or bytes (default: 64m).")
    long windowBytes;

    @Mixin
    LimitOptions limits;

    @Option(names = "--no-profiles", description = "Do not profile the values: no drift findings, no profiles posted.")
    boolean noProfiles;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return watch(err);
        } catch (AuditException e) {
            err.println("wow-compat watch: " + Failures.oneLine(e.getMessage()));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
    }

    private int watch(PrintWriter err) throws AuditException {
        if (!kafka.given()) throw new AuditException("give --bootstrap-servers (or --kafka-config with bootstrap.servers) to read Kafka");
        if (windowRecords <= 0 || windowBytes <= 0) throw new AuditException("--window-records and --window-bytes must be positive");
        limits.check();
        String g = group == null ? WireMember.defaultGroup(environment) : group;
        Properties properties = kafka.clientProperties(err, "watch", WatchConsumer.OVERRIDDEN,
                "the watch sets the group (--group), commits only what the registry counted, and shares the partitions cooperatively");
        RegistryClient client = limits.registry(registry);
        RegistryReleases releases = new RegistryReleases(client);
        releases.reachable();
        WindowJudge judge = new WindowJudge(releases, environment, limits.maxRecordBytes(), limits.maxAggregates, !noProfiles);
        Watcher.Options options = new Watcher.Options(kafka.bootstrapServers, properties, kafka.configFile(), kafka.topicPatterns(), kafka.start(),
                window, environment, g, WireMember.member(), limits.timeout, windowRecords, windowBytes);
        Watcher watcher = new Watcher(options, client, judge, line -> {
            err.println("wow-compat watch: " + line);
            err.flush();
        });
        watcher.check();
        for (String signal : new String[] {"INT", "TERM"}) {
            // The signal ends the watch, not the process: the current window is posted and the group left first.
            Signal.handle(new Signal(signal), s -> watcher.stop());
        }
        err.println("wow-compat watch: watching " + String.join(", ", kafka.topicPatterns().stream().map(Object::toString).toList())
                + " for " + environment + " in group " + g + ", a window every " + window.toSeconds() + " s (SIGTERM or Ctrl-C stops)");
        err.flush();
        watcher.run();
        return ExitCodes.OK;
    }
}
