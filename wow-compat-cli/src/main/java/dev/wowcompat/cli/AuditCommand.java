package dev.wowcompat.cli;

import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.audit.Audit;
import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditRenderer;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.KcatInput;
import dev.wowcompat.audit.ManifestFileReleases;
import dev.wowcompat.audit.PayloadObserver;
import dev.wowcompat.audit.RecordSource;
import dev.wowcompat.audit.RegistryReleases;
import dev.wowcompat.audit.Releases;
import dev.wowcompat.audit.Wording;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.drift.DeclaredMeaning;
import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.FieldKey;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.window.WireWindow;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import sun.misc.Signal;

/**
 * {@code wow-compat audit}: what services really write. Reads Kafka (assigned partitions, no group, no commit,
 * nothing written) or kcat -J lines, judges every record against the registry (module wow-compat-audit), and
 * reports each finding with its count and first examples (docs/audit.md).
 */
@Command(name = "audit", sortOptions = false,
        header = "Check every record of Kafka topics (or of kcat -J lines) against the registered releases.",
        description = {
                "Reads up to the end offsets taken at start (or on, with --follow, until Ctrl-C, which prints the report so far).",
                "Joins no consumer group, commits no offset, writes nothing. Findings: docs/audit.md.",
                "Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 bad input, or Kafka or the registry unreachable."})
