package dev.wowcompat.api;

import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.RegistryStore;
import io.javalin.http.Context;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Locale;

/**
 * What /metrics exposes, in Prometheus text: request durations by route and status, registrations by outcome,
 * the store's size, and the JVM's memory and threads (Micrometer's Prometheus registry renders it).
 */
final class Metrics {
    private static final String STARTED = "wow-compat.request-started";
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    Metrics(RegistryStore store) {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        Gauge.builder("wowcompat.store.releases", store, s -> s.stats().releases()).description("releases stored").register(registry);
        Gauge.builder("wowcompat.store.schemas", store, s -> s.stats().schemas()).description("distinct schemas stored").register(registry);
        Gauge.builder("wowcompat.store.services", store, s -> s.stats().services()).description("services with releases").register(registry);
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
        return registry.scrape();
    }
}
