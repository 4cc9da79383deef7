package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registry's stores on one database: each narrow store ({@link ReleaseStore}, {@link DeploymentStore}, ...) is one
 * JDBC class on the same {@link Transactions}, and this class only hands each call to its store. What serves one
 * endpoint is given the stores it uses; this whole is for what needs them all (the server's wiring, {@code migrate},
 * the tests).
 */
public final class JdbcRegistryStore implements RegistryStore {
    private final Transactions transactions;
    private final ReleaseStore releases;
    private final UsageStore usages;
    private final DeploymentStore deployments;
    private final ProfileStore profiles;
    private final WireStore wire;
    private final WriteLogStore writeLog;
    private final OperationsStore operations;
    private final SchemaSubjects subjects;

    public JdbcRegistryStore(Transactions transactions) {
        this.transactions = transactions;
        this.releases = new JdbcReleaseStore(transactions);
        this.usages = new JdbcUsageStore(transactions);
        this.deployments = new JdbcDeploymentStore(transactions);
        this.profiles = new JdbcProfileStore(transactions);
        this.wire = new JdbcWireStore(transactions);
        this.writeLog = new JdbcWriteLogStore(transactions);
        this.operations = new JdbcOperationsStore(transactions);
        this.subjects = new JdbcSchemaSubjects(transactions);
    }

    /** The database under the stores: for what must reach it whole (a test that sets up old rows). */
    public Transactions transactions() {
        return transactions;
    }

    @Override
    public SchemaSubjects subjects() {
        return subjects;
    }

    @Override
    public ReleaseHistory history(String service, dev.wowcompat.manifest.Version version) {
        return this.releases.history(service, version);
    }

    @Override
    public RegistrationResult register(NewRelease release, CheckedDecision decision, WriteRecord<RegistrationResult> record) {
        return this.releases.register(release, decision, record);
    }

    @Override
    public List<ServiceSummary> services() {
        return this.releases.services();
    }

    @Override
    public List<ReleaseSummary> releases(String service) {
        return this.releases.releases(service);
    }

    @Override
    public Optional<StoredRelease> release(String service, String version) {
        return this.releases.release(service, version);
    }

    @Override
    public Optional<String> schema(String fingerprint) {
        return this.releases.schema(fingerprint);
    }

    @Override
    public int indexPendingUses(java.util.function.Function<StoredRelease, List<TypeUse>> usesOf) {
        return this.releases.indexPendingUses(usesOf);
    }

    @Override
    public Withdrawal withdraw(String service, String version, WriteRecord<Withdrawal> record) {
        return this.releases.withdraw(service, version, record);
    }

    @Override
    public void exportReleases(java.util.function.Consumer<ExportedRelease> consumer) {
        this.releases.exportReleases(consumer);
    }

    @Override
    public RegistrationResult importRelease(ExportedRelease release, java.util.function.BiPredicate<String, String> verify) {
        return this.releases.importRelease(release, verify);
    }

    @Override
    public ReplayVerdict.Outcome recordReplay(ReplayVerdict verdict, WriteRecord<ReplayVerdict.Outcome> record) {
        return this.releases.recordReplay(verdict, record);
    }

    @Override
    public Optional<ReplayVerdict> replay(String service, String version) {
        return this.releases.replay(service, version);
    }

    @Override
    public List<ReplayVerdict> replays(String service) {
        return this.releases.replays(service);
    }

    @Override
    public List<ReplayVerdict> exportReplays() {
        return this.releases.exportReplays();
    }

    @Override
    public boolean importReplay(ReplayVerdict verdict) {
        return this.releases.importReplay(verdict);
    }

    @Override
    public List<TypeMatch> searchTypes(String query, int limit) {
        return this.usages.searchTypes(query, limit);
    }

    @Override
    public List<TypeUsage> typeUsages(String name) {
        return this.usages.typeUsages(name);
    }

    @Override
    public List<TypeUsage> fingerprintUsages(String fingerprint) {
        return this.usages.fingerprintUsages(fingerprint);
    }

    @Override
    public List<String> fingerprintsStartingWith(String prefix, int limit) {
        return this.usages.fingerprintsStartingWith(prefix, limit);
    }

    @Override
    public List<ReadingRelease> eventReaders(String event) {
        return this.usages.eventReaders(event);
    }

    @Override
    public List<Deployment> runningDeclarers(String name, String kind) {
        return this.usages.runningDeclarers(name, kind);
    }

