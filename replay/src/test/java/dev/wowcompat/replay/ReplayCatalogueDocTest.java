package dev.wowcompat.replay;

import dev.wowcompat.testing.RepositoryRoot;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/replay.md has one {@code ### id} section and one table row per replay finding, and no other. */
class ReplayCatalogueDocTest {
    @Test
    void everyFindingHasItsSectionAndItsRow() throws Exception {
        String doc = Files.readString(RepositoryRoot.path().resolve("docs/replay.md"));
        TreeSet<String> expected = new TreeSet<>(Arrays.stream(ReplayFinding.values()).map(ReplayFinding::id).toList());
        TreeSet<String> sections = new TreeSet<>();
        Matcher heading = Pattern.compile("(?m)^### ([a-z-]+)$").matcher(doc);
        while (heading.find()) {
            sections.add(heading.group(1));
        }
        assertEquals(expected, sections);
        for (ReplayFinding finding : ReplayFinding.values()) {
            String severity = finding == ReplayFinding.EVENT_UNSOURCED || finding == ReplayFinding.EVENT_UNSOURCED_UNCHANGED
                    ? "breaking, or info" : finding.severity().label();
            assertTrue(doc.contains("| " + severity + " | `" + finding.id() + "` |"), "the table's row of " + finding.id());
        }
        assertEquals(List.of("replay-event-unsourced"), Arrays.stream(ReplayFinding.values()).map(ReplayFinding::id)
                .filter(id -> Arrays.stream(ReplayFinding.values()).filter(f -> f.id().equals(id)).count() > 1).distinct().toList());
    }
}
