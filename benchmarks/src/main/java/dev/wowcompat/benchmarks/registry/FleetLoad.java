package dev.wowcompat.benchmarks.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fleet against a running registry (docs/performance.md, "A fleet of services"): builds it through the HTTP API, as
 * builds and deploy jobs would, and measures the latency of each answer (p50, p99) as the fleet grows.
 *
 * <pre>
 * FleetLoad URL SIZES [RELEASES] [SAMPLES]
 *   SIZES     the fleet sizes to measure at, ascending, comma-separated (e.g. 100,300,1000): the fleet grows to each
 *             size and every answer is measured there
 *   RELEASES  releases per service (default 20)
 *   SAMPLES   timed requests per answer and size (default 300), after a third as many untimed ones
 * </pre>
 *
 * The fleet: service {@code svc-N} owns the aggregate {@code fleet.sN} with 8 types (the aggregate, its state, two
 * commands, three events, an error code); release {@code 1.k.0} adds a read-only optional field to the commands and
 * events, so every release is compatible and changes schemas. Every tenth service reads {@code Happened0} of the 5
 * services after it and sends {@code Do0} to the first of them. Five environments run one release of every service,
 * each after 3 earlier deployments of it. The answers are checked as they are timed (a consumed event has its
 * reader, can-deploy answers a verdict): a wrong answer stops the run.
 */
public final class FleetLoad {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ENVIRONMENTS = 5;
    private static final int EARLIER_DEPLOYMENTS = 3;
    private static final int READS = 5;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private final int releases;
    private int built;
    /** The next version registered by the timed registrations, per service. */
    private final Map<String, Integer> nextRelease = new LinkedHashMap<>();

