package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An environment's deployment history ({@code GET /environments/{env}}): which release of each service ran there at
 * any moment. A record is judged against the release of its service that ran when it was written.
 */
public final class Deployments {
    /** @param endedAt epoch milliseconds, or {@link Long#MAX_VALUE} while it runs */
    record Span(String service, String version, long deployedAt, long endedAt) {}

    private final String environment;
    private final List<Span> spans;
    /**
     * The spans of each service, in the order of {@link #spans}: every record asks which release ran, and an
     * environment of a thousand services must not be scanned whole for each.
     */
    private final Map<String, Span[]> byService;

    Deployments(String environment, List<Span> spans) {
        this.environment = environment;
        this.spans = List.copyOf(spans);
        Map<String, List<Span>> grouped = new HashMap<>();
        for (Span s : this.spans) grouped.computeIfAbsent(s.service(), k -> new ArrayList<>()).add(s);
        this.byService = new HashMap<>();
        grouped.forEach((service, of) -> byService.put(service, of.toArray(Span[]::new)));
    }

    /** From the answer of {@code GET /environments/{env}}: what runs now and what ran before. */
    static Deployments of(String environment, JsonNode answer) {
        List<Span> spans = new ArrayList<>();
        for (JsonNode d : answer.path("deployments")) {
            spans.add(new Span(d.path("service").asText(), d.path("version").asText(), d.path("deployedAt").asLong(), Long.MAX_VALUE));
        }
        for (JsonNode d : answer.path("history")) {
            spans.add(new Span(d.path("service").asText(), d.path("version").asText(), d.path("deployedAt").asLong(),
                    d.path("endedAt").asLong(Long.MAX_VALUE)));
        }
        return new Deployments(environment, spans);
    }

    /** Every deployment known, running or ended, in the order they started. */
    List<Span> spans() {
        return spans.stream().sorted(java.util.Comparator.comparingLong(Span::deployedAt)).toList();
    }

    /** Whether both hold the same deployments (a watch reads the history again and starts afresh only when it changed). */
    boolean sameAs(Deployments other) {
        return other != null && spans().equals(other.spans());
    }

    public String environment() {
        return environment;
    }

    /** The releases running there now ({@code service@version}). */
    List<Span> running() {
        return spans.stream().filter(s -> s.endedAt() == Long.MAX_VALUE).toList();
    }

    /** The version of the service that ran at {@code epochMillis}, if one did. */
    public Optional<String> runningAt(String service, long epochMillis) {
        Span[] of = byService.get(service);
        if (of == null) return Optional.empty();
        for (Span s : of) {
            if (s.deployedAt() <= epochMillis && epochMillis < s.endedAt()) return Optional.of(s.version());
        }
        return Optional.empty();
    }
}
