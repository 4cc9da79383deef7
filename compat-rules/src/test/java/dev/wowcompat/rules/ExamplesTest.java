package dev.wowcompat.rules;

import dev.wowcompat.check.DeploymentCheck;
import dev.wowcompat.check.ReleaseChecker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.Report;
import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The verdicts that schemas/examples/{courtyard,bank,standing-orders}/README.md promise, checked on the files as they are:
 * Mira's four mistakes from the chapter are refused with the rule that names each mistake, the staged way is
 * accepted, every bank release is accepted against all earlier ones, and the demo's environments answer "Can I deploy?"
 * as the consumer's README says.
 */
class ExamplesTest {
    private static final String TEXT_SENT = "chat.message.TextSent@1";
    private static final String SEND_TEXT = "chat.message.SendText";

    private final ManifestReader reader = new ManifestReader();
    private final ReleaseChecker checker = new ReleaseChecker();

    private Manifest read(String relative) {
        Path file = RepositoryRoot.resolve("schemas/examples/" + relative);
        try {
            return reader.read(file);
        } catch (InvalidInputException e) {
            return fail(file + " is not a valid Manifest:\n" + e.getMessage());
        }
    }

    /** Every Manifest in a folder, ordered by version. */
    private List<Manifest> readFolder(String relative) throws IOException {
        Path dir = RepositoryRoot.resolve("schemas/examples/" + relative);
        List<Manifest> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList()) {
                out.add(read(relative + "/" + f.getFileName()));
            }
        }
        out.sort(Comparator.comparing(Manifest::version));
        return out;
    }

    private static String describe(Report report) {
        if (report.findings().isEmpty()) return "  (no findings; verdict " + report.verdict() + ")";
        return report.findings().stream()
                .map(f -> "  " + f.severity().label() + " " + f.rule().id() + " " + f.subject() + " " + f.pointer() + ": " + f.message())
                .collect(Collectors.joining("\n", "", "\n  verdict " + report.verdict()));
    }

    private static List<Finding> findings(Report report, Rule rule, String subject) {
        return report.findings().stream().filter(f -> f.rule() == rule && f.subject().equals(subject)).toList();
    }

    /**
     * @param pointer the property's pointer; a finding at it or under it (e.g. at the changed keyword,
     *        {@code /properties/timestamp/x-wow-unit}) matches. Null: any pointer.
     */
    private static void assertFinding(Report report, Rule rule, Severity severity, String subject, String pointer) {
        List<Finding> found = findings(report, rule, subject);
        assertTrue(found.stream().anyMatch(f -> f.severity() == severity
                        && (pointer == null || f.pointer().equals(pointer) || f.pointer().startsWith(pointer + "/"))),
                () -> "expected " + severity.label() + " " + rule.id() + " on " + subject + (pointer == null ? "" : " at " + pointer)
                        + ", got\n" + describe(report));
    }

    private static void assertBreaking(Report report) {
        assertEquals("breaking", report.verdict(), () -> "verdict\n" + describe(report));
    }

    /** Compatible, with neither breaking findings nor warnings: what the examples promise ("checks clean"). */
    private static void assertClean(Report report) {
        assertEquals("compatible", report.verdict(), () -> "verdict\n" + describe(report));
        assertEquals(0, report.count(Severity.BREAKING), () -> describe(report));
        assertEquals(0, report.count(Severity.WARNING), () -> describe(report));
    }

    @Nested
    @DisplayName("courtyard: the shape of the message")
    class Courtyard {
        private final Manifest v100 = read("courtyard/releases/1.0.0.json");

        private Report againstFirstRelease(String candidate) {
            Manifest m = read("courtyard/" + candidate);
            assertEquals("courtyard", m.service());
            assertEquals("1.1.0", m.version().toString(), "every candidate is meant as the release after 1.0.0");
            return checker.check(m, List.of(v100));
        }

        @Test
        @DisplayName("reply_to added and written at once: written-before-read, field-default-missing")
        void replyToAddedAndWrittenAtOnce() {
            Report report = againstFirstRelease("candidates/1.1.0-reply-to-added.json");
            assertBreaking(report);
            assertFinding(report, Rule.WRITTEN_BEFORE_READ, Severity.BREAKING, TEXT_SENT, "/properties/reply_to");
            assertFinding(report, Rule.FIELD_DEFAULT_MISSING, Severity.BREAKING, TEXT_SENT, "/properties/reply_to");
            // The command is read by the service, not by other readers: unstaged is a warning there.
            assertFinding(report, Rule.COMMAND_FIELD_UNSTAGED, Severity.WARNING, SEND_TEXT, "/properties/reply_to");
            assertTrue(findings(report, Rule.WRITTEN_BEFORE_READ, SEND_TEXT).isEmpty(),
                    () -> "written-before-read is for events and states; commands get command-field-unstaged\n" + describe(report));
        }

        @Test
        @DisplayName("timestamp removed: field-removed")
        void timestampRemoved() {
            Report report = againstFirstRelease("candidates/1.1.0-timestamp-removed.json");
            assertBreaking(report);
            assertFinding(report, Rule.FIELD_REMOVED, Severity.BREAKING, TEXT_SENT, "/properties/timestamp");
            assertFinding(report, Rule.FIELD_REMOVED, Severity.BREAKING, SEND_TEXT, "/properties/timestamp");
        }

        @Test
        @DisplayName("text renamed to body: field-renamed")
        void textRenamed() {
            Report report = againstFirstRelease("candidates/1.1.0-text-renamed.json");
            assertBreaking(report);
            assertFinding(report, Rule.FIELD_RENAMED, Severity.BREAKING, TEXT_SENT, null);
            List<Finding> renames = findings(report, Rule.FIELD_RENAMED, TEXT_SENT);
            assertTrue(renames.stream().anyMatch(f -> f.message().contains("text") && f.message().contains("body")),
                    () -> "the finding says which property looks renamed to which\n" + describe(report));
        }

        @Test
        @DisplayName("timestamp in milliseconds: meaning-changed")
        void timestampInMilliseconds() {
            Report report = againstFirstRelease("candidates/1.1.0-timestamp-millis.json");
            assertBreaking(report);
            assertFinding(report, Rule.MEANING_CHANGED, Severity.BREAKING, TEXT_SENT, "/properties/timestamp");
            assertFinding(report, Rule.MEANING_CHANGED, Severity.BREAKING, SEND_TEXT, "/properties/timestamp");
        }

        @Test
        @DisplayName("every file in candidates/ is refused against 1.0.0")
        void everyCandidateIsBreaking() throws IOException {
            List<Manifest> candidates = readFolder("courtyard/candidates");
            assertEquals(4, candidates.size(), "Mira's four mistakes");
            for (Manifest candidate : candidates) {
                Report report = checker.check(candidate, List.of(v100));
                assertBreaking(report);
            }
        }

        @Test
        @DisplayName("reply_to staged (read, not written): compatible")
        void replyToStaged() {
            Report report = checker.check(read("courtyard/releases/1.1.0-reply-to-staged.json"), List.of(v100));
            assertClean(report);
        }

        @Test
        @DisplayName("reply_to written by the next release: compatible against 1.0.0 and 1.1.0")
        void replyToWrittenAfterStaging() {
            Manifest staged = read("courtyard/releases/1.1.0-reply-to-staged.json");
            Report report = checker.check(read("courtyard/releases/1.2.0-reply-to-written.json"), List.of(v100, staged));
            assertClean(report);
        }

        @Test
        @DisplayName("reply_to written without the staging release: written-before-read")
        void replyToWrittenWithoutStaging() {
            Report report = checker.check(read("courtyard/releases/1.2.0-reply-to-written.json"), List.of(v100));
            assertBreaking(report);
            assertFinding(report, Rule.WRITTEN_BEFORE_READ, Severity.BREAKING, TEXT_SENT, "/properties/reply_to");
            assertFinding(report, Rule.COMMAND_FIELD_UNSTAGED, Severity.WARNING, SEND_TEXT, "/properties/reply_to");
        }

        @TestFactory
        @DisplayName("releases/ checks clean, each release against all earlier ones")
        Stream<DynamicTest> releasesFolder() throws IOException {
            return eachAgainstEarlier(readFolder("courtyard/releases"), "courtyard");
        }
    }

    @Nested
    @DisplayName("standing-orders: a consumer of the bank, and the demo's environments")
    class StandingOrders {
        private DeploymentCheck.Environment environment(String name, String bank, String standingOrders) {
            return new DeploymentCheck.Environment(name, List.of(read("bank/" + bank + ".json"), read("standing-orders/" + standingOrders + ".json")));
        }

        @Test
        @DisplayName("1.1.0 reads Deposited@2 too, and checks clean against 1.0.0")
        void secondRelease() throws IOException {
            List<Manifest> releases = readFolder("standing-orders");
            assertEquals(List.of("1.0.0", "1.1.0"), releases.stream().map(m -> m.version().toString()).toList());
            assertClean(checker.check(releases.get(1), List.of(releases.get(0))));
        }

        @Test
        @DisplayName("what the README says runs where: each release can be deployed where it runs; bank-service 1.2.0 waits for the consumer in production")
        void theDemosEnvironments() {
            DeploymentCheck deployments = new DeploymentCheck();
            DeploymentCheck.Environment staging = environment("staging", "1.2.0", "1.1.0");
            DeploymentCheck.Environment production = environment("production", "1.1.0", "1.0.0");
            for (DeploymentCheck.Environment env : List.of(staging, production)) {
                for (Manifest running : env.running()) assertClean(deployments.check(running, env));
            }
            Report bankToProduction = deployments.check(read("bank/1.2.0.json"), production);
            assertBreaking(bankToProduction);
            assertEquals(List.of(Rule.CONSUMER_LAGS), bankToProduction.findings().stream().map(Finding::rule).toList(), () -> describe(bankToProduction));
            assertTrue(bankToProduction.findings().get(0).message().contains("standing-orders@1.0.0"), () -> describe(bankToProduction));
            assertClean(deployments.check(read("standing-orders/1.1.0.json"), production));
            assertClean(deployments.check(read("bank/1.2.0.json"), environment("production", "1.1.0", "1.1.0")));
        }
    }

    @Nested
    @DisplayName("bank: three compatible releases")
    class Bank {
        private static final String SERVICE = "bank-service";

        @TestFactory
        @DisplayName("each release against all earlier ones")
        Stream<DynamicTest> eachRelease() throws IOException {
            List<Manifest> releases = readFolder("bank");
            assertEquals(List.of("1.0.0", "1.1.0", "1.2.0"), releases.stream().map(m -> m.version().toString()).toList());
            return eachAgainstEarlier(releases, SERVICE);
        }

        @Test
        @DisplayName("the folder as a whole checks clean (the checker itself drops releases not earlier than the candidate)")
        void folderAsBaseline() throws IOException {
            List<Manifest> all = readFolder("bank");
            for (Manifest candidate : all) {
                assertClean(checker.check(candidate, all));
            }
        }

        @Test
        @DisplayName("1.1.0 stages Deposited@2 and the new properties; 1.2.0 writes them")
        void stagingIsWhatTheReadmeSays() {
            Manifest v110 = read("bank/1.1.0.json");
            Manifest v120 = read("bank/1.2.0.json");
            Manifest.Revision staged = depositedRevision2(v110);
            assertFalse(staged.written(), "Deposited@2 is read, not written, in 1.1.0");
            assertEquals(1, staged.upgradesFrom());
            Manifest.Revision written = depositedRevision2(v120);
            assertTrue(written.written(), "Deposited@2 is written in 1.2.0");
            assertEquals(1, written.upgradesFrom());
            assertEquals(staged.schema(), written.schema(), "the revision's schema does not change between staging and writing");
        }

        @Test
        @DisplayName("1.2.0 without 1.1.0 before it: written-before-read for everything 1.1.0 staged")
        void skippingTheStagingRelease() {
            Report report = checker.check(read("bank/1.2.0.json"), List.of(read("bank/1.0.0.json")));
            assertBreaking(report);
            assertFinding(report, Rule.WRITTEN_BEFORE_READ, Severity.BREAKING, "bank.account.Deposited@2", null);
            assertFinding(report, Rule.WRITTEN_BEFORE_READ, Severity.BREAKING, "bank.account.Withdrawn@1", "/properties/reference");
            assertFinding(report, Rule.WRITTEN_BEFORE_READ, Severity.BREAKING, "bank.account", "/properties/lastMovementAt");
            assertFinding(report, Rule.COMMAND_FIELD_UNSTAGED, Severity.WARNING, "bank.account.Deposit", "/properties/reference");
            assertFinding(report, Rule.COMMAND_FIELD_UNSTAGED, Severity.WARNING, "bank.account.Withdraw", "/properties/reference");
        }

        private Manifest.Revision depositedRevision2(Manifest m) {
            Manifest.Aggregate account = m.aggregate("bank.account").orElseGet(() -> fail("no bank.account in " + m.label()));
            Manifest.Event deposited = account.events().values().stream()
                    .filter(e -> e.typeName().equals("bank.account.Deposited")).findFirst()
                    .orElseGet(() -> fail("no bank.account.Deposited in " + m.label()));
            Manifest.Revision r2 = deposited.revisions().get(2);
            assertTrue(r2 != null, "no Deposited@2 in " + m.label());
            return r2;
        }
    }

    /** One test per release: checked against every earlier release of the list, it is clean. */
    private Stream<DynamicTest> eachAgainstEarlier(List<Manifest> releases, String service) {
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < releases.size(); i++) {
            Manifest candidate = releases.get(i);
            List<Manifest> earlier = List.copyOf(releases.subList(0, i));
            String name = candidate.version() + " against " + (earlier.isEmpty() ? "no earlier release"
                    : earlier.stream().map(m -> m.version().toString()).collect(Collectors.joining(", ")));
            tests.add(dynamicTest(name, () -> {
                assertEquals(service, candidate.service());
                assertEquals(1, candidate.version().major(), "the folder holds major version 1 only");
                Report report = checker.check(candidate, earlier);
                assertClean(report);
            }));
        }
        return tests.stream();
    }
}
