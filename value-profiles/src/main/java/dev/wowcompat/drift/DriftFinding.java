package dev.wowcompat.drift;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.Field;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One finding about what a field's values mean.
 *
 * @param before the release before the deployment; null for {@link DriftKind#DECLARED_MEANING_CONTRADICTED}, which
 *     judges one release against its Manifest
 * @param after the release after the deployment (the judged release for a contradiction)
 * @param factor the factor of the magnitudes (B over A), for {@link DriftKind#MEANING_DRIFT} and a contradicted unit;
 *     null otherwise
 * @param deployedAt when B replaced A in the environment: filled in by the audit, which knows the deployments
 * @param consumers the services and versions that read the type: filled in by the audit from the registry
 */
public record DriftFinding(DriftKind kind, Field field, Side before, Side after, Factor factor, String message,
        Instant deployedAt, List<String> consumers) {

    public DriftFinding {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(message, "message");
        consumers = List.copyOf(consumers);
    }

    DriftFinding(DriftKind kind, Field field, Side before, Side after, Factor factor, String message) {
        this(kind, field, before, after, factor, message, null, List.of());
    }

    public DriftFinding withDeployment(Instant at) {
        return new DriftFinding(kind, field, before, after, factor, message, at, consumers);
    }

    public DriftFinding withConsumers(List<String> readers) {
        return new DriftFinding(kind, field, before, after, factor, message, deployedAt, readers);
    }

    /**
     * What one release's values looked like: count, and the quantiles of |x| (number findings), the share of each
     * format class (format findings) or the most frequent values (code lists). Members that do not apply are null.
     */
    public record Side(String release, long count, Double q10, Double q50, Double q90, Map<String, Double> formats,
            Map<String, Long> values) {
        public Side {
            Objects.requireNonNull(release, "release");
            formats = formats == null ? null : Map.copyOf(formats);
            values = values == null ? null : Map.copyOf(values);
        }

        ObjectNode toJson() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("release", release);
            o.put("count", count);
            if (q10 != null) {
                o.put("q10", q10);
                o.put("q50", q50);
                o.put("q90", q90);
            }
            if (formats != null) {
                ObjectNode f = o.putObject("formats");
                formats.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                        .forEach(e -> f.put(e.getKey(), e.getValue()));
            }
            if (values != null) {
                ObjectNode v = o.putObject("values");
                values.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey())).forEach(e -> v.put(e.getKey(), e.getValue()));
            }
            return o;
        }
    }

    /**
     * The members the audit's JSON report gives each example: {@code id}, {@code severity}, {@code type},
     * {@code revision}, {@code pointer}, {@code message}, {@code before}, {@code after}, {@code factor},
     * {@code deployedAt}, {@code consumers}.
     */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("id", kind.id());
        o.put("severity", kind.severity().label());
        o.put("type", field.type());
        o.put("revision", field.revision());
        o.put("pointer", field.pointer());
        o.put("message", message);
        if (before == null) o.putNull("before");
        else o.set("before", before.toJson());
        o.set("after", after.toJson());
        if (factor == null) o.putNull("factor");
        else o.put("factor", factor.value());
        if (deployedAt == null) o.putNull("deployedAt");
        else o.put("deployedAt", deployedAt.toString());
        consumers.forEach(o.putArray("consumers")::add);
        return o;
    }
}
