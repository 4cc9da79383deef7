package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.util.ArrayList;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;

/**
 * Releases from a registry: {@code GET /types/{aggregate}} names the services declaring an aggregate, and each
 * service's releases are read once ({@code GET /services/{s}/releases[/{v}]}) for the whole pass. The registry is
 * asked once per aggregate type and once per service, never per record.
 */
public final class RegistryReleases implements Releases {
    private final RegistryClient client;
    private final ManifestReader reader = new ManifestReader().trusting();
    private final Map<String, List<Manifest>> byService = new HashMap<>();

    public RegistryReleases(RegistryClient client) {
        this.client = client;
    }

    /**
     * Asks the registry something cheap, so that an unreachable registry ends the audit before any record is read.
     *
     * @throws AuditException when it cannot be reached or is not a registry
     */
    public void reachable() throws AuditException {
        RegistryClient.Answer a = call(client::environments);
        if (a.json().isEmpty()) throw notARegistry(a);
    }

    @Override
    public List<Manifest> declaring(String aggregateType) throws AuditException {
        RegistryClient.Answer a = call(() -> client.type(aggregateType));
        if (a.status() == 404) return List.of();
        if (!a.ok() || a.json().isEmpty()) throw notARegistry(a);
        List<Manifest> out = new ArrayList<>();
        for (JsonNode service : a.tree().path("services")) {
            for (Manifest m : releases(service.asText())) {
                if (m.aggregates().containsKey(aggregateType)) out.add(m);
            }
        }
        return out;
    }

    private List<Manifest> releases(String service) throws AuditException {
        List<Manifest> known = byService.get(service);
        if (known != null) return known;
        try {
            List<Manifest> read = client.history(service, reader);
            byService.put(service, read);
            return read;
        } catch (RegistryException e) {
            throw unreachable(e);
        } catch (InvalidInputException e) {
            throw new AuditException("the registry at " + client.base() + " holds a release of " + service + " that does not read: "
                    + e.problems().get(0).line());
        }
    }

    @Override
    public void forget() {
        byService.clear();
    }

    @Override
    public Deployments deployments(String environment) throws AuditException {
        RegistryClient.Answer a = call(() -> client.environment(environment));
        if (a.status() == 404 || a.status() == 400) {
            throw new AuditException("the registry at " + client.base() + " knows no environment '" + environment
                    + "' (" + String.join("; ", a.problemLines(client.base().toString())) + ")");
        }
        if (!a.ok() || a.json().isEmpty()) throw notARegistry(a);
        return Deployments.of(environment, a.tree());
    }

    @Override
    public ProfileSet keptProfiles(String environment, String type) throws AuditException {
        RegistryClient.Answer a = call(() -> client.profiles(environment, type));
        if (a.status() == 404 && a.json().isPresent()) return null;
        if (!a.ok() || a.json().isEmpty()) throw notARegistry(a);
        try {
            // Twice the fields a release may keep: the type's releases before and after a deployment both fit.
            return ProfileJson.read(a.tree(), new ProfileLimits(4 * ProfileLimits.DEFAULT.maxFields(), ProfileLimits.DEFAULT.maxDepth()));
        } catch (IllegalArgumentException e) {
            throw new AuditException("the registry at " + client.base() + " keeps profiles of " + type + " in " + environment
                    + " that do not read: " + e.getMessage());
        }
    }

    @Override
    public List<String> consumers(Deployments deployments, String kind, String type, int revision) throws AuditException {
        Set<String> out = new LinkedHashSet<>();
        String environment = deployments == null ? null : deployments.environment();
        if (kind.equals("event")) {
            RegistryClient.Answer a = call(() -> client.eventReaders(type));
            if (a.status() == 404 && a.json().isPresent()) return List.of();
            if (!a.ok() || a.json().isEmpty()) throw notARegistry(a);
            for (JsonNode c : a.tree().path("consumers")) {
                String service = c.path("service").asText();
                for (JsonNode r : c.path("running")) {
                    if (r.path("environment").asText().equals(environment) && reads(r.path("revisions"), revision)) {
                        out.add(service + "@" + r.path("version").asText() + " (runs in " + environment + ")");
                    }
                }
                JsonNode newest = c.path("newest");
                if (newest.isObject() && reads(newest.path("revisions"), revision)) {
                    String label = service + "@" + newest.path("version").asText();
                    if (out.stream().noneMatch(s -> s.startsWith(label + " "))) out.add(label + " (newest)");
                }
            }
            return List.copyOf(out);
        }
        if (deployments == null) return List.of();
        String aggregate = Catalog.aggregateOf(type);
        for (Deployments.Span s : deployments.running()) {
            for (Manifest m : releases(s.service())) {
                if (!m.version().toString().equals(s.version())) continue;
                boolean reads = kind.equals("state") ? m.consumes().states().contains(type) : m.aggregates().containsKey(aggregate);
                if (reads) out.add(m.label() + " (runs in " + environment + ")");
            }
        }
        return List.copyOf(out);
    }

    /** Whether a consumer's list of revisions read includes the revision (0, or no list: any). */
    private static boolean reads(JsonNode revisions, int revision) {
        if (revision == 0 || !revisions.isArray() || revisions.isEmpty()) return true;
        for (JsonNode r : revisions) if (r.asInt() == revision) return true;
        return false;
    }

    private interface Call {
        RegistryClient.Answer run() throws RegistryException;
    }

    private RegistryClient.Answer call(Call call) throws AuditException {
        try {
            return call.run();
        } catch (RegistryException e) {
            throw unreachable(e);
        }
    }

    private AuditException unreachable(RegistryException e) {
        return new AuditException(e.getMessage());
    }

    private AuditException notARegistry(RegistryClient.Answer a) {
        return new AuditException("the registry at " + client.base() + " answered " + a.describe() + "; is it a wow-compat registry?");
    }
}
