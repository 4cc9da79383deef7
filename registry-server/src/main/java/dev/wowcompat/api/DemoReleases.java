package dev.wowcompat.api;

import dev.wowcompat.text.Counts;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.store.DeploymentResult;
import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.DeploymentStore;
import dev.wowcompat.store.WriteLogEntry;
import dev.wowcompat.store.WriteRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.LinkedHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The demo ({@code serve --demo}): the bundled example releases ({@code schemas/examples/}, packed into the jar under
 * {@code examples/}), and what runs where. Every {@code *.json} file is a release, except those in a directory named
 * {@code candidates} (Manifests kept for trying {@code check}, which the checker refuses by design). Releases are
 * registered in version order; one that cannot be registered is reported and skipped, so the demo starts whatever the
 * examples hold. Then {@link #DEPLOYMENTS} are recorded, each in an environment where no deployment was ever recorded,
 * so that the event page's readers, the environments and "Can I deploy?" have something to answer on first start, and
 * a restart (or a registry where someone has deployed since) changes nothing (docs/decisions.md, "The demo and first
 * contact").
 */
public final class DemoReleases {
    private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\"(\\d+\\.\\d+\\.\\d+)\"");

    /** A release the demo records as running in an environment. */
    public record DemoDeployment(String environment, String service, String version) {}

    /**
     * What runs where in the demo. Staging runs the newest bank and the consumer that reads its new revision;
     * production runs the bank's staging release (1.1.0 reads {@code Deposited@2} but writes revision 1) and the
     * consumer's first release, which reads only revision 1: it lags, so deploying bank-service 1.2.0 there is refused
     * until standing-orders 1.1.0 runs there. Only the final state is recorded: two nodes starting the demo at once
     * then record the same versions, the second a repeat, never one undoing the other's step.
     */
    public static final List<DemoDeployment> DEPLOYMENTS = List.of(
            new DemoDeployment("staging", "bank-service", "1.2.0"),
            new DemoDeployment("staging", "standing-orders", "1.1.0"),
            new DemoDeployment("production", "bank-service", "1.1.0"),
            new DemoDeployment("production", "standing-orders", "1.0.0"));

    /** A page of the demo worth opening first: its address relative to the page's, and what it shows. */
    public record FirstPage(String path, String shows) {}

    /** Printed once the demo's deployments are recorded, so the first thing opened answers something. */
    public static final List<FirstPage> FIRST_PAGES = List.of(
            new FirstPage("#/event/bank.account.Deposited", "who writes and reads bank.account.Deposited, in each environment"),
            new FirstPage("#/environments", "what runs in staging and production"),
            new FirstPage("#/can-deploy/bank-service/1.2.0/production", "can bank-service 1.2.0 go to production? Not yet: standing-orders 1.0.0 lags there"));

    /**
     * What a start with {@code --demo} did.
     *
     * @param registered releases stored by this start
     * @param alreadyThere releases that were stored already, with the same content
     * @param deployed what runs in each environment where this start recorded the demo's deployments, in the order of
     *        {@link #DEPLOYMENTS}
     * @param leftAlone environments of the demo that had deployments already, left as they were
     */
    public record Outcome(int registered, int alreadyThere, Map<String, List<String>> deployed, List<String> leftAlone) {
        public Outcome {
            deployed = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(deployed));
            leftAlone = List.copyOf(leftAlone);
        }

        /** Whether this start changed the registry. */
        public boolean changed() {
            return registered > 0 || !deployed.isEmpty();
        }

        /** What to tell the person who started it, one line each. */
        public List<String> summary() {
            if (!changed()) {
                return List.of(alreadyThere == 0 ? "demo: no example release could be registered"
                        : "demo: " + releases(alreadyThere) + " already registered; nothing changed");
            }
            List<String> lines = new ArrayList<>();
            if (registered > 0) {
                lines.add("demo: " + releases(registered) + " registered" + (alreadyThere > 0 ? ", " + alreadyThere + " already there" : ""));
            } else {
                lines.add("demo: " + releases(alreadyThere) + " already registered");
            }
            if (!deployed.isEmpty()) {
                lines.add("demo: deployments recorded: " + deployed.entrySet().stream()
                        .map(e -> e.getKey() + " runs " + String.join(", ", e.getValue()))
                        .collect(Collectors.joining("; ")));
            }
            if (!leftAlone.isEmpty()) {
                lines.add("demo: " + String.join(", ", leftAlone) + (leftAlone.size() == 1 ? " has" : " have")
                        + " deployments already; left as " + (leftAlone.size() == 1 ? "it is" : "they are"));
            }
            return lines;
        }

        private static String releases(int n) {
            return Counts.of(n, "example release");
        }
    }

    /**
     * The principal the write log names for the demo's deployments: the start that recorded them, no token's holder
     * (docs/decisions.md, "The demo and first contact").
     */
    public static final String DEMO_PRINCIPAL = "serve --demo";
    /** The demo's writes are the server's own, sent from no address: the log's address column names this machine. */
    private static final String LOCAL_ADDRESS = "127.0.0.1";

    private DemoReleases() {}

    /** Registers the examples, then records the demo's deployments where nothing was ever deployed. */
    public static Outcome load(Registration registration, DeploymentStore store, PrintWriter log) {
        Registered releases = registerBundled(registration, log);
        Map<String, List<DemoDeployment>> byEnvironment = DEPLOYMENTS.stream()
                .collect(Collectors.groupingBy(DemoDeployment::environment, LinkedHashMap::new, Collectors.toList()));
        Map<String, List<String>> deployed = new LinkedHashMap<>();
        List<String> leftAlone = new ArrayList<>();
        byEnvironment.forEach((environment, deployments) -> {
            if (store.environment(environment, 0).isPresent()) {
                leftAlone.add(environment);
                return;
            }
            for (DemoDeployment d : deployments) {
                // Who recorded it, as the write log says of every deployment (in the deployment's own transaction):
                // the page's "Recorded by" reads it there.
                DeploymentResult r = store.recordDeployment(environment, d.service(), d.version(),
                        WriteRecord.of(new WriteLogEntry(0, 0, DEMO_PRINCIPAL, LOCAL_ADDRESS,
                                "POST /environments/{env}/deployments", d.service(), d.version(), environment, 201)));
                if (r.outcome() == DeploymentResult.Outcome.RELEASE_NOT_REGISTERED) {
                    log.println("demo: " + d.service() + "@" + d.version() + " is not registered; not deployed to " + environment);
                }
            }
            store.environment(environment, 0).ifPresent(view -> deployed.put(environment, view.running().stream()
                    .map(r -> r.service() + " " + r.version()).toList()));
        });
        log.flush();
        return new Outcome(releases.created(), releases.alreadyThere(), deployed, leftAlone);
    }

    /** Registers the examples only (no deployment); returns how many releases are stored afterwards (new or already there). */
    public static int register(Registration registration, PrintWriter log) {
        Registered r = registerBundled(registration, log);
        return r.created() + r.alreadyThere();
    }

    /** How many example releases a registration stored, and how many were stored already. */
    record Registered(int created, int alreadyThere) {}

    private static Registered registerBundled(Registration registration, PrintWriter log) {
        URL root = DemoReleases.class.getResource("/examples");
        if (root == null) {
            log.println("demo: no example releases are bundled in this build");
            return new Registered(0, 0);
        }
        try {
            URI uri = root.toURI();
            if (uri.getScheme().equals("jar")) {
                FileSystem jar;
                boolean opened = false;
                try {
                    jar = FileSystems.getFileSystem(uri);
                } catch (FileSystemNotFoundException e) {
                    jar = FileSystems.newFileSystem(uri, Map.of());
                    opened = true;
                }
                try {
                    return registerAll(jar.getPath("/examples"), registration, log);
                } finally {
                    if (opened) jar.close();
                }
            }
            return registerAll(Path.of(uri), registration, log);
        } catch (IOException | URISyntaxException e) {
            log.println("demo: cannot read the bundled examples: " + e.getMessage());
            return new Registered(0, 0);
        }
    }

    static Registered registerAll(Path root, Registration registration, PrintWriter log) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .filter(p -> !root.relativize(p).toString().matches("(.*/)?candidates/.*"))
                    .toList();
        }
        record Candidate(Path file, byte[] content, Version version) {}
        List<Candidate> releases = new ArrayList<>();
        for (Path f : files) {
            byte[] content = Files.readAllBytes(f);
            Matcher m = VERSION.matcher(new String(content, java.nio.charset.StandardCharsets.UTF_8));
            releases.add(new Candidate(f, content, m.find() ? Version.parse(m.group(1)) : new Version(0, 0, 0)));
        }
        releases.sort(Comparator.comparing(Candidate::version).thenComparing(c -> c.file().toString()));
        int created = 0;
        int alreadyThere = 0;
        for (Candidate c : releases) {
            String name = root.relativize(c.file()).toString();
            try {
                RegistrationResult r = registration.register(null, c.content(), "examples/" + name);
                switch (r.outcome()) {
                    case CREATED -> created++;
                    case SAME_CONTENT -> alreadyThere++;
                    case VERSION_CONFLICT -> log.println("demo: " + name + ": skipped, its version is already registered with other content");
                    case REFUSED -> log.println("demo: " + name + ": skipped, the checker refuses it (breaking)");
                    default -> { }
                }
            } catch (InvalidInputException e) {
                log.println("demo: " + name + ": skipped: " + e.getMessage().lines().findFirst().orElse("invalid"));
            }
        }
        log.flush();
        return new Registered(created, alreadyThere);
    }
}
