package dev.wowcompat.check;

import dev.wowcompat.diff.DiffContext;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.report.ReplaySummary;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import dev.wowcompat.text.Counts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * "Can I deploy?" (docs/decisions.md, "Can I deploy?"): a registered release against the releases running in one environment. The
 * registration check compares a release with the releases registered before it; an environment may run
 * something else (a staging release that never reached production, a consumer that has not upgraded), and only
 * what runs there meets the candidate's data. So this check asks, of every reader and writer running there:
 * <ul>
 * <li>the release of the candidate's own service it replaces reads what the candidate writes, during the roll
 * ({@link Rule#SKIPPED_STAGING_RELEASE}), or, for a rollback, the candidate reads what the newer one wrote
 * ({@link Rule#ROLLBACK_UNREAD});</li>
 * <li>every consumer reads each event revision its producer writes ({@link Rule#CONSUMER_LAGS}), finds the
 * states it reads published ({@link Rule#CONSUMED_STATE_UNPUBLISHED}), and is not reached by the breaking changes of
 * a new major version ({@link Rule#MAJOR_CHANGE_REACHES_CONSUMER});</li>
 * <li>every command a sender sends is accepted by its target ({@link Rule#SENT_COMMAND_UNREAD});</li>
 * <li>what the candidate reads or sends has a producer or target there, else a warning
 * ({@link Rule#NOTHING_RUNS_THERE});</li>
 * <li>what the candidate reads did not drift there (values of another unit or format than before a deployment of
 * its producer), else a warning naming the drift ({@link Rule#CONSUMED_TYPE_DRIFTED}): the candidate may be the
 * fix, so it is never a refusal.</li>
 * </ul>
 * The candidate is checked both as a producer (against the consumers and senders running there) and as a reader
 * and sender itself (against the producers and targets running there). An instance is stateless.
 */
public final class DeploymentCheck {

    public static final String LEVEL = "CAN-DEPLOY";

    private static final Comparator<Finding> ORDER = Comparator
            .comparing(Finding::severity)
            .thenComparing(Finding::subject)
            .thenComparing(Finding::pointer)
            .thenComparing(f -> f.rule().id());

    /**
     * What runs in one environment.
     *
     * @param name the environment's name, as reports say it
     * @param running the release of each service running there, one per service
     * @param unrelated releases running there that neither declare what the candidate reads or sends nor read or send
     *        what it (or the release it replaces) declares: no check applies to them, so a caller that knows them from
     *        an index passes them here instead of their Manifests; the report lists them as compared
     */
    public record Environment(String name, List<Manifest> running, List<ObservedDrift> drifts, List<Report.Release> unrelated,
                              Wire wire) {
        public Environment {
            running = List.copyOf(running);
            drifts = List.copyOf(drifts);
            unrelated = List.copyOf(unrelated);
            java.util.Objects.requireNonNull(wire, "wire");
        }

        /** An environment whose wire nobody watched. */
        public Environment(String name, List<Manifest> running, List<ObservedDrift> drifts, List<Report.Release> unrelated) {
            this(name, running, drifts, unrelated, Wire.NONE);
        }

        /** Every release running there is weighed. */
        public Environment(String name, List<Manifest> running, List<ObservedDrift> drifts) {
            this(name, running, drifts, List.of());
        }

        /** An environment where no drift was observed (or none is known). */
        public Environment(String name, List<Manifest> running) {
            this(name, running, List.of());
        }

        Optional<Manifest> of(String service) {
            return running.stream().filter(m -> m.service().equals(service)).findFirst();
        }
    }

    /**
     * A drift found from the values services wrote in the environment (docs/decisions.md, "Meaning drift"): the
     * registry finds them in the profiles it keeps.
     *
     * @param type an event type, or an aggregate for its state
     * @param revision the event revision; 0 for a state
     * @param id the drift finding's id ({@code meaning-drift}, {@code format-drift}, ...)
     * @param message the drift finding's message (the factor, both releases)
     */
    public record ObservedDrift(String type, int revision, String pointer, String id, String message) {}

    /**
     * What the environment's wire carried, as the registry keeps it from the watch's windows (docs/decisions.md, "The
     * registry watches the wire").
     *
     * @param candidateLastRan when the candidate last ran in the environment (an instant, as the answer says it), or
     *        null when it never ran there
     * @param carried the types the wire carried since then (since ever when it never ran there): what the candidate
     *        meets once deployed
     * @param findings the findings kept on the wire, of every release (the check picks those it weighs)
     */
    public record Wire(String candidateLastRan, List<Carried> carried, List<WireFinding> findings) {
        public static final Wire NONE = new Wire(null, List.of(), List.of());

        public Wire {
            carried = List.copyOf(carried);
            findings = List.copyOf(findings);
        }
    }

    /**
     * One type the wire carried.
     *
     * @param kind {@code event}, {@code command} or {@code state}
     * @param type the type's name: {@code context.aggregate.Name} for an event or a command, {@code context.aggregate} for a state
     * @param revision the event revision; 0 for a command or a state
     * @param count the records of it the wire carried
     * @param first where the first of them is ({@code topic partition P offset O}) and when it was written
     */
    public record Carried(String kind, String type, int revision, long count, String first) {}

    /**
     * One finding the watch keeps for a release: its audit finding id, its severity's label, the type it is about
     * (empty when unknown) and how many records showed it.
     */
    public record WireFinding(String release, String id, String severity, String type, long count) {}

    /** The report of deploying {@code candidate} to {@code environment}; its verdict is the answer. */
    public Report check(Manifest candidate, Environment environment) {
        return check(candidate, environment, Optional.empty());
    }

    /**
     * The same, with the verdict of the candidate's replay kept with its release (empty: it was not replayed, which
     * is no finding): each breaking finding of the replay is a {@link Rule#REPLAY_FOUND_BREAKING}.
     */
    public Report check(Manifest candidate, Environment environment, Optional<ReplaySummary> replay) {
        Optional<Manifest> replaced = environment.of(candidate.service());
        // After the deployment the candidate runs beside every other service's release.
        List<Manifest> others = environment.running().stream()
                .filter(m -> !m.service().equals(candidate.service()))
                .sorted(Comparator.comparing(Manifest::service))
                .toList();
        Findings out = new Findings(environment.name());
        replaced.ifPresent(r -> againstReplaced(candidate, r, out));
        List<Finding> majorChanges = replaced.map(r -> majorChanges(candidate, r)).orElse(List.of());
        for (Manifest other : others) {
            reachesConsumer(majorChanges, candidate, other, out);
            // The candidate is new to readers running there (old readers), and reads what they write (as a new reader).
            asProducer(candidate, other, Readers.OLD_READERS, out);
            asProducer(other, candidate, Readers.NEW_READERS, out);
            asTarget(candidate, replaced, other, Readers.NEW_READERS, out);
            asTarget(other, Optional.empty(), candidate, Readers.OLD_READERS, out);
        }
        nothingThere(candidate, others, out);
        driftedReads(candidate, environment.drifts(), out);
        wireUnread(candidate, environment.wire(), out);
        replaced.ifPresent(r -> wireFindingsOpen(r, environment.wire(), out));
        replay.ifPresent(r -> replayFoundBreaking(candidate, r, out));
        List<Finding> sorted = new ArrayList<>(out.all());
        sorted.sort(ORDER);
        List<Report.Release> compared = java.util.stream.Stream.concat(environment.running().stream()
                        .map(m -> new Report.Release(m.service(), m.version().toString())), environment.unrelated().stream())
                .sorted(Comparator.comparing(Report.Release::service)).toList();
        return new Report(LEVEL, new Report.Release(candidate.service(), candidate.version().toString()), compared, sorted);
    }

    /**
     * The release the candidate replaces runs beside it until the roll ends: it must read what the candidate
     * writes. The registration check asked that of the previous registered release; here it is asked of the one
     * that really runs, which may be older. Across a major version the upgrade is a planned migration, so only a
     * rollback is checked there.
     */
    private static void againstReplaced(Manifest candidate, Manifest running, Findings out) {
        int order = candidate.version().compareTo(running.version());
        if (order > 0 && candidate.version().major() == running.version().major()) {
            for (Finding f : new ReleaseChecker().check(candidate, List.of(running)).findings()) {
                if (f.rule() == Rule.WRITTEN_BEFORE_READ) {
                    out.add(Rule.SKIPPED_STAGING_RELEASE, f.subject(), f.pointer(), Readers.OLD_READERS,
                            f.message() + "; " + running.label() + " runs in " + out.environment
                                    + ", so the release that stages it has not run there");
                }
            }
        } else if (order < 0) {
            current(running).forEach((event, n) -> {
                if (!reads(candidate, event, n)) {
                    out.add(Rule.ROLLBACK_UNREAD, event + "@" + n, "", Readers.OLD_READERS,
                            running.label() + " runs in " + out.environment + " and writes revision " + n + " of " + event
                                    + ", which " + candidate.label() + " does not read: after the rollback its nodes meet"
                                    + " stored and streamed events they cannot decode");
                }
            });
        }
    }

    /**
     * The breaking changes a new major version makes to what the release it replaces declared: allowed at
     * registration (a migration converts the stored data), but other services' readers are not migrated.
     */
    private static List<Finding> majorChanges(Manifest candidate, Manifest running) {
        if (candidate.version().major() <= running.version().major()) return List.of();
        return new ReleaseChecker().check(candidate, List.of(running)).findings().stream()
                .filter(f -> f.rule() == Rule.MAJOR_BREAKING_CHANGE).toList();
    }

    /** A consumer running there that reads an event revision or a state the new major version broke. */
    private static void reachesConsumer(List<Finding> majorChanges, Manifest producer, Manifest consumer, Findings out) {
        for (Finding change : majorChanges) {
            String subject = change.subject();
            int at = subject.lastIndexOf('@');
            boolean reads = at < 0 ? consumer.consumes().states().contains(subject)
                    : consumer.consumes().events().getOrDefault(subject.substring(0, at), java.util.Collections.emptySortedSet())
                            .contains(Integer.parseInt(subject.substring(at + 1)));
            if (reads) {
                out.add(Rule.MAJOR_CHANGE_REACHES_CONSUMER, subject, change.pointer(), Readers.OLD_READERS,
                        consumer.label() + " reads " + subject + ", which " + producer.label() + " changes: " + change.message());
            }
        }
    }

    /**
     * Each consumer reads the revision its producer writes, and the states it reads are published. Wow publishes
     * every event upgraded to its current revision, so that revision is the one a consumer meets, old events
     * included.
     */
    private static void asProducer(Manifest producer, Manifest consumer, Readers breaks, Findings out) {
        Map<String, Integer> current = current(producer);
        consumer.consumes().events().forEach((event, read) -> {
            Integer n = current.get(event);
            if (n != null && !read.contains(n)) {
                out.add(Rule.CONSUMER_LAGS, event + "@" + n, "", breaks,
                        producer.label() + " writes revision " + n + " of " + event + ", but " + consumer.label()
                                + " reads only revision" + (read.size() == 1 ? " " : "s ") + join(read)
                                + " of it: the consumer meets events it cannot decode");
            }
        });
        for (String state : consumer.consumes().states()) {
            Optional<Aggregate> aggregate = producer.aggregate(state);
            if (aggregate.isEmpty()) continue;
            Optional<Manifest.State> s = aggregate.get().state();
            if (s.isEmpty() || !s.get().published()) {
                out.add(Rule.CONSUMED_STATE_UNPUBLISHED, state, "", breaks,
                        consumer.label() + " reads the state of " + state + ", which " + producer.label()
                                + (s.isEmpty() ? " does not declare" : " does not publish (\"published\": false): it may change in any way"));
            }
        }
    }

    /**
     * Every command the sender sends is accepted by its target. The sender's Manifest names the commands, not what
     * it writes in them; it was built against a release of the target that accepted what it writes, and the
     * release the target replaces there is the best witness of that: the target must accept what that one did.
     */
    private static void asTarget(Manifest target, Optional<Manifest> replaced, Manifest sender, Readers breaks, Findings out) {
        for (String command : sender.sends().commands()) {
            Optional<Command> handled = command(target, command);
            if (handled.isEmpty()) {
                if (target.aggregate(aggregateOf(command)).isPresent()
                        || replaced.flatMap(r -> command(r, command)).isPresent()) {
                    out.add(Rule.SENT_COMMAND_UNREAD, command, "", breaks,
                            sender.label() + " sends " + command + ", which " + target.label() + " does not accept");
                }
                continue;
            }
            Optional<Command> before = replaced.flatMap(r -> command(r, command));
            if (before.isEmpty() || before.get().schema().fingerprint().equals(handled.get().schema().fingerprint())) continue;
            DiffContext context = new DiffContext(command, DiffContext.Role.COMMAND, false, true);
            for (Finding f : SchemaDiff.compare(before.get().schema().schema(), handled.get().schema().schema(), context)) {
                if (f.breaks().breaksNewReaders()) {
                    out.add(Rule.SENT_COMMAND_UNREAD, command, f.pointer(), Readers.NEW_READERS,
                            sender.label() + " sends " + command + " as " + replaced.get().label() + " accepted it, and "
                                    + target.label() + " rejects some of that: " + f.message());
                }
            }
        }
    }

    /** What the candidate reads or sends with no producer or target running there: it waits, nothing breaks. */
    private static void nothingThere(Manifest candidate, List<Manifest> others, Findings out) {
        candidate.consumes().events().keySet().stream()
                .filter(event -> candidate.aggregate(aggregateOf(event)).isEmpty())
                .filter(event -> others.stream().noneMatch(m -> event(m, event).isPresent()))
                .forEach(event -> out.add(Rule.NOTHING_RUNS_THERE, event, "", Readers.NONE,
                        candidate.label() + " reads " + event + ", which no service running in " + out.environment + " declares"));
        candidate.consumes().states().stream()
                .filter(state -> candidate.aggregate(state).isEmpty())
                .filter(state -> others.stream().noneMatch(m -> m.aggregate(state).isPresent()))
                .forEach(state -> out.add(Rule.NOTHING_RUNS_THERE, state, "", Readers.NONE,
                        candidate.label() + " reads the state of " + state + ", which no service running in " + out.environment + " declares"));
        candidate.sends().commands().stream()
                .filter(command -> candidate.aggregate(aggregateOf(command)).isEmpty())
                .filter(command -> others.stream().noneMatch(m -> m.aggregate(aggregateOf(command)).isPresent()))
                .forEach(command -> out.add(Rule.NOTHING_RUNS_THERE, command, "", Readers.NONE,
                        candidate.label() + " sends " + command + ", which no service running in " + out.environment + " handles"));
    }

    /** Each drift of an event revision or state the candidate reads: a warning naming it. */
    private static void driftedReads(Manifest candidate, List<ObservedDrift> drifts, Findings out) {
        for (ObservedDrift d : drifts) {
            boolean reads = d.revision() == 0 ? candidate.consumes().states().contains(d.type())
                    : candidate.consumes().events().getOrDefault(d.type(), java.util.Collections.emptySortedSet()).contains(d.revision());
            if (!reads) continue;
            String subject = d.revision() == 0 ? d.type() : d.type() + "@" + d.revision();
            out.add(Rule.CONSUMED_TYPE_DRIFTED, subject, d.pointer(), Readers.NEW_READERS, candidate.label() + " reads "
                    + (d.revision() == 0 ? "the state of " : "") + subject + ", whose values drifted in " + out.environment + " ("
                    + d.id() + "): " + d.message());
        }
    }

    /**
     * Each type the wire carried since the candidate last ran there that the candidate does not read, among the types
     * it reads at all: those of its own aggregates (read as a rollback reads them, by declaring them), and those it
     * consumes. A type of another service's aggregate that it does not consume is none of its business.
     */
    private static void wireUnread(Manifest candidate, Wire wire, Findings out) {
        String since = wire.candidateLastRan() == null ? "ever (" + candidate.label() + " never ran in " + out.environment + ")"
                : candidate.label() + " last ran in " + out.environment + " (" + wire.candidateLastRan() + ")";
        for (Carried c : wire.carried()) {
            String aggregate = c.kind().equals("state") ? c.type() : aggregateOf(c.type());
            boolean own = candidate.aggregate(aggregate).isPresent();
            if (!readsAtAll(candidate, c, own) || readsCarried(candidate, c, own)) continue;
            String subject = c.kind().equals("event") ? c.type() + "@" + c.revision() : c.type();
            String what = switch (c.kind()) {
                case "event" -> "revision " + c.revision() + " of " + c.type();
                case "command" -> "the command " + c.type();
                default -> "the state of " + c.type();
            };
            out.add(Rule.WIRE_UNREAD, subject, "", Readers.OLD_READERS, "the wire of " + out.environment + " has carried "
                    + Counts.of(c.count(), "record") + " of " + what + " since " + since + ", first " + c.first() + "; "
                    + candidate.label() + " does not read " + (c.kind().equals("event") ? "that revision" : "it")
                    + ": its nodes meet records they cannot decode");
        }
    }

    /** Whether the carried type is one the candidate reads at all: of its own aggregates, or consumed. */
    private static boolean readsAtAll(Manifest candidate, Carried c, boolean own) {
        if (own) return true;
        return switch (c.kind()) {
            case "event" -> candidate.consumes().events().containsKey(c.type());
            case "state" -> candidate.consumes().states().contains(c.type());
            default -> false;
        };
    }

    /** Whether the candidate reads the carried type as it was carried (its revision, for an event). */
    private static boolean readsCarried(Manifest candidate, Carried c, boolean own) {
        return switch (c.kind()) {
            case "event" -> own ? reads(candidate, c.type(), c.revision())
                    : candidate.consumes().events().get(c.type()).contains(c.revision());
            case "command" -> command(candidate, c.type()).isPresent();
            case "state" -> !own || candidate.aggregate(c.type()).flatMap(Aggregate::state).isPresent();
            default -> true;
        };
    }

    /** The breaking findings the wire keeps of the release the candidate replaces: a warning each. */
    private static void wireFindingsOpen(Manifest running, Wire wire, Findings out) {
        for (WireFinding f : wire.findings()) {
            if (!f.release().equals(running.label()) || !f.severity().equals(Severity.BREAKING.label())) continue;
            String subject = f.type().isEmpty() ? f.release() : f.type();
            out.add(Rule.WIRE_FINDINGS_OPEN, subject, "", Readers.NONE, running.label() + " runs in " + out.environment
                    + " and the wire shows " + f.id() + " in " + Counts.of(f.count(), "record") + " it wrote"
                    + (f.type().isEmpty() ? "" : " of " + f.type()));
        }
    }

    /** Each breaking finding of the candidate's own replay: the meaning it rebuilds from stored events is not the recorded one. */
    private static void replayFoundBreaking(Manifest candidate, ReplaySummary replay, Findings out) {
        for (ReplaySummary.Found f : replay.findings()) {
            if (!f.severity().equals(Severity.BREAKING.label())) continue;
            out.add(Rule.REPLAY_FOUND_BREAKING, candidate.label(), "", Readers.NEW_READERS, "the replay of " + candidate.label()
                    + " (" + java.time.Instant.ofEpochMilli(replay.replayedAt()) + ", " + Counts.of(replay.aggregates(), "aggregate")
                    + ", " + Counts.of(replay.events(), "event") + ") found " + f.id() + " in " + Counts.of(f.count(), "record")
                    + ": its nodes would rebuild state the running release recorded otherwise (docs/replay.md, " + f.id() + ")");
        }
    }

    /** The revision a release writes of each event type it writes: its highest written revision. */
    private static Map<String, Integer> current(Manifest m) {
        Map<String, Integer> out = new TreeMap<>();
        for (Aggregate a : m.aggregates().values()) {
            for (Event e : a.events().values()) {
                if (!e.written()) continue;
                for (Revision r : e.revisions().values()) {
                    if (r.written()) out.merge(e.typeName(), r.revision(), Math::max);
                }
            }
        }
        return out;
    }

    private static boolean reads(Manifest m, String event, int revision) {
        return event(m, event).map(e -> e.revisions().containsKey(revision)).orElse(false);
    }

    private static Optional<Event> event(Manifest m, String typeName) {
        return m.aggregate(aggregateOf(typeName)).map(a -> a.events().get(simpleName(typeName)));
    }

    private static Optional<Command> command(Manifest m, String typeName) {
        return m.aggregate(aggregateOf(typeName)).map(a -> a.commands().get(simpleName(typeName)));
    }

    /** {@code context.aggregate} of {@code context.aggregate.Name}. */
    private static String aggregateOf(String typeName) {
        int dot = typeName.lastIndexOf('.');
        return dot < 0 ? typeName : typeName.substring(0, dot);
    }

    private static String simpleName(String typeName) {
        return typeName.substring(typeName.lastIndexOf('.') + 1);
    }

    private static String join(SortedSet<Integer> revisions) {
        return revisions.isEmpty() ? "(none)" : revisions.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /**
     * Findings of one check, one per rule, subject and pointer: when several consumers lag behind one revision,
     * one finding names them all, so a waiver or a fix addresses the revision once.
     */
    private static final class Findings {
        private final String environment;
        private final Map<String, Finding> byId = new LinkedHashMap<>();

        Findings(String environment) {
            this.environment = environment;
        }

        void add(Rule rule, String subject, String pointer, Readers breaks, String message) {
            byId.merge(Finding.idOf(rule.id(), subject, pointer), Finding.of(rule, subject, pointer, breaks, message),
                    (a, b) -> a.message().contains(b.message()) ? a
                            : new Finding(a.rule(), a.severity(), a.subject(), a.pointer(), a.breaks().and(b.breaks()),
                                    a.message() + "; and " + b.message(), a.fix()));
        }

        Collection<Finding> all() {
            return byId.values();
        }
    }
}
