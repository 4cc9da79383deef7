package dev.wowcompat.cli;

import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.serve.Database;
import dev.wowcompat.store.ExportedDeployment;
import dev.wowcompat.store.ExportedRelease;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.StoreException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat migrate}: copies every release of a SQLite registry into a PostgreSQL one, in the order they
 * were registered, as they were (time, report). Each schema is verified twice: its text must have its
 * fingerprint when read from the source, and again when read back from the target before the copy commits.
 * Releases the target already holds with the same content are left alone, so the command can be run again (say,
 * after an interrupted run, or to pick up releases registered since); one held with other content is reported
 * and not touched. Then the deployments (environments and their history), per service and environment, the same way,
 * the profiles of the values releases wrote (a field the target keeps already is left alone), and what each
 * environment's wire holds (copied whole per environment, or not at all).
 */
@Command(name = "migrate", sortOptions = false,
        header = "Copy a SQLite registry into PostgreSQL.",
        description = {"Safe to run again: releases already copied are skipped. Exit code 0 when every release is in "
                + "the target, 2 when one could not be copied (the target holds other content under its version)."})
public final class MigrateCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--from", required = true, paramLabel = "FILE", description = "The SQLite registry database to copy from.")
    Path from;

    @Option(names = "--to", required = true, paramLabel = "URL", description = {
            "jdbc:postgresql://HOST:PORT/DB; credentials from " + Database.USER_VARIABLE + " and "
                    + Database.PASSWORD_VARIABLE + ", or --db-credentials."})
    String to;

    @Option(names = "--db-credentials", paramLabel = "FILE", description = "PostgreSQL credentials: a file with user=... and password=... lines.")
    Path dbCredentials;

    /** Per service: copied, already present, conflicting. */
    private record Tally(int copied, int present, int conflicts) {
        Tally plus(RegistrationResult.Outcome outcome) {
            return switch (outcome) {
                case CREATED -> new Tally(copied + 1, present, conflicts);
                case SAME_CONTENT -> new Tally(copied, present + 1, conflicts);
                default -> new Tally(copied, present, conflicts + 1);
            };
        }
    }

    @Override
    public Integer call() throws InvalidInputException {
        if (!Files.exists(from)) {
            throw new InvalidInputException(new InputProblem("--from " + from, "", "wow-compat.input.unreadable",
                    "no such SQLite database file"));
        }
        if (!Database.isPostgres(to)) {
            throw new InvalidInputException(new InputProblem("--to " + to, "", "wow-compat.db.unsupported",
                    "the target must be jdbc:postgresql://HOST:PORT/DATABASE"));
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Map<String, Tally> tallies = new TreeMap<>();
        List<String> conflicts = new ArrayList<>();
        int[] schemas = {0};
        try (JdbcRegistryStore source = Database.open("--from", from.toString(), null, Map.of());
             JdbcRegistryStore target = Database.open("--to", to, dbCredentials, System.getenv())) {
            source.exportReleases(release -> {
                String name = release.stored().service() + "@" + release.stored().version();
                release.content().schemas().forEach((fp, text) -> requireFingerprint(fp, text, name + " in " + from));
                RegistrationResult result = target.importRelease(release, (fp, text) -> hasFingerprint(fp, text));
                if (result.outcome() == RegistrationResult.Outcome.CREATED) schemas[0] += release.content().schemas().size();
                if (result.outcome() == RegistrationResult.Outcome.VERSION_CONFLICT) {
                    conflicts.add(name + ": the target holds other content under this version (content digest "
                            + result.release().contentDigest() + ", here " + release.stored().contentDigest() + "); not copied");
                }
                tallies.merge(release.stored().service(), new Tally(0, 0, 0).plus(result.outcome()),
                        (a, b) -> a.plus(result.outcome()));
            });
            Tally total = tallies.values().stream().reduce(new Tally(0, 0, 0),
                    (a, b) -> new Tally(a.copied + b.copied, a.present + b.present, a.conflicts + b.conflicts));
            tallies.forEach((service, t) -> out.println(service + ": " + t.copied + " copied, " + t.present + " already there"
                    + (t.conflicts > 0 ? ", " + t.conflicts + " in conflict" : "")));
            out.println("migrate: " + Counts.of(total.copied, "release") + " copied into " + target + " ("
                    + Counts.of(schemas[0], "schema fingerprint") + " verified on arrival); " + total.present + " already there; "
                    + Counts.of(tallies.size(), "service"));
            copyDeployments(source, target, out, conflicts);
            copyProfiles(source, target, out);
            copyReplays(source, target, out);
            copyWire(source, target, out, conflicts);
            copySchemaIds(source, target, out, conflicts);
            conflicts.forEach(err::println);
            return conflicts.isEmpty() ? ExitCodes.OK : ExitCodes.BAD_INPUT;
        } catch (StoreException e) {
            throw new InvalidInputException(new InputProblem("--to " + to, "", "wow-compat.migrate.failed",
                    e.getMessage() + " (releases copied before this one are kept; run migrate again to continue)"));
        }
    }

    /**
     * After the releases they refer to: each service's deployment history in each environment, copied whole or not at
     * all, so that a can-deploy check on the target sees what runs where and an environment's history stays complete.
     */
    private static void copyDeployments(JdbcRegistryStore source, JdbcRegistryStore target, PrintWriter out, List<String> conflicts) {
        Map<String, List<ExportedDeployment>> chains = new LinkedHashMap<>();
        for (ExportedDeployment d : source.exportDeployments()) {
            chains.computeIfAbsent(d.environment() + "\n" + d.service(), k -> new ArrayList<>()).add(d);
        }
        int copied = 0;
        int present = 0;
        for (List<ExportedDeployment> chain : chains.values()) {
            ExportedDeployment first = chain.get(0);
            switch (target.importDeployments(chain)) {
                case COPIED -> copied += chain.size();
                case PRESENT -> present += chain.size();
                case CONFLICT -> conflicts.add(first.service() + " in " + first.environment() + ": the target holds another"
                        + " deployment history for it; its " + Counts.of(chain.size(), "deployment was", "deployments were") + " not copied");
            }
        }
        out.println("migrate: " + Counts.of(copied, "deployment") + " copied (history included); " + present + " already there");
    }

    /**
     * After the releases they belong to: the profiles of the values each release wrote in each environment. A field
     * the target keeps already is left as it is (copying never merges, so running again adds nothing twice).
     */
    private static void copyProfiles(JdbcRegistryStore source, JdbcRegistryStore target, PrintWriter out) {
        int[] counts = {0, 0};
        source.exportProfiles(p -> counts[target.importProfile(p) ? 0 : 1]++);
        out.println("migrate: " + Counts.of(counts[0], "field profile") + " copied; " + counts[1] + " already there");
    }

    /**
     * After the releases they belong to: each release's replay verdict (docs/decisions.md, "The replay's verdict"). A
     * release that keeps one on the target already keeps it (copying never replaces).
     */
    private static void copyReplays(JdbcRegistryStore source, JdbcRegistryStore target, PrintWriter out) {
        int[] counts = {0, 0};
        source.exportReplays().forEach(v -> counts[target.importReplay(v) ? 0 : 1]++);
        out.println("migrate: " + Counts.of(counts[0], "replay verdict") + " copied; " + counts[1] + " already there");
    }

    /**
     * What each environment's wire holds (positions, counts, carried types, findings, watchers, its span), copied
     * whole per environment: the positions say which records the counts hold, so a watcher pointed at the target goes
     * on from where it stopped, counting nothing twice. An environment whose wire the target holds already is left
     * alone; when the target's differs (a watcher posted to it meanwhile), the run says so.
     */
    private static void copyWire(JdbcRegistryStore source, JdbcRegistryStore target, PrintWriter out, List<String> conflicts) {
        int[] counts = {0, 0};
        long[] rows = {0};
        source.exportWire(wire -> {
            switch (target.importWire(wire)) {
                case COPIED -> {
                    counts[0]++;
                    rows[0] += wire.rowCount();
                }
                case PRESENT -> counts[1]++;
                case CONFLICT -> conflicts.add("the wire of " + wire.environment() + ": the target counts another wire there already "
                        + "(a watcher posted to it); not copied");
            }
        });
        out.println("migrate: the wire of " + Counts.of(counts[0], "environment") + " copied (" + Counts.of(rows[0], "row")
                + ": positions, counts, findings, watchers); " + counts[1] + " already there");
    }

    /**
     * The Confluent-compatible API's ids, levels and plain subjects (docs/ccompat.md), copied whole with their numbers:
     * every Kafka message a Confluent serializer wrote carries an id, which must name the same schema on the target.
     */
    private static void copySchemaIds(JdbcRegistryStore source, JdbcRegistryStore target, PrintWriter out, List<String> conflicts) {
        dev.wowcompat.store.SchemaSubjects.Exported data = source.subjects().export();
        data.ids().forEach(s -> requireFingerprint(s.fingerprint(), s.canonical(), "schema id " + s.id()));
        data.versions().forEach(v -> requireFingerprint(v.fingerprint(), v.canonical(), v.subject() + " version " + v.version()));
        switch (target.subjects().importAll(data)) {
            case COPIED -> out.println("migrate: " + Counts.of(data.ids().size(), "schema id") + " and "
                    + Counts.of(data.subjects().size(), "plain subject") + " copied (ids keep their numbers)");
            case PRESENT -> out.println("migrate: the schema ids are there already");
            case CONFLICT -> conflicts.add("the schema ids: the target gives ids or holds plain subjects of its own already "
                    + "(docs/ccompat.md, \"Ids\"); not copied");
        }
    }

    private static boolean hasFingerprint(String fingerprint, String canonical) {
        try {
            return Fingerprint.of(JSON.readTree(canonical)).equals(fingerprint);
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    private static void requireFingerprint(String fingerprint, String canonical, String where) {
        if (!hasFingerprint(fingerprint, canonical)) {
            throw new StoreException("schema " + fingerprint + " of " + where + " does not have that fingerprint", null);
        }
    }
}
