package dev.wowcompat.api;

import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.OperationsStore;
import dev.wowcompat.store.WireStore;
import io.javalin.http.Context;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Locale;

/**
 * What /metrics exposes, in Prometheus text: request durations by route and status, registrations by outcome,
 * the store's size, and the JVM's memory and threads (Micrometer's Prometheus registry renders it).
 */
final class Metrics {
    private static final String STARTED = "wow-compat.request-started";
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final WireStore wireStore;
    private final OperationsStore operationsStore;

    Metrics(WireStore wireStore, OperationsStore operationsStore) {
        this.wireStore = wireStore;
        this.operationsStore = operationsStore;
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        Gauge.builder("wowcompat.store.releases", operationsStore, s -> s.stats().releases()).description("releases stored").register(registry);
        Gauge.builder("wowcompat.store.schemas", operationsStore, s -> s.stats().schemas()).description("distinct schemas stored").register(registry);
        Gauge.builder("wowcompat.store.services", operationsStore, s -> s.stats().services()).description("services with releases").register(registry);
    }

    void started(Context ctx) {
        ctx.attribute(STARTED, System.nanoTime());
    }

    void finished(Context ctx) {
        Long started = ctx.attribute(STARTED);
        if (started == null) return;
        String route = ctx.endpointHandlerPath();
        Timer.builder("wowcompat.http.requests")
                .description("HTTP requests by route template, method and status")
                .tag("method", ctx.method().name())
                .tag("route", route == null || route.isEmpty() ? "unmatched" : route)
                .tag("status", Integer.toString(ctx.statusCode()))
                .register(registry)
                .record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    void registration(RegistrationResult.Outcome outcome) {
        Counter.builder("wowcompat.registrations").description("registrations by outcome")
                .tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).register(registry).increment();
    }

    String scrape() {
        return registry.scrape() + wire(wireStore.wireMetrics());
    }

    /**
     * The wire's counts, read from the store at each scrape rather than counted in this process: every node of a
     * registry answers the same totals, and a restart loses none (docs/decisions.md, "The registry watches the wire").
     */
    static String wire(dev.wowcompat.store.WireView.Metrics m) {
        StringBuilder out = new StringBuilder();
        family(out, "wow_compat_wire_records_total", "counter", "records the watch counted, by environment and release (\"\" when none was found)",
                m.records(), List.of("release"));
        family(out, "wow_compat_wire_findings_total", "counter", "records with a finding on the wire, by environment, finding id and severity",
                m.findings(), List.of("id", "severity"));
        family(out, "wow_compat_wire_last_window_timestamp_seconds", "gauge", "the end of the newest window applied, by environment",
                m.lastWindow(), List.of());
        return out.toString();
    }

    private static void family(StringBuilder out, String name, String type, String help, List<dev.wowcompat.store.WireView.Metric> rows,
                               List<String> labels) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        for (dev.wowcompat.store.WireView.Metric r : rows) {
            out.append(name).append("{environment=\"").append(escape(r.environment())).append('"');
            for (int i = 0; i < labels.size(); i++) out.append(',').append(labels.get(i)).append("=\"").append(escape(r.labels().get(i))).append('"');
            double v = r.value();
            out.append("} ").append(v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : java.math.BigDecimal.valueOf(v).toPlainString()).append('\n');
        }
    }

    /** Prometheus' escapes of a label value: backslash, double quote and line feed. */
    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
