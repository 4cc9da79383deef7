package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.util.ArrayList;
import java.util.HashMap;
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
    public Deployments deployments(String environment) throws AuditException {
        RegistryClient.Answer a = call(() -> client.environment(environment));
        if (a.status() == 404 || a.status() == 400) {
            throw new AuditException("the registry at " + client.base() + " knows no environment '" + environment
                    + "' (" + String.join("; ", a.problemLines(client.base().toString())) + ")");
        }
        if (!a.ok() || a.json().isEmpty()) throw notARegistry(a);
        return Deployments.of(environment, a.tree());
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