    private FleetLoad(String base, int releases) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.releases = releases;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: FleetLoad URL SIZES [RELEASES] [SAMPLES]");
            System.exit(2);
        }
        int[] sizes = Arrays.stream(args[1].split(",")).mapToInt(s -> Integer.parseInt(s.strip())).toArray();
        int releases = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int samples = args.length > 3 ? Integer.parseInt(args[3]) : 300;
        if (releases < EARLIER_DEPLOYMENTS + ENVIRONMENTS) throw new IllegalArgumentException("at least 8 releases a service");
        FleetLoad load = new FleetLoad(args[0], releases);
        Map<Integer, Map<String, double[]>> results = new LinkedHashMap<>();
        for (int size : sizes) {
            long t = System.nanoTime();
            load.grow(size);
            System.out.printf(Locale.ROOT, "fleet of %d services built in %.1f s%n", size, (System.nanoTime() - t) / 1e9);
            results.put(size, load.measure(size, samples));
        }
        print(results);
    }

    // ---- the fleet ----

    private void grow(int size) throws Exception {
        if (size < 10) throw new IllegalArgumentException("a fleet of at least 10 services");
        // Two writers: the registry lets one client run two checks at once (docs/api.md: 2 expensive requests per client address).
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int s = built; s < size; s++) {
                int service = s;
                work.add(pool.submit(() -> {
                    for (int k = 0; k < releases; k++) expect(201, post("/services/" + name(service) + "/releases", manifest(service, k)), name(service));
                    for (int e = 0; e < ENVIRONMENTS; e++) {
                        // Environment e runs release (releases - 1 - e), after the 3 releases before it.
                        int running = releases - 1 - e;
                        for (int k = running - EARLIER_DEPLOYMENTS; k <= running; k++) {
                            expect(201, post("/environments/env-" + e + "/deployments",
                                    "{\"service\":\"" + name(service) + "\",\"version\":\"1." + k + ".0\"}"), "deployment of " + name(service));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) f.get();
        } finally {
            pool.shutdownNow();
        }
        built = size;
    }

    private static String name(int service) {
        return String.format(Locale.ROOT, "svc-%04d", service);
    }

    /** Release 1.k.0 of service s: 8 types; every tenth service reads 5 others' Happened0 and sends Do0 to the first. */
    static String manifest(int service, int k) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", name(service)).put("version", "1." + k + ".0");
        ObjectNode aggregate = root.putObject("contexts").putObject("fleet").putObject("aggregates").putObject("s" + service);
        aggregate.putObject("state").set("schema", RegistryLoad.schema(List.of("id", "name", "count"), 0));
        ObjectNode commands = aggregate.putObject("commands");
        for (int c = 0; c < 2; c++) commands.putObject("Do" + c).set("schema", RegistryLoad.schema(List.of("id", "amount"), k));
        ObjectNode events = aggregate.putObject("events");
        for (int e = 0; e < 3; e++) {
            events.putObject("Happened" + e).putObject("revisions").putObject("1").set("schema", RegistryLoad.schema(List.of("id", "amount", "at"), k));
        }
        aggregate.putObject("errors").putObject("not-allowed").put("description", "refused");
        if (service % 10 == 0) {
            ObjectNode read = root.putObject("consumes").putObject("events");
            for (int other = service + 1; other <= service + READS; other++) {
                read.putObject(event(other, 0)).putArray("revisions").add(1);
            }
            root.putObject("sends").putArray("commands").add("fleet.s" + (service + 1) + ".Do0");
        }
        return root.toString();
    }

    private static String event(int service, int n) {
        return "fleet.s" + service + ".Happened" + n;
    }

    // ---- the answers ----

    /** One request (or the page's sequence of requests) of an answer, given the sample's number; checks its answer. */
    private interface Answer {
        void call(int i) throws Exception;
    }

    private Map<String, double[]> measure(int size, int samples) throws Exception {
        int consumers = size / 10;
        Map<String, Answer> answers = new LinkedHashMap<>();
        // Services 1..5 of each ten are read by the service before them; 7..9 are read by nobody.
        answers.put("readers of a consumed event", i -> {
            int reader = (i % consumers) * 10;
            JsonNode r = get("/events/" + event(reader + 1 + i % READS, 0) + "/readers");
            if (!r.path("consumers").toString().contains(name(reader)) || r.path("environments").size() != ENVIRONMENTS) {
                throw new IllegalStateException("the readers of a consumed event miss its reader: " + r);
            }
        });
        answers.put("readers of an event nobody reads", i -> {
            JsonNode r = get("/events/" + event((i % consumers) * 10 + 7, 2) + "/readers");
            if (r.path("consumers").size() != 0 || r.path("producers").size() != 1) throw new IllegalStateException("unexpected readers: " + r);
        });
        answers.put("can-deploy of a consumer", i -> canDeploy((i % consumers) * 10, i));
        answers.put("can-deploy of a producer", i -> canDeploy((i % consumers) * 10 + 1, i));
        answers.put("type", i -> {
            JsonNode t = get("/types/fleet.s" + (i % size));
            if (t.path("releases").size() == 0) throw new IllegalStateException("a type without releases: " + t);
        });
        answers.put("releases list", i -> {
            JsonNode r = get("/services/" + name(i % size) + "/releases");
            if (r.path("releases").size() < releases) throw new IllegalStateException("releases missing: " + r.path("releases").size());
        });
        answers.put("environment", i -> {
            JsonNode e = get("/environments/env-" + (i % ENVIRONMENTS));
            if (e.path("deployments").size() != size) throw new IllegalStateException("the environment runs " + e.path("deployments").size());
        });
        answers.put("event page (revisions, then readers)", i -> {
            String event = event((i % consumers) * 10 + 1, 0);
            get("/events/" + event + "/revisions");
            get("/events/" + event + "/readers");
        });
        answers.put("registration of a compatible release", i -> {
            int service = (i * 7 + 3) % size;
            int k = nextRelease.merge(name(service), 1, Integer::sum) + releases - 1;
            expect(201, post("/services/" + name(service) + "/releases", manifest(service, k)), "registration of " + name(service));
        });
        Map<String, double[]> out = new LinkedHashMap<>();
        for (Map.Entry<String, Answer> a : answers.entrySet()) {
            // A third as many untimed requests first, so that each size is measured on a server whose JIT has
            // compiled that answer's code: the first size must not look slow for being first.
            int warm = Math.max(10, samples / 3);
            // Registrations add releases: fewer untimed ones, so the history of a service stays near its size.
            if (a.getKey().startsWith("registration")) warm = 3;
            AtomicInteger n = new AtomicInteger(samples * 31);
            for (int w = 0; w < warm; w++) a.getValue().call(n.getAndIncrement());
            double[] ms = new double[samples];
            for (int s = 0; s < samples; s++) {
                long t = System.nanoTime();
                a.getValue().call(s);
                ms[s] = (System.nanoTime() - t) / 1e6;
            }
            Arrays.sort(ms);
            out.put(a.getKey(), new double[] {percentile(ms, 0.50), percentile(ms, 0.99)});
            System.out.printf(Locale.ROOT, "%d services  %-40s p50 %7.1f ms  p99 %7.1f ms%n", size, a.getKey(), out.get(a.getKey())[0],
                    out.get(a.getKey())[1]);
        }
        return out;
    }

    private void canDeploy(int service, int i) throws Exception {
        // The release that runs in the next environment up: a roll forward by one release.
        int environment = 1 + i % (ENVIRONMENTS - 1);
        String version = "1." + (releases - environment) + ".0";
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(base + "/can-deploy?service=" + name(service) + "&version=" + version
                + "&environment=env-" + environment)).build());
        expect(200, r.statusCode(), "can-deploy");
        if (r.headers().firstValue("Wow-Compat-Deployable").isEmpty()) throw new IllegalStateException("can-deploy without a verdict");
    }

    private static double percentile(double[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static void print(Map<Integer, Map<String, double[]>> results) {
        List<Integer> sizes = new ArrayList<>(results.keySet());
        StringBuilder head = new StringBuilder("| answer |");
        StringBuilder rule = new StringBuilder("|---|");
        for (int size : sizes) {
            head.append(" p50 / p99 at ").append(size).append(" |");
            rule.append("---|");
        }
        head.append(" p99 ").append(sizes.get(sizes.size() - 1)).append(" / ").append(sizes.get(0)).append(" |");
        rule.append("---|");
        System.out.println();
        System.out.println(head);
        System.out.println(rule);
        for (String answer : results.get(sizes.get(0)).keySet()) {
            StringBuilder row = new StringBuilder("| ").append(answer).append(" |");
            for (int size : sizes) {
                double[] p = results.get(size).get(answer);
                row.append(String.format(Locale.ROOT, " %.1f / %.1f ms |", p[0], p[1]));
            }
            double first = results.get(sizes.get(0)).get(answer)[1];
            double last = results.get(sizes.get(sizes.size() - 1)).get(answer)[1];
            row.append(String.format(Locale.ROOT, " %.2fx |", last / first));
            System.out.println(row);
        }
    }

    // ---- HTTP ----

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(base + path)).header("Accept", "application/json").build());
        expect(200, r.statusCode(), "GET " + path);
        return JSON.readTree(r.body());
    }

    private int post(String path, String body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build()).statusCode();
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static void expect(int expected, int status, String what) {
        if (status != expected) throw new IllegalStateException(what + " answered " + status + ", not " + expected);
    }
}
