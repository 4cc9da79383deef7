package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wow-compat check} over real Manifest files: verdicts, exit codes, formats, waivers and output files. */
class CheckCommandTest {
    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void aBaselineReadBesideTheCandidateIsStillRefusedWhenNotValid() {
        // Issue 16: baselines are read trusting while the candidate is read, then what the candidate does not share
        // is meta-validated, so an invalid baseline is bad input as before rather than a comparison that cannot follow it.
        String valid = "{\"type\": \"object\", \"properties\": {\"amount\": {\"type\": \"integer\", \"default\": 0}}}";
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", valid, valid));
        Path unchanged = write(dir, "1.0.0.json", bank("1.0.0", valid, valid));
        Path invalid = write(dir, "0.9.0.json", bank("0.9.0", valid,
                "{\"type\": \"object\", \"additionalProperties\": 5, \"properties\": {\"amount\": {\"enum\": 5}}}"));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", unchanged.toString(), "--baseline", invalid.toString());
        r.assertBadInput(invalid.toString());
        assertEquals(2, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith(invalid + ": /contexts/bank/aggregates/account/events/Deposited/revisions/1/schema/additionalProperties: not a valid draft 2020-12 schema"), r.err());
        assertTrue(r.errLines().get(1).startsWith(invalid + ": /contexts/bank/aggregates/account/events/Deposited/revisions/1/schema/properties/amount/enum: not a valid draft 2020-12 schema"), r.err());
        assertEquals(0, Cli.run("check", "--candidate", candidate.toString(), "--baseline", unchanged.toString()).code());
    }

    @Test
    void unchangedReleaseIsCompatible() {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0"));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("COMPATIBLE: bank-service@1.1.0 against bank-service@1.0.0 (level ADDITIVE): 0 breaking"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void removedFieldIsBreakingAndSaysWhereAndHowToFix() {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("BREAKING: bank-service@1.1.0"), r.out());
        assertTrue(r.out().contains("\nbank.account.Deposited@1\n"), r.out());
        assertTrue(r.out().contains("BREAKING field-removed at /properties/currency"), r.out());
        assertTrue(r.out().contains("Fix: "), r.out());
    }

    @Test
    void githubAnnotationsNameTheCandidateFileLineAndColumn() throws Exception {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        // Pretty-printed so that the finding's line is not the first one.
        String pretty = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(
                mapper.readTree(bank("1.1.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY)));
        Path candidate = write(dir, "1.1.0.json", pretty);
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(), "--format", "github");
        assertEquals(1, r.code(), r.out() + r.err());
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("::error file=([^,]+),line=(\\d+),col=(\\d+),title=field-removed bank.account.Deposited@1::").matcher(r.out());
        assertTrue(m.find(), r.out());
        assertEquals(candidate.toString(), m.group(1), "a file outside the working directory is named by its absolute path");
        java.util.List<String> lines = Files.readAllLines(candidate);
        String line = lines.get(Integer.parseInt(m.group(2)) - 1);
        assertTrue(line.startsWith("\"properties\"", Integer.parseInt(m.group(3)) - 1),
                "the removed field's parent properties object of the candidate: " + line);
        int events = lines.indexOf(lines.stream().filter(l -> l.contains("\"Deposited\"")).findFirst().orElseThrow());
        assertTrue(Integer.parseInt(m.group(2)) > events + 1, "inside the event's schema, below its name");
    }

    @Test
    void jsonReportOfABreakingRelease() throws Exception {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(), "--format", "JSON");
        assertEquals(1, r.code());
        JsonNode json = mapper.readTree(r.out());
        assertEquals("breaking", json.get("verdict").asText());
        assertEquals("bank-service", json.at("/candidate/service").asText());
        assertEquals("1.0.0", json.at("/baselines/0/version").asText());
        assertTrue(json.get("summary").get("breaking").asInt() >= 1);
        boolean removed = false;
        for (JsonNode f : json.get("findings")) {
            removed |= f.get("rule").asText().equals("field-removed") && f.get("pointer").asText().equals("/properties/currency");
        }
        assertTrue(removed, r.out());
    }

    @Test
    void directoryBaselineReadsEveryJsonFileAndSkipsTheCandidateItself() throws Exception {
        write(dir, "bank/1.0.0.json", bank("1.0.0"));
        write(dir, "bank/1.1.0.json", bank("1.1.0"));
        write(dir, "bank/README.md", "not a manifest");
        Path candidate = write(dir, "bank/1.2.0.json", bank("1.2.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", dir.resolve("bank").toString(), "--format", "json");
        assertEquals(1, r.code(), r.err());
        JsonNode json = mapper.readTree(r.out());
        assertEquals(2, json.get("baselines").size(), "1.0.0 and 1.1.0, not the candidate: " + r.out());
        assertEquals("", r.err(), "a directory may hold the candidate without a note");
    }

    @Test
    void warningsFailOnlyWithFailOnWarning() {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT_WITH_NOTE, DEPOSITED));
        Cli.Result lenient = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString());
        assertEquals(0, lenient.code(), lenient.out());
        assertTrue(lenient.out().contains("WARNING command-field-unstaged at /properties/note"), lenient.out());
        Cli.Result strict = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(), "--fail-on", "warning");
        assertEquals(1, strict.code(), strict.out());
    }

    @Test
    void ignoreWaivesAFindingWithItsReason() {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(),
                "--ignore", "*:bank.account.Deposited@*:currency was never written, agreed in BANK-42");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().startsWith("COMPATIBLE:"), r.out());
        assertTrue(r.out().contains("Waived because: currency was never written, agreed in BANK-42"), r.out());

        Cli.Result otherSubject = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(),
                "--ignore", "field-removed:bank.account.Deposit:wrong subject");
        assertEquals(1, otherSubject.code(), "a waiver for another subject does not apply: " + otherSubject.out());
    }

    @Test
    void outputFileGetsTheReportAndStdoutTheVerdict() throws Exception {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY));
        Path report = dir.resolve("target/wow-compat/report.xml");
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(),
                "--format", "junit", "--output", report.toString());
        assertEquals(1, r.code());
        assertEquals(1, r.out().lines().count(), r.out());
        assertTrue(r.out().startsWith("BREAKING: bank-service@1.1.0") && r.out().contains("junit report written to " + report), r.out());
        String xml = Files.readString(report);
        assertTrue(xml.startsWith("<?xml") && xml.contains("<testcase classname=\"wow-compat bank-service@1.1.0\" name=\"bank.account.Deposited@1\" file=\""
                + candidate + "\" line=\""), xml);
    }

    @Test
    void unwritableOutputIsBadInput() throws Exception {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0"));
        Path blocker = write(dir, "file", "x");
        String output = blocker.resolve("report.json").toString();
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(), "--output", output);
        r.assertBadInput(output);
    }

    @Test
    void baselinesThatAreNotComparedAreNoted() {
        Path other = write(dir, "other.json", manifest("card-service", "1.0.0", DEPOSIT, DEPOSITED));
        Path later = write(dir, "2.0.0.json", bank("2.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0"));
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", other.toString(), "--baseline", later.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(2, r.errLines().size(), r.err());
        assertEquals("wow-compat: note: " + other + ": is a release of card-service, not of bank-service; not compared", r.errLines().get(0));
        assertEquals("wow-compat: note: " + later + ": version 2.0.0 is not earlier than the candidate's 1.1.0; not compared", r.errLines().get(1));
    }
}
