package dev.wowcompat.report;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.check.SchemaChecker;
import dev.wowcompat.json.TokenLocations;
import dev.wowcompat.manifest.LocatedManifest;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Location;
import dev.wowcompat.rules.Rule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Findings of a check of a hand-formatted Manifest (odd indentation, several keys per line) are located on the
 * candidate file's line and column of the keyword they name, and every file-aware format shows it.
 */
class FindingLocationTest {
    private static final Pattern ANNOTATION = Pattern.compile("^::(\\w+) file=([^,]+),line=(\\d+),col=(\\d+),title=([^:]+)::");

    private static Path candidateFile;
    private static List<String> candidateLines;
    private static Report checked;
    private static Report located;

    @BeforeAll
    static void check() throws Exception {
        ManifestReader reader = new ManifestReader();
        Path baselineFile = Path.of(FindingLocationTest.class.getResource("/locations/shop-1.0.0.json").toURI());
        candidateFile = Path.of(FindingLocationTest.class.getResource("/locations/shop-1.1.0.json").toURI());
        candidateLines = Files.readAllLines(candidateFile, StandardCharsets.UTF_8);
        Manifest baseline = reader.read(baselineFile);
        LocatedManifest candidate = reader.readLocated(candidateFile);
        checked = new ReleaseChecker().check(candidate.manifest(), List.of(baseline));
        located = FindingLocator.forManifest(candidate, List.of(baseline)).locate(checked);
    }

