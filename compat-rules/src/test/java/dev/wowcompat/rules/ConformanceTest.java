package dev.wowcompat.rules;

import dev.wowcompat.check.SchemaChecker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.StandaloneSchema;
import dev.wowcompat.report.Report;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the Apicurio JSON Schema compatibility corpus (test resources conformance/, see its NOTICE.md) through
 * {@link SchemaChecker} under BACKWARD and FORWARD and compares with its expected outcome. A case may disagree
 * only if known-differences.json lists it with a reason (a deliberate difference: docs/decisions.md, "The plain levels"); a listed case that
 * starts agreeing fails too, so the list and docs/conformance.md stay true.
 *
 * <p>Reproduce: {@code mvn -B -pl compat-rules test -Dtest=ConformanceTest} (the corpus is the test resource
 * conformance/apicurio-json-schema-compatibility.json; read another copy with {@code -Dwowcompat.conformance=FILE}).
 */
class ConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final List<Level> LEVELS = List.of(Level.BACKWARD, Level.FORWARD);
    private static final String CORPUS = "/conformance/apicurio-json-schema-compatibility.json";

    record Case(int index, String id, String compatibility, JsonNode original, JsonNode updated) {
        /** backward: BACKWARD passes and FORWARD fails; both: both pass; none: both fail. */
        boolean expectedPass(Level level) {
            return switch (compatibility) {
                case "both" -> true;
                case "none" -> false;
                case "backward" -> level == Level.BACKWARD;
                default -> throw new IllegalStateException("case " + index + ": unknown compatibility " + compatibility);
            };
        }
    }

    record Known(int index, String id, Level level, String reason) {}

    record Outcome(Case c, Level level, Report report) {
        boolean passed() {
            return report.compatible();
        }

        boolean agrees() {
            return passed() == c.expectedPass(level);
        }

        String key() {
            return c.index + ":" + level;
        }
    }

    /** The corpus shipped in the test resources, or the file named by -Dwowcompat.conformance. */
    static List<Case> corpus() throws IOException {
        String location = System.getProperty("wowcompat.conformance");
        JsonNode tests;
        if (location == null || location.isBlank()) {
            try (InputStream in = ConformanceTest.class.getResourceAsStream(CORPUS)) {
                if (in == null) fail("test resource " + CORPUS + " is missing");
                tests = JSON.readTree(in).get("tests");
            }
        } else {
            Path file = Path.of(location).normalize();
            if (!Files.isRegularFile(file)) fail("-Dwowcompat.conformance names no file: " + file);
            tests = JSON.readTree(file.toFile()).get("tests");
        }
        List<Case> out = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            JsonNode t = tests.get(i);
            if (!t.path("enabled").asBoolean(true)) continue;
            out.add(new Case(i, t.get("id").asText(), t.get("compatibility").asText(), t.get("original"), t.get("updated")));
        }
        return out;
    }

    static Map<String, Known> known() throws IOException {
        Map<String, Known> out = new LinkedHashMap<>();
        try (InputStream in = ConformanceTest.class.getResourceAsStream("/conformance/known-differences.json")) {
            if (in == null) fail("test resource conformance/known-differences.json is missing");
            for (JsonNode k : JSON.readTree(in).get("differences")) {
                Known known = new Known(k.get("index").asInt(), k.get("id").asText(), Level.parse(k.get("level").asText()),
                        k.get("reason").asText());
                if (out.put(known.index + ":" + known.level, known) != null) fail("listed twice: " + known);
            }
        }
        return out;
    }

    static List<Outcome> run(List<Case> cases) {
        List<Outcome> out = new ArrayList<>();
        for (Case c : cases) {
            for (Level level : LEVELS) out.add(new Outcome(c, level, SchemaChecker.check(level, List.of(c.original), c.updated)));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyEnabledCaseAgreesOrIsAKnownDifference() throws IOException {
        Map<String, Known> known = known();
        return run(corpus()).stream().map(o -> DynamicTest.dynamicTest("#" + o.c.index + " " + o.c.id + " " + o.level, () -> {
            Known k = known.get(o.key());
            if (k == null) {
                assertTrue(o.agrees(), () -> "case #" + o.c.index + " '" + o.c.id + "' expects " + o.c.compatibility + ", but "
                        + o.level + " " + (o.passed() ? "passed" : "failed") + ". Findings:\n" + describe(o.report));
            } else {
                assertFalse(o.agrees(), () -> "case #" + o.c.index + " '" + o.c.id + "' " + o.level + " now agrees with the"
                        + " corpus: remove it from known-differences.json and docs/conformance.md");
            }
        }));
    }

    /**
     * The CLI and the API check each schema as input before comparing: a case whose schema is refused there gets no
     * verdict (exit 2). Such cases are few and named here, so the figure through the CLI stays true.
     */
    @Test
    void casesRefusedAsInputAreTheOnesDocsName() throws IOException {
        List<String> refused = new ArrayList<>();
        for (Case c : corpus()) if (refusedAsInput(c)) refused.add("#" + c.index + " " + c.id);
        assertEquals(List.of("#94 Enum 4"), refused, "cases whose schemas the input checks refuse (docs/conformance.md names them)");
    }

    static boolean refusedAsInput(Case c) {
        return !StandaloneSchema.problems(c.original, "original").isEmpty() || !StandaloneSchema.problems(c.updated, "updated").isEmpty();
    }

    @Test
    void everyKnownDifferenceNamesAnEnabledCaseAndGivesAReason() throws IOException {
        Map<Integer, Case> cases = corpus().stream().collect(Collectors.toMap(Case::index, c -> c));
        for (Known k : known().values()) {
            Case c = cases.get(k.index);
            assertTrue(c != null, "known difference #" + k.index + " is not an enabled case of the corpus");
            assertEquals(c.id, k.id, "known difference #" + k.index + " names another case");
            assertTrue(k.reason.length() > 40, "known difference #" + k.index + " " + k.level + " needs a real reason");
        }
    }

    /** docs/conformance.md must state the figures this run produces, and list every known difference. */
    @Test
    void docsStateTheAgreementFigures() throws IOException {
        List<Case> cases = corpus();
        List<Outcome> outcomes = run(cases);
        String figures = figures(cases, outcomes);
        Path out = Path.of("target", "conformance");
        Files.createDirectories(out);
        Files.writeString(out.resolve("figures.md"), figures + "\n" + differencesTable(outcomes, known()), StandardCharsets.UTF_8);
        String docLocation = System.getProperty("wowcompat.conformanceDoc", "../docs/conformance.md");
        Path doc = Path.of(docLocation);
        assertTrue(Files.isRegularFile(doc), "docs/conformance.md is missing (expected at " + doc.toAbsolutePath() + ")");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        assertTrue(text.contains(figures), "docs/conformance.md does not state this run's figures; they are now:\n" + figures
                + "\n(the full tables are in compat-rules/target/conformance/figures.md)");
        for (Known k : known().values()) {
            assertTrue(text.contains("| " + k.index + " | " + k.level + " |"), "docs/conformance.md does not list #" + k.index + " " + k.level);
        }
    }

    static String figures(List<Case> cases, List<Outcome> outcomes) {
        StringBuilder out = new StringBuilder("| level | agreeing cases | rate |\n|---|---|---|\n");
        int total = cases.size();
        for (Level level : LEVELS) {
            long agree = outcomes.stream().filter(o -> o.level == level && o.agrees()).count();
            out.append(row(level.name(), agree, total));
        }
        Map<Integer, Boolean> bothAgree = new LinkedHashMap<>();
        for (Outcome o : outcomes) bothAgree.merge(o.c.index, o.agrees(), Boolean::logicalAnd);
        long overall = bothAgree.values().stream().filter(b -> b).count();
        out.append(row("overall (both verdicts of a case)", overall, total));
        out.append(row("verdicts (BACKWARD and FORWARD)", outcomes.stream().filter(Outcome::agrees).count(), outcomes.size()));
        Map<Integer, Boolean> refused = new LinkedHashMap<>();
        for (Case c : cases) refused.put(c.index, refusedAsInput(c));
        out.append(row("verdicts through the CLI (input checks first: a refused case exits 2)",
                outcomes.stream().filter(o -> o.agrees() && !refused.get(o.c.index)).count(), outcomes.size()));
        return out.toString();
    }

    private static String row(String what, long agree, int total) {
        return "| " + what + " | " + agree + " / " + total + " | "
                + String.format(Locale.ROOT, "%.1f %%", 100.0 * agree / total) + " |\n";
    }

    static String differencesTable(List<Outcome> outcomes, Map<String, Known> known) {
        StringBuilder out = new StringBuilder("| # | level | case | expected | ours | reason |\n|---|---|---|---|---|---|\n");
        for (Outcome o : outcomes) {
            if (o.agrees()) continue;
            Known k = known.get(o.key());
            out.append("| ").append(o.c.index).append(" | ").append(o.level).append(" | ").append(o.c.id.replace("|", "\\|"))
                    .append(" | ").append(o.c.expectedPass(o.level) ? "passes" : "fails")
                    .append(" | ").append(o.passed() ? "passes" : "fails")
                    .append(" | ").append(k == null ? "NOT LISTED" : k.reason).append(" |\n");
        }
        return out.toString();
    }

    private static String describe(Report r) {
        if (r.findings().isEmpty()) return "  (none)";
        return r.findings().stream().map(f -> "  " + f.severity().label() + " " + f.rule().id() + " " + f.pointer() + " "
                + f.breaks().labels() + ": " + f.message()).collect(Collectors.joining("\n"));
    }
}
