package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.fingerprint.CanonicalJson;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.SchemaPool;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.store.GateDecision;
import dev.wowcompat.store.HistoryRelease;
import dev.wowcompat.store.NewRelease;
import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.ReleaseHistory;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.StoredRelease;
import dev.wowcompat.store.WriteRecord;
import dev.wowcompat.store.TypeRow;
import dev.wowcompat.store.TypeUse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Registering a release: read the Manifest, read the service's history, check the Manifest against it, and hand the
 * store the verdict with the history it was made against; the store's serialized registration stores it when
 * compatible and the history has not moved since, else the history is read and checked again. The compatibility check
 * itself is the engine's ({@link ReleaseChecker}); this class only connects it to the store.
 */
public final class Registration {
    /**
     * Checks of one registration at most: each check after the first follows a commit of another write of the same
     * service during the check before it (docs/decisions.md, "The registry on PostgreSQL").
     */
    static final int CHECKS = 5;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Registration.class);
    private final ReleaseStore store;
    private final ManifestReader reader;
    private final ManifestCache history;

    /** @param cachedBytes the bound of the cache of parsed stored releases, in bytes of their texts */
    public Registration(ReleaseStore store, ManifestReader reader, long cachedBytes) {
        this.store = store;
        // Candidates and the cached releases they are checked against share one pool: a service's releases repeat
        // most schemas unchanged, and a candidate that is stored joins the cache. The pool holds its schemas
        // weakly, so what the cache evicts (and no cached release still uses) leaves the pool too.
        this.reader = reader.sharing(new SchemaPool());
        // Stored releases passed every check when they were registered: re-read trusting, without meta-validation.
        this.history = new ManifestCache(this.reader.trusting(), cachedBytes);
    }

    /** The cache's bound when none is configured: an eighth of the heap, in bytes of Manifest text. */
    public static long defaultCachedBytes() {
        return ManifestCache.defaultBytes();
    }

    /**
     * The Manifest of a stored release, parsed once (trusting: it passed every check when it was registered):
     * releases are immutable, so the check's cache serves readers of stored Manifests too (can-deploy, the page's
     * readers of an event).
     */
    public Manifest stored(StoredRelease release) {
        return history.get(new HistoryRelease(release.service(), release.version(),
                release.contentDigest(), release::manifestJson));
    }

    /** @param expectedService the service the URL names; null when the Manifest alone decides (demo data) */
    public RegistrationResult register(String expectedService, byte[] body, String source) throws InvalidInputException {
        return register(expectedService, body, source, WriteRecord.none());
    }

    /** The same, with the write-log row stored in the registration's own transaction when it is stored. */
    public RegistrationResult register(String expectedService, byte[] body, String source, WriteRecord<RegistrationResult> record)
            throws InvalidInputException {
        Manifest candidate = reader.read(body, source);
        requireService(expectedService, candidate);
        NewRelease release = toNewRelease(candidate, new String(body, StandardCharsets.UTF_8));
        for (int check = 1; check <= CHECKS; check++) {
            ReleaseHistory read = store.history(candidate.service(), candidate.version());
            // A stored version answers as it is (a repeat or a conflict) without a check.
            java.util.Optional<RegistrationResult> repeat = read.repeatOf(release);
            if (repeat.isPresent()) return repeat.get();
            RegistrationResult result = store.register(release, read.decided(decide(candidate, read)), record);
            if (result.outcome() == RegistrationResult.Outcome.CREATED) {
                history.put(candidate.service(), candidate.version().toString(), release.contentDigest(), candidate, body.length);
            }
            if (result.outcome() != RegistrationResult.Outcome.HISTORY_MOVED) return result;
        }
        throw new ApiException(ProblemCode.BUSY, "The releases of " + candidate.service() + " changed during each of "
                + CHECKS + " checks of " + candidate.version() + "; nothing was stored: retry shortly.");
    }

    /** The dry run: the report the registration would give, nothing stored. */
    public GateDecision check(String expectedService, byte[] body, String source) throws InvalidInputException {
        Manifest candidate = reader.read(body, source);
        requireService(expectedService, candidate);
        return decide(candidate, store.history(candidate.service(), candidate.version()));
    }

    private static void requireService(String expectedService, Manifest candidate) {
        if (expectedService != null && !expectedService.equals(candidate.service())) {
            throw new ApiException(ProblemCode.SERVICE_MISMATCH, "The URL names service '" + expectedService
                    + "' but the Manifest is of '" + candidate.service() + "'.");
        }
    }

    private GateDecision decide(Manifest candidate, ReleaseHistory stored) {
        List<Manifest> earlier = history.getAll(stored.releases());
        Report report = new ReleaseChecker().check(candidate, earlier);
        // Stored and answered with bounded lists: a Manifest of a million unknown keys must not make a report of them.
        return new GateDecision(report.compatible(), ReportJson.write(report, Listed.FINDINGS));
    }

    /** The Manifest as the store keeps it: the text as sent, its type table, and each schema once. */
    public static NewRelease toNewRelease(Manifest m, String text) {
        Map<String, Integer> upgradesFrom = new HashMap<>();
        m.aggregates().values().forEach(a -> a.events().values().forEach(e -> e.revisions().values().forEach(r -> {
            if (r.upgradesFrom() != null) upgradesFrom.put(e.typeName() + "@" + r.revision(), r.upgradesFrom());
        })));
        List<TypeRow> rows = new ArrayList<>();
        Map<String, String> schemas = new LinkedHashMap<>();
        for (TypeEntry t : m.types()) {
            String fingerprint = null;
            if (t.schema() != null) {
                fingerprint = t.schema().fingerprint();
                schemas.computeIfAbsent(fingerprint, fp -> CanonicalJson.toString(t.schema().schema()));
            }
            Integer from = t.kind() == dev.wowcompat.manifest.TypeKind.EVENT ? upgradesFrom.get(t.subject()) : null;
            rows.add(new TypeRow(t.kind().label(), t.name(), t.revision(), t.written(), t.published(), from, fingerprint));
        }
        JsonNode source = m.source();
        String digest = source != null ? Fingerprint.of(source) : Fingerprint.of(new com.fasterxml.jackson.databind.node.TextNode(text));
        return new NewRelease(m.service(), m.version(), digest, text, rows, schemas, usesOf(m));
    }

    /** What the Manifest says its service reads ({@code consumes}) and sends ({@code sends}), as the store indexes it. */
    static List<TypeUse> usesOf(Manifest m) {
        List<TypeUse> out = new ArrayList<>();
        m.consumes().events().forEach((event, revisions) -> revisions.forEach(r -> out.add(new TypeUse("event", event, r))));
        m.consumes().states().forEach(state -> out.add(new TypeUse("state", state, 0)));
        m.sends().commands().forEach(command -> out.add(new TypeUse("command", command, 0)));
        return out;
    }

    /**
     * Indexes the uses of the releases stored before the store kept them (docs/decisions.md, "Indexing what releases
     * read"), parsing each stored Manifest once; a Manifest that no longer reads is logged and indexed as reading
     * nothing, so a node always starts.
     */
    public int indexPendingUses() {
        return store.indexPendingUses(release -> {
            try {
                return usesOf(reader.trusting().read(release.manifestJson().getBytes(StandardCharsets.UTF_8),
                        "registry:" + release.service() + "@" + release.version()));
            } catch (InvalidInputException e) {
                LOG.warn("{}@{} no longer reads as a Manifest, so what it reads is not indexed: {}",
                        release.service(), release.version(), e.getMessage());
                return List.of();
            }
        });
    }
}