    /** The annotation of one finding, as file, line and column. */
    private static Location annotation(String rule, String subject) {
        for (String line : ReportFormat.GITHUB.render(located).lines().toList()) {
            Matcher m = ANNOTATION.matcher(line);
            if (m.find() && m.group(5).equals(rule + " " + subject)) {
                return new Location(m.group(2), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)));
            }
        }
        throw new AssertionError("no annotation with file= for " + rule + " " + subject + " in\n" + ReportFormat.GITHUB.render(located));
    }

    /** Asserts that the annotation points at {@code token} on the one line of the candidate holding {@code lineText}. */
    private static void assertAt(String rule, String subject, String lineText, String token) {
        Location at = annotation(rule, subject);
        String expectedFile = Path.of("").toAbsolutePath().relativize(candidateFile.toAbsolutePath()).toString().replace('\\', '/');
        assertEquals(expectedFile, at.file(), "file= is relative to the working directory");
        List<Integer> matching = java.util.stream.IntStream.range(0, candidateLines.size())
                .filter(i -> candidateLines.get(i).contains(lineText)).boxed().toList();
        assertEquals(1, matching.size(), "the test's line text must be unique: " + lineText);
        String line = candidateLines.get(at.line() - 1);
        assertEquals(matching.get(0) + 1, at.line(), rule + " on the line of " + lineText + ", not on: " + line);
        assertTrue(line.startsWith(token, at.column() - 1), rule + " at column " + at.column() + " of '" + line + "' should start " + token);
        assertEquals(line.indexOf(token) + 1, at.column(), rule + ": the first " + token + " of its line");
    }

    @Test
    void aRemovedFieldIsLocatedAtItsParentPropertiesObject() {
        assertAt("field-removed", "shop.cart.ItemAdded@1", "\"properties\": {\"sku\": {\"type\": \"string\", \"default\": \"\"},   \"address\"",
                "\"properties\"");
    }

    @Test
    void aTypeChangeDeepInAReferencedDefinitionIsLocatedWhereTheKeywordIsWritten() {
        Finding changed = located.findings().stream().filter(f -> f.rule() == Rule.FIELD_TYPE_CHANGED).findFirst().orElseThrow();
        assertEquals("/$defs/Address/properties/zip/type", changed.pointer());
        Location at = annotation("field-type-changed", "shop.cart.ItemAdded@1");
        String line = candidateLines.get(at.line() - 1);
        assertTrue(line.contains("\"zip\":    {\"type\": \"integer\"}"), line);
        assertTrue(line.startsWith("\"type\": \"integer\"", at.column() - 1), "column " + at.column() + " of " + line);
    }

    @Test
    void eventRevisionFindingsAreLocatedAtTheRevisionsEntry() {
        assertAt("written-before-read", "shop.cart.ItemAdded@2", "\"2\": {\"upgradesFrom\": 1", "\"2\"");
        assertAt("revision-changed", "shop.cart.ItemAdded@1", "\"1\": {\"schema\"", "\"1\"");
    }

    @Test
    void aRemovedTypeIsLocatedAtTheCandidatesListOfItsKind() {
        assertAt("type-removed", "shop.cart.ClearCart", "\"commands\": {   \"AddItem\"", "\"commands\"");
    }

    @Test
    void aRemovedErrorCodeIsLocatedAtTheErrorCodeList() {
        assertAt("error-code-removed", "shop.cart.cart-closed", "\"errors\": {\"out-of-stock\"", "\"errors\"");
    }

    @Test
    void withoutTheBaselinesARemovedTypeIsLocatedAtItsAggregate() throws Exception {
        // As for a report the registry made: the locator knows the candidate only.
        Report registryChecked = FindingLocator.forManifest(new ManifestReader().readLocated(candidateFile), List.of()).locate(checked);
        Finding removed = registryChecked.findings().stream().filter(f -> f.rule() == Rule.TYPE_REMOVED).findFirst().orElseThrow();
        String line = candidateLines.get(removed.location().line() - 1);
        assertTrue(line.startsWith("\"cart\"", removed.location().column() - 1), removed.location() + ": " + line);
    }

    @Test
    void locationsChangeNeitherIdsNorWhatWaiversMatch() {
        assertEquals(checked.findings().size(), located.findings().size());
        for (int i = 0; i < checked.findings().size(); i++) {
            Finding before = checked.findings().get(i);
            Finding after = located.findings().get(i);
            assertEquals(before.id(), after.id());
            assertNull(before.location());
            assertNotNull(after.location(), after.rule().id() + " " + after.subject());
            assertEquals(before, after.withLocation(null));
        }
        Waiver waiver = Waiver.parse(located.findings().get(0).id() + ":accepted");
        assertEquals(1, located.withWaivers(List.of(waiver)).waived().size());
        assertEquals(1, checked.withWaivers(List.of(waiver)).waived().size());
    }

    @Test
    void sarifResultsHaveAPhysicalLocationBesideTheLogicalOne() throws Exception {
        JsonNode sarif = new ObjectMapper().readTree(ReportFormat.SARIF.render(located));
        Location expected = annotation("error-code-removed", "shop.cart.cart-closed");
        JsonNode result = null;
        for (JsonNode r : sarif.at("/runs/0/results")) {
            if (r.get("ruleId").asText().equals("error-code-removed")) result = r;
        }
        assertNotNull(result);
        JsonNode location = result.at("/locations/0");
        assertEquals("shop.cart.cart-closed", location.at("/logicalLocations/0/name").asText());
        assertEquals(expected.file(), location.at("/physicalLocation/artifactLocation/uri").asText());
        assertEquals(expected.line(), location.at("/physicalLocation/region/startLine").asInt());
        assertEquals(expected.column(), location.at("/physicalLocation/region/startColumn").asInt());
    }

    @Test
    void junitCasesNameFileAndLine() {
        String xml = ReportFormat.JUNIT.render(located);
        Location removed = annotation("type-removed", "shop.cart.ClearCart");
        assertTrue(xml.contains("name=\"shop.cart.ClearCart\" file=\"" + removed.file() + "\" line=\"" + removed.line() + "\""), xml);
        assertTrue(xml.contains("BREAKING type-removed at the whole type [id " + idOf(Rule.TYPE_REMOVED) + "] "
                + removed.file() + ":" + removed.line() + ":" + removed.column()), xml);
    }

    @Test
    void textPrintsPathLineColumnOnTheFindingLine() {
        Location removed = annotation("error-code-removed", "shop.cart.cart-closed");
        String text = ReportFormat.TEXT.render(located);
        assertTrue(text.contains("BREAKING error-code-removed at the whole type  [id " + idOf(Rule.ERROR_CODE_REMOVED) + "]  "
                + removed.file() + ":" + removed.line() + ":" + removed.column() + "\n"), text);
    }

    @Test
    void jsonHasALocationObjectThatReadsBack() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ReportJson.write(located));
        Location removed = annotation("error-code-removed", "shop.cart.cart-closed");
        JsonNode finding = null;
        for (JsonNode f : json.get("findings")) if (f.get("rule").asText().equals("error-code-removed")) finding = f;
        assertNotNull(finding);
        assertEquals(candidateFile.toString(), finding.at("/location/file").asText(), "json keeps the file as the caller named it");
        assertEquals(removed.line(), finding.at("/location/line").asInt());
        assertEquals(removed.column(), finding.at("/location/column").asInt());
        assertEquals(located, ReportJson.read(json));
    }

    @Test
    void findingsWithoutLocationRenderAsBefore() {
        for (ReportFormat format : ReportFormat.values()) {
            String rendered = format.render(checked);
            assertFalse(rendered.contains("shop-1.1.0.json"), format + ": " + rendered);
        }
        assertTrue(ReportFormat.GITHUB.render(checked).contains("::error title=error-code-removed"));
        assertFalse(ReportJson.write(checked).contains("\"location\""));
    }

    @Test
    void plainSchemaFindingsPointIntoTheCandidateSchemaFile() throws Exception {
        String before = "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}";
        String after = "{\"type\": \"object\",\n  \"properties\": {\n    \"a\": {\"type\": \"integer\"}}}";
        ObjectMapper mapper = new ObjectMapper();
        Report report = SchemaChecker.check(Level.BACKWARD, List.of(mapper.readTree(before)), mapper.readTree(after));
        Path file = Files.createTempFile("schema", ".json");
        try {
            Report schemaLocated = FindingLocator.forSchema(file.toString(), new TokenLocations(after.getBytes(StandardCharsets.UTF_8)))
                    .locate(report);
            Finding changed = schemaLocated.findings().stream().filter(f -> f.rule() == Rule.FIELD_TYPE_CHANGED).findFirst().orElseThrow();
            assertEquals(new Location(file.toString(), 3, 11), changed.location());
            assertTrue(ReportFormat.GITHUB.render(schemaLocated).contains("file=" + file.toString().replace(":", "%3A").replace(",", "%2C")
                    + ",line=3,col=11,title=field-type-changed"), "a file outside the working directory keeps its absolute path");
        } finally {
            Files.delete(file);
        }
    }

    private static String idOf(Rule rule) {
        return located.findings().stream().filter(f -> f.rule() == rule).findFirst().orElseThrow().id();
    }
}