final class AuditCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--input", paramLabel = "FILE|-", description = "Read records as kcat -C -J prints them, one a line, instead of Kafka.")
    String input;

    @Option(names = "--partitions", paramLabel = "N",
            description = "With --input: the partition count of the topics, for the partition check of commands (default: not checked).")
    int partitions;

    @Option(names = "--follow", description = "Keep reading Kafka past the end offsets taken at start, until Ctrl-C (not with --input).")
    boolean follow;

    @Option(names = "--allow-empty", description = "Exit 0 when no record was read (an empty input, no topic matching --topic, "
            + "nothing from --from on); without it, that is exit 2, so a wrong path or topic cannot pass.")
    boolean allowEmpty;

    @Option(names = "--max-messages", paramLabel = "N", description = "Stop after N records.")
    long maxMessages;

    @Option(names = "--registry", paramLabel = "URL", description = "The registry holding the releases (schemas are fetched once per type and cached).")
    String registry;

    @Option(names = "--manifest", paramLabel = "FILE", description = "Judge against these Manifests instead of a registry. Repeatable.")
    List<Path> manifests = new ArrayList<>();

    @Option(names = "--environment", paramLabel = "ENV",
            description = "Judge each record against the release that ran there when it was written (needs --registry).")
    String environment;

    @Mixin
    VerdictOptions verdict;

    @Option(names = "--ignore", paramLabel = "FINDING:TOPIC_GLOB:REASON", converter = IgnoreFinding.class,
            description = "Waive FINDING (or *) on topics matching the glob (empty: every topic); the reason is shown in the report. Repeatable.")
    List<AuditWaiver> ignores = new ArrayList<>();

    @Mixin
    LimitOptions limits;

    @Option(names = "--record-profiles",
            description = "Post the profiles of the values read (per release) to the registry's environment (needs --registry and --environment; "
                    + "the token from WOW_COMPAT_TOKEN), so that a later audit compares with them after the topic's retention dropped the records.")
    boolean recordProfiles;

    @Option(names = "--group", paramLabel = "G",
            description = "With --record-profiles: the group whose positions the window of the records read is posted under, "
                    + "so that records a watch counted are not counted again (default: wow-compat-watch.ENV).")
    String group;

    @Option(names = "--no-profiles", description = "Do not profile the values: no drift findings (meaning-drift, format-drift, code-list-drift, "
            + "declared-meaning-contradicted).")
    boolean noProfiles;

    /** The registry, when the audit reads one. */
    private RegistryClient client;

    static final class IgnoreFinding implements ITypeConverter<AuditWaiver> {
        @Override
        public AuditWaiver convert(String value) {
            try {
                return AuditWaiver.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    @Override
    public Integer call() throws InvalidInputException {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return audit(err);
        } catch (AuditException e) {
            err.println("wow-compat audit: " + Failures.oneLine(e.getMessage()));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
    }

    private int audit(PrintWriter err) throws AuditException, InvalidInputException {
        if ((input == null) == !kafka.given()) {
            throw new AuditException("give either --bootstrap-servers (or --kafka-config) to read Kafka, or --input FILE|- to read kcat -J lines");
        }
        if ((registry == null) == manifests.isEmpty()) {
            throw new AuditException("give either --registry URL or --manifest FILE (repeatable) to judge the records against");
        }
        limits.check();
        if (maxMessages < 0 || partitions < 0) throw new AuditException("--max-messages and --partitions must not be negative");
        if (recordProfiles && (registry == null || environment == null || noProfiles)) {
            throw new AuditException("--record-profiles needs --registry and --environment (profiles are kept per environment and release), "
                    + "and not --no-profiles");
        }
        if (follow && input != null) {
            throw new AuditException("--follow keeps reading Kafka for new records; --input reads a file to its end: leave out --follow");
        }
        if (group != null && !recordProfiles) throw new AuditException("--group names where --record-profiles posts; give --record-profiles too");
        From start = kafka.start();
        Releases releases = releases();
        Audit.Settings settings = new Audit.Settings(limits.maxRecordBytes(), limits.maxAggregates, maxMessages, environment, ignores, !noProfiles, recordProfiles);
        try (RecordSource source = source(start, err)) {
            Audit audit = new Audit(source, releases, settings);
            for (String signal : new String[] {"INT", "TERM"}) {
                // Ctrl-C ends the pass, not the process: the report so far is printed and the exit code says what it found.
                Signal.handle(new Signal(signal), s -> audit.stop());
            }
            Progress progress = new Progress(err, System.console() != null);
            AuditReport report = audit.run(PayloadObserver.NONE, progress);
            progress.clear();
            if (report.messages() == 0 && !audit.stopped()) {
                // An empty export or a mistyped topic must not pass a gate (docs/audit.md, "Nothing read is an error").
                if (!allowEmpty) throw new AuditException("no record was read: " + source.nothingRead() + " (--allow-empty accepts this)");
                err.println("wow-compat audit: no record was read: " + source.nothingRead());
            }
            for (int i : audit.unusedWaivers()) {
                err.println("wow-compat: warning: --ignore number " + i + " (" + ignores.get(i - 1).describe() + ") matches no record; remove it");
            }
            err.flush();
            int exit = emit(report);
            if (recordProfiles) recordProfiles(audit, releases, err);
            return exit;
        }
    }

    /**
     * Posts what the pass judged as one window of the wire (docs/watch.md): the offsets read, records per release,
     * the findings and the profiles; the registry merges it only when no window of the group counted those offsets
     * already. A window refused as stale merges nothing and says so; the exit code stays the report's.
     */
    private void recordProfiles(Audit audit, Releases releases, PrintWriter err) throws AuditException {
        WireWindow window = audit.window();
        ProfileSet profiled = window.profiles() == null ? new ProfileSet() : window.profiles();
        ProfileSet profiles = declaredOnly(profiled, releases);
        int undeclared = profiled.size() - profiles.size();
        if (undeclared > 0) {
            // The registry keeps only fields a release declares (docs/decisions.md, "Profiles the registry can trust"):
            // posting the others would have the whole post refused. What was written undeclared is the audit's finding.
            err.println("wow-compat audit: " + Counts.of(undeclared, "profiled field") + " that no release declares left out of "
                    + "the profiles recorded (the registry keeps declared fields only)");
        }
        if (window.ranges().isEmpty()) {
            err.println("wow-compat audit: no record was read; nothing to record in " + environment);
            err.flush();
            return;
        }
        String into = group == null ? WireMember.defaultGroup(environment) : group;
        WireWindow posted = window.withProfiles(profiles).withPoster(into, "audit@" + WireMember.member());
        try {
            // The registry's own rules, asked first (docs/watch.md): a window they refuse is never posted.
            posted.validate(System.currentTimeMillis());
        } catch (dev.wowcompat.window.WindowRefusal r) {
            throw new AuditException("the profiles were not recorded: the pass counted a window the registry would refuse (" + r.getMessage() + ")");
        }
        RegistryClient.Answer a;
        try {
            a = client.postWire(environment, posted.toJson().toString().getBytes(StandardCharsets.UTF_8));
        } catch (RegistryException e) {
            throw new AuditException("the profiles were not recorded: " + e.getMessage());
        }
        if (a.status() == 409 && "wow-compat.wire.stale-window".equals(a.tree().path("code").asText())) {
            err.println("wow-compat audit: merged nothing: " + Wording.stale(a.tree()));
            err.flush();
            return;
        }
        if (!a.ok()) {
            throw new AuditException("the profiles were not recorded: the registry at " + client.base() + " answered "
                    + String.join("; ", a.problemLines(client.base().toString())));
        }
        JsonNode uncounted = a.tree().path("uncounted");
        if (uncounted.isObject()) {
            // Applied for the group's positions only: another group counted these records (docs/watch.md, "A trial run,
            // a second group, a reset").
            err.println("wow-compat audit: merged nothing: group '" + uncounted.path("countedBy").asText() + "' has counted records of "
                    + uncounted.path("topic").asText() + " partition " + uncounted.path("partition").asInt() + " up to offset "
                    + uncounted.path("countedTo").asLong() + " in " + environment + ", and each record counts once per environment");
            err.flush();
            return;
        }
        if (profiles.size() == 0) err.println("wow-compat audit: no values were profiled; recorded " + Counts.of(window.recordCount(), "record")
                + " of the wire in " + environment);
        else err.println("wow-compat audit: " + recordedSentence(profiles.size(), environment, a.tree().path("profiles")));
        err.flush();
    }

    /** The profiled fields whose release declares them, as the registry checks a post; a release not found is kept, for the registry to judge. */
    private static ProfileSet declaredOnly(ProfileSet profiled, Releases releases) throws AuditException {
        ProfileSet declared = new ProfileSet(profiled.limits());
        for (Map.Entry<FieldKey, FieldProfile> e : profiled.fields().entrySet()) {
            Field field = e.getKey().field();
            Manifest release = null;
            for (Manifest m : releases.declaring(DeclaredMeaning.aggregateOf(field.type()))) {
                if ((m.service() + "@" + m.version()).equals(e.getKey().release())) release = m;
            }
            if (release == null || DeclaredMeaning.undeclared(release, field) == null) declared.add(e.getKey(), e.getValue());
        }
        return declared;
    }

    /**
     * What the registry says it did with the posted profiles: the fields of the pass it merged or added, the fields
     * each release now has kept there, and the values it refused (docs/api.md, "POST /environments/{env}/profiles").
     */
    static String recordedSentence(int posted, String environment, JsonNode answer) {
        StringBuilder sb = new StringBuilder("recorded the profiles of ").append(Counts.of(posted, "field")).append(" in ").append(environment);
        List<String> kept = new ArrayList<>();
        answer.path("releases").forEach(r -> kept.add(r.path("release").asText() + " " + Counts.of(r.path("fields").asLong(), "field")));
        if (!kept.isEmpty()) sb.append("; now kept there: ").append(String.join(", ", kept));
        long refused = answer.path("refusedValues").asLong();
        if (refused > 0) sb.append("; ").append(Counts.of(refused, "value")).append(" refused (over the registry's bound of fields per release)");
        return sb.toString();
    }

    private Releases releases() throws AuditException, InvalidInputException {
        if (registry == null) {
            if (environment != null) throw new AuditException("--environment needs --registry: Manifest files hold no deployment history");
            ManifestReader reader = new ManifestReader();
            InputFiles files = new InputFiles();
            List<Manifest> read = new ArrayList<>();
            for (Path m : manifests) {
                Manifest manifest = files.read(m, reader::read);
                if (manifest != null) read.add(manifest);
            }
            files.throwIfAny();
            return new ManifestFileReleases(read);
        }
        client = limits.registry(registry);
        RegistryReleases fromRegistry = new RegistryReleases(client);
        fromRegistry.reachable();
        return fromRegistry;
    }

    private RecordSource source(From start, PrintWriter err) throws AuditException {
        List<Pattern> patterns = kafka.topicPatterns();
        if (input != null) {
            InputStream in;
            long size = -1;
            String name;
            if (input.equals("-")) {
                in = System.in;
                name = "the standard input";
            } else {
                try {
                    Path file = Path.of(input);
                    if (Files.isDirectory(file)) throw new AuditException(input + " is a directory; --input takes a file of kcat -J lines, or - for the standard input");
                    size = Files.isRegularFile(file) ? Files.size(file) : -1;
                    in = Files.newInputStream(file);
                } catch (NoSuchFileException e) {
                    throw new AuditException(input + ": no such file");
                } catch (IOException e) {
                    throw new AuditException(input + ": cannot be read (" + e.getMessage() + ")");
                }
                name = input;
            }
            try {
                return KcatInput.of(in, size, name, partitions, patterns, start);
            } catch (IllegalArgumentException e) {
                if (in != System.in) {
                    try {
                        in.close();
                    } catch (IOException ignored) {
                        // nothing was read from it
                    }
                }
                throw new AuditException(e.getMessage() + ": give --from earliest (the default), an instant or a duration");
            }
        }
        Properties properties = kafka.clientProperties(err, "audit", KafkaInput.OVERRIDDEN, "it joins no consumer group and commits no offset");
        Runnable caughtUp = () -> {
            err.println("wow-compat audit: read up to the end of every partition; following new records (Ctrl-C prints the report)");
            err.flush();
        };
        return new KafkaInput(new KafkaInput.Options(kafka.bootstrapServers, properties, patterns, start, follow, limits.timeout, caughtUp,
                kafka.configFile()));
    }

    private int emit(AuditReport report) throws InvalidInputException {
        verdict.show(AuditRenderer.render(report, verdict.format), () -> AuditRenderer.verdict(report), spec.commandLine().getOut());
        return report.failing(verdict.failOn).isEmpty() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }

    /** Records read, rate and records left, on one line of standard error, only on a terminal. */
    private static final class Progress implements Audit.Progress {
        private final PrintWriter err;
        private final boolean terminal;
        private final long started = System.nanoTime();
        private boolean shown;
        private int width;

        Progress(PrintWriter err, boolean terminal) {
            this.err = err;
            this.terminal = terminal;
        }

        @Override
        public void update(long read, String left) {
            if (!terminal) return;
            double seconds = Math.max(1e-3, (System.nanoTime() - started) / 1e9);
            String line = line(read, Math.round(read / seconds), left);
            err.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
            width = Math.max(width, line.length());
            err.flush();
            shown = true;
        }

        /** "290,816 records read, 20,535/s, 41% of 5,000,831 bytes": what was read, how fast, what is left. */
        static String line(long read, long perSecond, String left) {
            return Counts.of(read, "record") + " read, " + Counts.number(perSecond) + "/s" + (left.isEmpty() ? "" : ", " + left);
        }

        void clear() {
            if (shown) {
                err.print("\r" + " ".repeat(width) + "\r");
                err.flush();
            }
        }
    }
}