    @Override
    public List<RunningRelease> runningReleasesSharing(String environment, java.util.Collection<String> declaringAny, java.util.Collection<String> usingAny) {
        return this.usages.runningReleasesSharing(environment, declaringAny, usingAny);
    }

    @Override
    public DeploymentResult recordDeployment(String environment, String service, String version, WriteRecord<DeploymentResult> record) {
        return this.deployments.recordDeployment(environment, service, version, record);
    }

    @Override
    public Optional<EndedDeployment> undeploy(String environment, String service, WriteRecord<EndedDeployment> record) {
        return this.deployments.undeploy(environment, service, record);
    }

    @Override
    public List<EnvironmentSummary> environments() {
        return this.deployments.environments();
    }

    @Override
    public Optional<EnvironmentView> environment(String name, int historyLimit) {
        return this.deployments.environment(name, historyLimit);
    }

    @Override
    public List<RunningRelease> runningReleases(String environment) {
        return this.deployments.runningReleases(environment);
    }

    @Override
    public List<RunningVersion> runningVersions(String environment) {
        return this.deployments.runningVersions(environment);
    }

    @Override
    public List<String> environmentNames() {
        return this.deployments.environmentNames();
    }

    @Override
    public List<ExportedDeployment> exportDeployments() {
        return this.deployments.exportDeployments();
    }

    @Override
    public ExportedDeployment.Copy importDeployments(List<ExportedDeployment> chain) {
        return this.deployments.importDeployments(chain);
    }

    @Override
    public ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal, WriteRecord<ProfileMerge> record) {
        return this.profiles.mergeProfiles(environment, profiles, principal, record);
    }

    @Override
    public int deleteProfiles(String environment, String service, String version, WriteRecord<Integer> record) {
        return this.profiles.deleteProfiles(environment, service, version, record);
    }

    @Override
    public StoredProfiles profiles(String environment, String type, Integer revision, String release, int limit) {
        return this.profiles.profiles(environment, type, revision, release, limit);
    }

    @Override
    public List<ProfiledType> profiledTypes(String environment) {
        return this.profiles.profiledTypes(environment);
    }

    @Override
    public void exportProfiles(java.util.function.Consumer<ExportedProfile> consumer) {
        this.profiles.exportProfiles(consumer);
    }

    @Override
    public boolean importProfile(ExportedProfile profile) {
        return this.profiles.importProfile(profile);
    }

    @Override
    public WireOutcome applyWindow(String environment, WireWindow window, dev.wowcompat.profile.ProfileSet profiles, Map<dev.wowcompat.profile.FieldKey, String> leftOut, String principal, WriteRecord<WireOutcome> record) {
        return this.wire.applyWindow(environment, window, profiles, leftOut, principal, record);
    }

    @Override
    public WireReset resetWire(String environment, String group, String principal, WriteRecord<WireReset> record) {
        return this.wire.resetWire(environment, group, principal, record);
    }

    @Override
    public WireView wire(String environment, String type, int limit) {
        return this.wire.wire(environment, type, limit);
    }

    @Override
    public List<WireOutcome.Position> wirePositions(String environment, String group, int limit) {
        return this.wire.wirePositions(environment, group, limit);
    }

    @Override
    public WireSince wireSince(String environment, String service, String version, String runningRelease) {
        return this.wire.wireSince(environment, service, version, runningRelease);
    }

    @Override
    public WireView.Metrics wireMetrics() {
        return this.wire.wireMetrics();
    }

    @Override
    public void exportWire(java.util.function.Consumer<ExportedWire> consumer) {
        this.wire.exportWire(consumer);
    }

    @Override
    public ExportedDeployment.Copy importWire(ExportedWire wire) {
        return this.wire.importWire(wire);
    }

    @Override
    public void appendWrite(WriteLogEntry entry) {
        this.writeLog.appendWrite(entry);
    }

    @Override
    public void countRefusal(WriteLogEntry entry) {
        this.writeLog.countRefusal(entry);
    }

    @Override
    public int pruneWriteLog(int keep) {
        return this.writeLog.pruneWriteLog(keep);
    }

    @Override
    public List<WriteLogEntry> writeLog(WriteLogQuery query) {
        return this.writeLog.writeLog(query);
    }

    @Override
    public StoreStats stats() {
        return this.operations.stats();
    }

    @Override
    public void ping() {
        this.operations.ping();
    }

    @Override
    public String integrityCheck() {
        return this.operations.integrityCheck();
    }

    @Override
    public String toString() {
        return transactions.toString();
    }

    @Override
    public void close() {
        transactions.close();
    }
}
