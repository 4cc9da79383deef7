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
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Load against a running registry (docs/performance.md, "Registry"). Throughput of GET endpoints is measured with
 * wrk; this program does what wrk cannot: registering synthetic releases.
 *
 * <pre>
 * RegistryLoad register URL [TYPES] [HISTORY]   registers HISTORY releases of TYPES types each, then times the next
 *                                               registration (and dry-run checks of it) against all of them
 * RegistryLoad populate URL [SERVICES] [RELEASES] [TYPES]   fills the registry (for the heap figure)
 * RegistryLoad fingerprint URL                  prints one stored schema fingerprint (for wrk's URL)
 * </pre>
 *
 * Release k of a synthetic service adds, to every event revision and command, an optional property
 * {@code f<k>} with a default that is read but not yet written: every release is compatible, and every one
 * changes half its schemas, so the check has real diffs to do against every earlier release.
 */
public final class RegistryLoad {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;

    private RegistryLoad(String base) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: RegistryLoad register|populate|fingerprint URL [numbers...]");
            System.exit(2);
        }
        RegistryLoad load = new RegistryLoad(args[1]);
        switch (args[0]) {
            case "register" -> load.register(arg(args, 2, 500), arg(args, 3, 20));
            case "populate" -> load.populate(arg(args, 2, 100), arg(args, 3, 20), arg(args, 4, 50));
            case "fingerprint" -> System.out.println(load.someFingerprint());
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    private static int arg(String[] args, int i, int fallback) {
        return args.length > i ? Integer.parseInt(args[i]) : fallback;
    }

    private void register(int types, int history) throws Exception {
        String service = "load-" + Long.toString(System.nanoTime(), 36);
        for (int k = 0; k < history; k++) {
            long t = System.nanoTime();
            int status = post(service, "releases", manifest(service, types, k));
            if (status != 201) throw new IllegalStateException("release " + k + " answered " + status);
            System.out.printf(Locale.ROOT, "history release 1.%d.0 registered in %.0f ms%n", k, (System.nanoTime() - t) / 1e6);
        }
        String candidate = manifest(service, types, history);
        List<Double> checks = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            long t = System.nanoTime();
            int status = post(service, "releases/check", candidate);
            if (status != 200) throw new IllegalStateException("check answered " + status);
            checks.add((System.nanoTime() - t) / 1e6);
        }
        long t = System.nanoTime();
        int status = post(service, "releases", candidate);
        double registerMs = (System.nanoTime() - t) / 1e6;
        if (status != 201) throw new IllegalStateException("the timed registration answered " + status);
        Collections.sort(checks);
        System.out.printf(Locale.ROOT, "RESULT types=%d history=%d register=%.0f ms; dry-run check min=%.0f median=%.0f max=%.0f ms%n",
                types, history, registerMs, checks.get(0), checks.get(checks.size() / 2), checks.get(checks.size() - 1));
    }

    private void populate(int services, int releases, int types) throws Exception {
        long start = System.nanoTime();
        for (int s = 0; s < services; s++) {
            String service = "svc-" + s;
            for (int k = 0; k < releases; k++) {
                int status = post(service, "releases", manifest(service, types, k));
                if (status != 201 && status != 200) throw new IllegalStateException(service + " 1." + k + ".0 answered " + status);
            }
        }
        System.out.printf(Locale.ROOT, "RESULT populated services=%d releases=%d types=%d in %.1f s%n",
                services, releases, types, (System.nanoTime() - start) / 1e9);
    }

    private String someFingerprint() throws Exception {
        HttpResponse<String> services = http.send(HttpRequest.newBuilder(URI.create(base + "/services")).build(), HttpResponse.BodyHandlers.ofString());
        String service = JSON.readTree(services.body()).path("services").get(0).path("name").asText();
        HttpResponse<String> releases = http.send(HttpRequest.newBuilder(URI.create(base + "/services/" + service + "/releases")).build(),
                HttpResponse.BodyHandlers.ofString());
        String version = JSON.readTree(releases.body()).path("releases").get(0).path("version").asText();
        HttpResponse<String> release = http.send(HttpRequest.newBuilder(URI.create(base + "/services/" + service + "/releases/" + version)).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode aggregates = JSON.readTree(release.body()).path("manifest").path("contexts").elements().next().path("aggregates");
        String type = aggregates.fieldNames().next();
        HttpResponse<String> usages = http.send(HttpRequest.newBuilder(URI.create(base + "/types/" + contextOf(release.body()) + "." + type)).build(),
                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(usages.body()).path("fingerprints").get(0).path("fingerprint").asText();
    }

    private static String contextOf(String releaseBody) throws Exception {
        return JSON.readTree(releaseBody).path("manifest").path("contexts").fieldNames().next();
    }

    private int post(String service, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/services/" + service + "/" + path))
                .header("Content-Type", "application/json").timeout(Duration.ofMinutes(2))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /**
     * A Manifest of {@code types / 10} aggregates with 11 types each (the aggregate, its state, three commands, five
     * event revisions, one error code). Release {@code k} (version 1.k.0) has the read-only properties f1..fk in
     * every command and event.
     */
    static String manifest(String service, int types, int k) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", service).put("version", "1." + k + ".0");
        ObjectNode aggregates = root.putObject("contexts").putObject("load").putObject("aggregates");
        int perAggregate = 10;
        for (int a = 0; a < Math.max(1, types / perAggregate); a++) {
            ObjectNode aggregate = aggregates.putObject("thing" + a);
            aggregate.putObject("state").set("schema", schema(List.of("id", "name", "count"), 0));
            ObjectNode commands = aggregate.putObject("commands");
            for (int c = 0; c < 3; c++) commands.putObject("Do" + c).set("schema", schema(List.of("id", "amount"), k));
            ObjectNode events = aggregate.putObject("events");
            for (int e = 0; e < 5; e++) {
                events.putObject("Happened" + e).putObject("revisions").putObject("1").set("schema", schema(List.of("id", "amount", "at"), k));
            }
            aggregate.putObject("errors").putObject("not-allowed").put("description", "refused");
        }
        return root.toString();
    }

    /** An object schema with the required properties and {@code added} read-only optional ones (f1, f2, ...). */
    static ObjectNode schema(List<String> required, int added) {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        ObjectNode props = s.putObject("properties");
        for (String p : required) props.putObject(p).put("type", p.equals("amount") || p.equals("count") || p.equals("at") ? "integer" : "string");
        for (int f = 1; f <= added; f++) props.putObject("f" + f).put("type", "string").put("default", "").put("x-wow-written", false);
        required.forEach(s.putArray("required")::add);
        return s;
    }
}
