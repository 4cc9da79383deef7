package dev.wowcompat.replay;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KcatInput;
import dev.wowcompat.manifest.Manifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * {@code rollback-event-unreadable}: the previous release, in a JVM of its own with its own classes and Wow, reads
 * what the candidate writes (docs/replay.md, "rollback-event-unreadable").
 *
 * <p>Wow resolves an event by name and revision in its type registry, then by the {@code bodyType} class name; a
 * previous release that has the class of an older revision reads the newer revision's body into it without a word
 * (unknown members ignored, missing ones defaulted). So an event that does not fail is not yet one the previous
 * release understands: it must know the revision it ends at after its own upgraders (its type registry resolves it,
 * or its Manifest declares it), read it into a class, and source it when the candidate does.
 */
final class RollbackCheck {
    /** State events sent to the previous release's JVM at once. */
    private static final int BATCH = 256;

    private final Replay.Rollback rollback;
    private final GeneratedRecords generated;

    RollbackCheck(Replay.Rollback rollback, GeneratedRecords generated) {
        this.rollback = rollback;
        this.generated = generated;
    }

    void run(CandidateJvm candidate, ReplayTally tally) throws ReplayException {
        for (Path input : rollback.candidateInputs()) {
            if (!Files.isRegularFile(input)) {
                throw new ReplayException(input + " (--candidate-input) is not a file of kcat -J lines.");
            }
        }
        try (CandidateJvm baseline = CandidateJvm.start(rollback.baselineClasspath(), rollback.maxHeap(), rollback.timeout())) {
            Manifest previous = ReleaseManifest.generated().load(baseline.classpath(), "the baseline's");
            Set<String> known = new HashSet<>();
            for (SyntheticRecords.EventRevision r : SyntheticRecords.revisions(previous, new long[1])) {
                known.add(key(r.aggregate().typeName(), r.event(), r.label()));
            }
            List<RecordedStateEvent> batch = new ArrayList<>();
            TreeSet<String> newRevisions = new TreeSet<>();
            for (int i = 0; i < generated.revisions().size(); i++) {
                SyntheticRecords.EventRevision r = generated.revisions().get(i);
                if (r.written() && !known.contains(key(r.aggregate().typeName(), r.event(), r.label()))) {
                    batch.add(generated.at(i));
                    newRevisions.add(r.event() + "@" + r.label());
                }
            }
            long generatedRead = batch.size();
            judge(batch, baseline, candidate, known, tally);
            long[] written = new long[1];
            for (Path input : rollback.candidateInputs()) {
                read(input, record -> {
                    batch.add(record);
                    written[0]++;
                    if (batch.size() >= BATCH) {
                        judge(batch, baseline, candidate, known, tally);
                    }
                });
            }
            judge(batch, baseline, candidate, known, tally);
            tally.note("Rollback to " + previous.label() + ": " + generatedRead + " generated record"
                    + (generatedRead == 1 ? "" : "s") + (newRevisions.isEmpty() ? "" : " (" + String.join(", ", newRevisions) + ")")
                    + (rollback.candidateInputs().isEmpty() ? "" : " and " + written[0] + " record" + (written[0] == 1 ? "" : "s")
                    + " the candidate wrote") + " read with the previous release.");
        }
    }

    private interface Batch {
        void add(RecordedStateEvent record) throws ReplayException;
    }

    private static void read(Path input, Batch batch) throws ReplayException {
        KcatInput export;
        try {
            export = ReplayRun.export(input, List.of(Pattern.compile(".*")), From.EARLIEST);
        } catch (NoSuchFileException e) {
            throw new ReplayException(input + " (--candidate-input): no such file.");
        } catch (IOException e) {
            throw new ReplayException(input + " (--candidate-input) cannot be read.");
        }
        ReplayException[] failed = new ReplayException[1];
        try (KcatInput records = export) {
            records.read(record -> {
                Optional<RecordedStateEvent> read = Replay.read(record);
                if (read.isPresent() && failed[0] == null) {
                    try {
                        batch.add(read.get());
                    } catch (ReplayException e) {
                        failed[0] = e;
                        records.stop();
                    }
                }
            });
        } catch (AuditException e) {
            throw new ReplayException(e.getMessage(), e);
        } catch (Exception e) {
            if (e instanceof ReplayException r) {
                throw r;
            }
            throw new ReplayException(input + " (--candidate-input) cannot be read.");
        }
        if (failed[0] != null) {
            throw failed[0];
        }
    }

    /** Reads the batch with both releases and reports what the previous one does not understand; empties it. */
    private static void judge(List<RecordedStateEvent> batch, CandidateJvm baseline, CandidateJvm candidate,
                              Set<String> known, ReplayTally tally) throws ReplayException {
        if (batch.isEmpty()) {
            return;
        }
        List<String> lines = batch.stream().map(RecordedStateEvent::line).toList();
        ReadAnswer previous = baseline.read(lines);
        ReadAnswer current = candidate.read(lines);
        Set<String> sourcedNow = new HashSet<>();
        for (ReadAnswer.EventRead e : current.events()) {
            if (e.sourced()) {
                sourcedNow.add(e.record() + "/" + e.event());
            }
        }
        for (SourceAnswer.RunnerFailure f : previous.failures()) {
            RecordedStateEvent at = batch.get(f.record());
            int event = f.event();
            String what = event >= 0 && event < at.events().size()
                    ? at.events().get(event).name() + "@" + at.events().get(event).revision() : "the record";
            String message = switch (f.kind()) {
                case "upgrader-failed" -> "the previous release's upgrader chain fails on " + what + ": " + f.detail();
                case "aggregate-unknown" -> "the previous release declares no aggregate " + at.aggregate().type();
                default -> "the previous release cannot read " + what + ": " + f.detail();
            };
            tally.add(ReplayFinding.ROLLBACK_EVENT_UNREADABLE, at, event, event >= 0 ? "/body/" + event : "", message, Map.of());
        }
        for (ReadAnswer.EventRead e : previous.events()) {
            RecordedStateEvent at = batch.get(e.record());
            String written = e.name() + "@" + e.revision();
            String upgraded = e.upgradedName() + "@" + e.upgradedRevision();
            String read = written.equals(upgraded) ? written : written + " (" + upgraded + " after its upgraders)";
            String message = null;
            if (!e.readable()) {
                message = read + " resolves to no class of the previous release: Wow makes it a JsonDomainEvent and skips it";
            } else if (!e.registered() && !known.contains(key(at.aggregate().type(), e.upgradedName(), e.upgradedRevision()))) {
                message = "the previous release does not know " + read + ": its type registry and Manifest have no such revision, "
                        + "so Wow reads the body by its bodyType into " + e.bodyClass().orElse("?")
                        + " without a word, members it does not have ignored and those it misses defaulted";
            } else if (!e.sourced() && sourcedNow.contains(e.record() + "/" + e.event())) {
                message = "the previous release has no sourcing function for " + read
                        + ", which the candidate sources: Wow skips it without a word";
            }
            if (message != null) {
                tally.add(ReplayFinding.ROLLBACK_EVENT_UNREADABLE, at, e.event(), "/body/" + e.event(), message, Map.of());
            }
        }
        batch.clear();
    }

    private static String key(String aggregateType, String event, String label) {
        return aggregateType + "\n" + event + "\n" + label;
    }
}
