package dev.wowcompat.replay;

import dev.wowcompat.manifest.Manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One generated record per event revision a Manifest declares, with the {@code bodyType} the candidate's release
 * writes for it, and the checks they serve without any recorded data: {@code --synthetic} and the Manifest's
 * {@code upgradesFrom} (docs/replay.md, "Generated records").
 */
final class GeneratedRecords {
    private final Manifest manifest;
    private final List<SyntheticRecords.EventRevision> revisions;
    private final List<String> lines = new ArrayList<>();

    private GeneratedRecords(Manifest manifest, List<SyntheticRecords.EventRevision> revisions, List<Optional<String>> bodyTypes) {
        this.manifest = manifest;
        this.revisions = List.copyOf(revisions);
        for (int i = 0; i < revisions.size(); i++) {
            lines.add(SyntheticRecords.record(revisions.get(i), i + 1, bodyTypes.get(i)));
        }
    }

    static GeneratedRecords of(Manifest manifest, CandidateJvm candidate, ReplayTally tally) throws ReplayException {
        long[] unlabelled = new long[1];
        List<SyntheticRecords.EventRevision> revisions = SyntheticRecords.revisions(manifest, unlabelled);
        if (unlabelled[0] > 0) {
            tally.note(unlabelled[0] + " event revision" + (unlabelled[0] == 1 ? "" : "s") + " of " + manifest.label()
                    + " give" + (unlabelled[0] == 1 ? "s" : "") + " no label (Wow's @Event revision), which its records would carry: no record generated for "
                    + (unlabelled[0] == 1 ? "it" : "them") + ".");
        }
        List<Optional<String>> bodyTypes = candidate.bodyTypes(revisions.stream()
                .map(r -> List.of(r.aggregate().context(), r.aggregate().name(), r.event(), r.label())).toList());
        return new GeneratedRecords(manifest, revisions, bodyTypes);
    }

    Manifest manifest() {
        return manifest;
    }

    List<SyntheticRecords.EventRevision> revisions() {
        return revisions;
    }

    String line(int index) {
        return lines.get(index);
    }

    /** The generated record as findings place it: on the aggregate's state topic, at no partition or offset. */
    RecordedStateEvent at(int index) {
        SyntheticRecords.EventRevision revision = revisions.get(index);
        Manifest.Aggregate aggregate = revision.aggregate();
        return new RecordedStateEvent("wow." + manifest.contextAlias(aggregate.context()) + "." + aggregate.name() + ".state",
                -1, -1, new RecordedStateEvent.AggregateKey(aggregate.context(), aggregate.name(), "synthetic-" + (index + 1), "(0)"),
                1, false, List.of(new RecordedStateEvent.RecordedEvent(revision.event(), revision.label())), lines.get(index));
    }

    /**
     * {@code --synthetic}: each generated record read with the candidate's chain and classes. Without a recorded
     * state there is nothing to compare, so an event without sourcing function is info here.
     */
    void checkSynthetic(CandidateJvm candidate, ReplayTally tally) throws ReplayException {
        ReadAnswer answer = candidate.read(lines);
        for (int i = 0; i < revisions.size(); i++) {
            Optional<SourceAnswer.RunnerFailure> failure = answer.failureOf(i);
            if (failure.isPresent()) {
                SourceAnswer.RunnerFailure f = failure.get();
                switch (f.kind()) {
                    case "upgrader-failed" -> tally.add(ReplayFinding.UPGRADER_FAILED, at(i), 0, "/body/0", f.detail(), Map.of());
                    case "aggregate-unknown" -> tally.add(ReplayFinding.EVENT_UNREADABLE, at(i), -1, "",
                            "the candidate declares no aggregate " + revisions.get(i).aggregate().typeName()
                                    + " (META-INF/wow-metadata.json)", Map.of());
                    default -> tally.add(ReplayFinding.EVENT_UNREADABLE, at(i), 0, "/body/0",
                            "the candidate cannot read " + revisions.get(i).describe() + ": " + f.detail(), Map.of());
                }
            }
        }
        for (ReadAnswer.EventRead seen : answer.events()) {
            RecordedStateEvent at = at(seen.record());
            String pointer = "/body/" + seen.event();
            if (!seen.readable()) {
                tally.add(ReplayFinding.EVENT_UNREADABLE, at, seen.event(), pointer, seen.upgradedName() + "@"
                        + seen.upgradedRevision() + " resolves to no class of the candidate (a generated record of "
                        + revisions.get(seen.record()).describe() + ")", Map.of());
                continue;
            }
            if (seen.unguarded()) {
                tally.add(ReplayFinding.UPGRADER_UNGUARDED, at, seen.event(), pointer, "the upgrader chain changes "
                        + seen.name() + "@" + seen.revision() + ", already at its current revision", Map.of());
            }
            if (!seen.sourced()) {
                tally.add(ReplayFinding.EVENT_UNSOURCED_UNCHANGED, at, seen.event(), pointer,
                        "the candidate's state has no sourcing function for " + seen.upgradedName() + "@"
                                + seen.upgradedRevision() + " (a generated record: no recorded state to compare)", Map.of());
            }
        }
        tally.note("Generated " + revisions.size() + " record" + (revisions.size() == 1 ? "" : "s") + ", one per event revision of "
                + manifest.label() + ", and read " + (revisions.size() == 1 ? "it" : "them") + " with the candidate (--synthetic).");
    }

    /**
     * A revision the Manifest says upgrades from another must have an upgrader that brings the other forward: the
     * candidate's chain, run on a generated record of the revision upgraded from, must change its revision.
     */
    void checkUpgradesFrom(CandidateJvm candidate, ReplayTally tally) throws ReplayException {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < revisions.size(); i++) {
            SyntheticRecords.EventRevision upgraded = revisions.get(i);
            if (upgraded.upgradesFrom() == null) {
                continue;
            }
            for (int j = 0; j < revisions.size(); j++) {
                SyntheticRecords.EventRevision from = revisions.get(j);
                if (from.aggregate().typeName().equals(upgraded.aggregate().typeName()) && from.event().equals(upgraded.event())
                        && from.revision() == upgraded.upgradesFrom()) {
                    pairs.add(new int[] {i, j});
                }
            }
        }
        if (pairs.isEmpty()) {
            return;
        }
        ReadAnswer answer = candidate.read(pairs.stream().map(p -> lines.get(p[1])).toList());
        for (int k = 0; k < pairs.size(); k++) {
            SyntheticRecords.EventRevision upgraded = revisions.get(pairs.get(k)[0]);
            SyntheticRecords.EventRevision from = revisions.get(pairs.get(k)[1]);
            int record = k;
            for (ReadAnswer.EventRead seen : answer.events().stream().filter(e -> e.record() == record).toList()) {
                if (from.event().equals(seen.upgradedName()) && from.label().equals(seen.upgradedRevision())) {
                    tally.add(ReplayFinding.UPGRADER_UNREGISTERED, at(pairs.get(k)[1]), seen.event(), "/body/" + seen.event(),
                            "revision " + upgraded.revision() + " (" + upgraded.label() + ") of " + upgraded.aggregate().typeName()
                                    + "." + upgraded.event() + " upgrades from revision " + from.revision() + " (" + from.label()
                                    + "), but no registered upgrader brings " + from.label() + " forward: Wow reads such records as they are",
                            Map.of());
                }
            }
        }
    }
}
