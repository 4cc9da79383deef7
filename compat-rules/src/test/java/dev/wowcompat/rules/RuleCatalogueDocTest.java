package dev.wowcompat.rules;

import dev.wowcompat.check.DeploymentCheck;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.check.RuleRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.ReplaySummary;
import dev.wowcompat.report.Report;
import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs exactly the examples of {@code docs/rules.md} through the real reader and checker, so that the rule
 * catalogue users read cannot drift from what the engine does: one test container per section, named after
 * its rule id. The page's header says what each kind of block asserts; this class is the executable form
 * of that paragraph.
 */
class RuleCatalogueDocTest {
    private static final String DOC = "docs/rules.md";
    private static final Pattern RULE_HEADING = Pattern.compile("^## `([^`]*)`\\s*$");
    private static final Pattern FIELD = Pattern.compile("^- \\*\\*(Severity|Catches|Breaks|Fix):\\*\\* (.*)$");
    private static final Pattern DETECTED_BY = Pattern.compile("^- \\*\\*Detected by:\\*\\* (.*)$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    /** Where the classes that detect rules live: the engine's main sources. */
    private static final String ENGINE = "compat-rules/src/main/java/";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private final ManifestReader reader = new ManifestReader();
    private final ReleaseChecker checker = new ReleaseChecker();
    private final DeploymentCheck deployment = new DeploymentCheck();

    @TestFactory
    Stream<DynamicNode> ruleCatalogue() throws IOException {
        Path doc = RepositoryRoot.resolve(DOC);
        List<Section> sections = parse(Files.readAllLines(doc));
        List<DynamicNode> nodes = new ArrayList<>();
        nodes.add(dynamicTest("one section per rule of the Rule enum, in the enum's order", doc.toUri(), () -> {
            List<String> expected = Arrays.stream(Rule.values()).map(Rule::id).toList();
            List<String> documented = sections.stream().map(Section::ruleId).toList();
            assertEquals(expected, documented, DOC + " must have exactly one '## `rule-id`' section per Rule, in order");
        }));
        for (Section section : sections) {
            nodes.add(dynamicContainer(section.ruleId(), at(doc, section.line()), sectionTests(doc, section)));
        }
        return nodes.stream();
    }

    private Stream<DynamicNode> sectionTests(Path doc, Section section) {
        Optional<Rule> known = Rule.byId(section.ruleId());
        if (known.isEmpty()) {
            return Stream.of(dynamicTest("is a rule of the Rule enum", at(doc, section.line()),
                    () -> fail("'" + section.ruleId() + "' (" + DOC + ":" + section.line() + ") is not a rule id")));
        }
        Rule rule = known.get();
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(dynamicTest("states the enum's severity, purpose and fix", at(doc, section.line()), () -> {
            assertEquals(rule.severity().label(), section.fields().get("Severity"), "Severity line");
            assertEquals(rule.purpose(), section.fields().get("Catches"), "Catches line (Rule.purpose())");
            assertEquals(rule.fix(), section.fields().get("Fix"), "Fix line (Rule.fix())");
            String breaks = section.fields().get("Breaks");
            assertTrue(breaks != null && !breaks.isBlank(), "a Breaks line says who breaks");
            assertTrue(section.testLine(), "a **Test:** line names the test that runs the examples");
        }));
        tests.add(dynamicTest("names the classes that detect it", at(doc, section.line()), () -> detectedBy(rule, section)));
        tests.add(dynamicTest("has a breaking example and a passing fix", at(doc, section.line()), () -> {
            assertTrue(section.examples().stream().anyMatch(e -> e.kind() == Kind.BREAKING), "no example=breaking block");
            assertTrue(section.examples().stream().anyMatch(e -> e.kind() == Kind.PASSING), "no example=passing block");
        }));
        for (Example example : section.examples()) {
            tests.add(dynamicTest(example.name(), at(doc, example.line()), () -> run(rule, example)));
        }
        tests.add(dynamicTest("the passing fix is the breaking example with the finding's fix applied", at(doc, section.line()),
                () -> followsTheFix(rule, section)));
        return tests.stream();
    }

    /**
     * The section's "Detected by" line links first the rule's detector, as its row of {@link RuleRegistry} names it,
     * and that file names the rule's enum constant in its code (an import alone does not count); each further link is
     * a class of the engine that reports through the detector (it names the detector's class). So the map from rule id
     * to the code that decides it cannot point at a moved, renamed or unrelated class, nor disagree with the table.
     */
    private static void detectedBy(Rule rule, Section section) throws IOException {
        String where = DOC + ":" + section.line() + " (" + rule.id() + ")";
        assertFalse(section.detectedBy().isEmpty(), where + ": no '- **Detected by:** [`Class`](../" + ENGINE + "...)' line with a link");
        Path docs = RepositoryRoot.resolve(DOC).getParent();
        Class<?> detector = RuleRegistry.of(rule).detector();
        Path registered = RepositoryRoot.resolve(ENGINE + detector.getName().replace('.', '/') + ".java");
        assertEquals(registered, docs.resolve(section.detectedBy().get(0)).normalize(),
                where + ": the first link must be the rule's detector in RuleRegistry, " + detector.getSimpleName());
        for (String link : section.detectedBy()) {
            Path file = docs.resolve(link).normalize();
            assertTrue(file.startsWith(RepositoryRoot.resolve(ENGINE)) && file.toString().endsWith(".java"),
                    () -> where + ": " + link + " is not a class of " + ENGINE);
            assertTrue(Files.isRegularFile(file), () -> where + ": " + link + " names no file");
            String named = file.equals(registered) ? rule.name() : detector.getSimpleName();
            Pattern mention = Pattern.compile("\\b" + named + "\\b");
            boolean mentions = Files.readAllLines(file).stream()
                    .filter(l -> !l.startsWith("import "))
                    .anyMatch(l -> mention.matcher(l).find());
            assertTrue(mentions, () -> where + ": " + link + " does not mention " + named + ", so it does not "
                    + (file.equals(registered) ? "detect the rule" : "report through its detector"));
        }
    }

    private static final Pattern QUOTED_NAME = Pattern.compile("(e\\.g\\. )?'([^']+)'");

    /**
     * The fix texts are recipes: applied to the failing release they must give a release the checker accepts.
     * The first breaking example is the failing release; a passing fix with the same history is that release
     * fixed. Every finding's fix text must be followed by it: each name the text quotes is in the fixed
     * candidate (suggestions after "e.g." excepted), and so are the keywords it prescribes (default, staging,
     * deprecation). The passing fix itself is run as a passing example above, so together this asserts "the
     * documented fix, applied, passes".
     */
    private void followsTheFix(Rule rule, Section section) throws IOException {
        Example breaking = section.examples().stream().filter(e -> e.kind() == Kind.BREAKING).findFirst().orElseThrow();
        if (deployment(breaking)) {
            followsTheDeploymentFix(section, breaking);
            return;
        }
        List<Manifest> failing = manifests(breaking);
        List<String> history = canonical(failing.subList(0, failing.size() - 1));
        Optional<Example> fixed = section.examples().stream().filter(e -> e.kind() == Kind.PASSING).filter(e -> {
            try {
                List<Manifest> m = manifests(e);
                return canonical(m.subList(0, m.size() - 1)).equals(history);
            } catch (IOException x) {
                throw new IllegalStateException(x);
            }
        }).findFirst();
        assertTrue(fixed.isPresent(), DOC + ":" + breaking.line() + ": no passing fix checks against the same history as the breaking example");
        List<Manifest> passing = manifests(fixed.get());
        String candidate = JSON.writeValueAsString(passing.get(passing.size() - 1).source());
        Report report = checker.check(failing.get(failing.size() - 1), failing.subList(0, failing.size() - 1));
        for (Finding f : report.findings().stream().filter(f -> f.rule() == rule).toList()) {
            String where = DOC + ":" + fixed.get().line() + ": the fix of " + f.id() + " (\"" + f.fix() + "\") is not followed";
            Matcher names = QUOTED_NAME.matcher(f.fix());
            while (names.find()) {
                if (names.group(1) == null) {
                    String name = names.group(2);
                    assertTrue(candidate.contains("\"" + name + "\""), () -> where + ": '" + name + "' is missing");
                }
            }
            if (f.fix().contains("\"x-wow-written\": false") || f.fix().contains("\"written\": false")) {
                assertTrue(candidate.contains("\"x-wow-written\":false") || candidate.contains("\"written\":false"), where + ": not staged");
            }
            if (f.fix().contains("\"default\"")) assertTrue(candidate.contains("\"default\":"), where + ": no default");
            if (f.fix().contains("\"deprecated\": true")) assertTrue(candidate.contains("\"deprecated\":true"), where + ": not deprecated");
            // And the other way round: what the fixed release needed beyond the history, the text must say.
            String before = history.get(history.size() - 1);
            String missing = "";
            if (more(candidate, before, "\"x-wow-written\":false") + more(candidate, before, "\"written\":false") > 0
                    && !f.fix().contains("\"x-wow-written\": false") && !f.fix().contains("\"written\": false")) missing += " staging";
            if (more(candidate, before, "\"default\":") > 0 && !f.fix().contains("default")) missing += " default";
            if (more(candidate, before, "\"deprecated\":true") > 0 && !f.fix().contains("deprecated")) missing += " deprecation";
            assertEquals("", missing, where + ": the fixed release needed, and the text does not say:" + missing);
        }
    }

    /**
     * A can-deploy fix is an order of deployments or a change of the candidate: one passing fix keeps either the
     * failing deployment's candidate (and changes what runs there) or what runs there (and changes the candidate).
     */
    private void followsTheDeploymentFix(Section section, Example breaking) throws IOException {
        List<Manifest> failing = manifests(breaking);
        List<String> failingAll = canonical(failing);
        boolean oneSideKept = section.examples().stream().filter(e -> e.kind() == Kind.PASSING).anyMatch(e -> {
            try {
                List<String> fixed = canonical(manifests(e));
                boolean sameCandidate = fixed.get(fixed.size() - 1).equals(failingAll.get(failingAll.size() - 1));
                boolean sameEnvironment = fixed.subList(0, fixed.size() - 1).equals(failingAll.subList(0, failingAll.size() - 1));
                return deployment(e) && (sameCandidate || sameEnvironment);
            } catch (IOException x) {
                throw new IllegalStateException(x);
            }
        });
        assertTrue(oneSideKept, DOC + ":" + breaking.line() + ": no passing fix keeps the breaking example's candidate or its environment");
    }

    private static boolean deployment(Example example) throws IOException {
        return JSON.readTree(example.json()).has("running");
    }

    /** A can-deploy block runs the deployment check; the others the release check against their history. */
    private Report check(Example example, List<Manifest> releases) throws IOException {
        Manifest candidate = releases.get(releases.size() - 1);
        List<Manifest> rest = releases.subList(0, releases.size() - 1);
        if (deployment(example)) {
            JsonNode body = JSON.readTree(example.json());
            List<DeploymentCheck.ObservedDrift> drifts = new ArrayList<>();
            for (JsonNode d : body.path("drift")) {
                drifts.add(new DeploymentCheck.ObservedDrift(d.path("type").asText(), d.path("revision").asInt(),
                        d.path("pointer").asText(), d.path("id").asText(), d.path("message").asText()));
            }
            // A block's "replay": the candidate's replay report as the registry keeps it; absent, it was not replayed.
            Optional<ReplaySummary> replay = body.has("replay")
                    ? Optional.of(ReplaySummary.read(JSON.writeValueAsBytes(body.get("replay")), java.time.Instant.now()))
                    : Optional.empty();
            return deployment.check(candidate, new DeploymentCheck.Environment(body.path("environment").asText(), rest, drifts,
                    List.of(), wire(body.path("wire"))), replay);
        }
        return checker.check(candidate, rest);
    }

    /**
     * A block's {@code "wire"}: what the registry keeps of the environment's wire, {@code {"candidateLastRan": instant
     * or absent, "carried": [{"kind", "type", "revision", "count", "first"}], "findings": [{"release", "id",
     * "severity", "type", "count"}]}}; absent, nothing was watched.
     */
    private static DeploymentCheck.Wire wire(JsonNode wire) {
        if (wire.isMissingNode()) return DeploymentCheck.Wire.NONE;
        List<DeploymentCheck.Carried> carried = new ArrayList<>();
        for (JsonNode c : wire.path("carried")) {
            carried.add(new DeploymentCheck.Carried(c.path("kind").asText(), c.path("type").asText(), c.path("revision").asInt(),
                    c.path("count").asLong(), c.path("first").asText()));
        }
        List<DeploymentCheck.WireFinding> findings = new ArrayList<>();
        for (JsonNode f : wire.path("findings")) {
            findings.add(new DeploymentCheck.WireFinding(f.path("release").asText(), f.path("id").asText(), f.path("severity").asText(),
                    f.path("type").asText(), f.path("count").asLong()));
        }
        return new DeploymentCheck.Wire(wire.hasNonNull("candidateLastRan") ? wire.get("candidateLastRan").asText() : null, carried, findings);
    }

    private static int more(String after, String before, String token) {
        return count(after, token) - count(before, token);
    }

    private static int count(String text, String token) {
        int n = 0;
        for (int i = text.indexOf(token); i >= 0; i = text.indexOf(token, i + 1)) n++;
        return n;
    }

    private static List<String> canonical(List<Manifest> releases) throws IOException {
        List<String> out = new ArrayList<>();
        for (Manifest m : releases) out.add(JSON.writeValueAsString(m.source()));
        return out;
    }

    private void run(Rule rule, Example example) throws IOException {
        List<Manifest> releases = manifests(example);
        Report report = check(example, releases);
        String where = DOC + ":" + example.line() + " (" + example.name() + ")";
        List<Finding> ofRule = report.findings().stream().filter(f -> f.rule() == rule).toList();
        if (example.kind() == Kind.BREAKING) {
            Severity expected = example.severity().orElse(rule.severity());
            assertFalse(ofRule.isEmpty(), () -> where + ": expected a " + rule.id() + " finding, got\n" + describe(report));
            assertTrue(ofRule.stream().anyMatch(f -> f.severity() == expected),
                    () -> where + ": expected " + rule.id() + " with severity " + expected.label() + ", got\n" + describe(report));
            if (expected == Severity.BREAKING) {
                assertEquals("breaking", report.verdict(), () -> where + ": verdict\n" + describe(report));
            }
            if (example.only()) {
                assertTrue(report.findings().stream().allMatch(f -> f.rule() == rule),
                        () -> where + ": marked 'only', but other rules were reported\n" + describe(report));
            }
        } else {
            assertTrue(ofRule.isEmpty(), () -> where + ": the passing fix must not report " + rule.id() + "\n" + describe(report));
            assertEquals(0, report.count(Severity.BREAKING), () -> where + ": breaking findings in a passing fix\n" + describe(report));
            assertEquals(0, report.count(Severity.WARNING), () -> where + ": warnings in a passing fix\n" + describe(report));
            assertEquals("compatible", report.verdict(), () -> where + ": verdict\n" + describe(report));
        }
    }

    /**
     * The releases of a block, oldest first; the last one is the candidate. For a can-deploy block, the releases
     * running in the environment, then the candidate.
     */
    private List<Manifest> manifests(Example example) throws IOException {
        JsonNode body = JSON.readTree(example.json());
        List<JsonNode> documents = new ArrayList<>();
        if (body.size() == 1 && body.has("releases")) {
            body.get("releases").forEach(documents::add);
        } else if (body.size() == 1 && body.has("schemas")) {
            documents.addAll(wrap(body.get("schemas")));
        } else if (body.size() == 3 + (body.has("drift") ? 1 : 0) + (body.has("wire") ? 1 : 0) + (body.has("replay") ? 1 : 0)
                && body.has("environment")
                && body.has("running") && body.has("candidate")) {
            body.get("running").forEach(documents::add);
            documents.add(body.get("candidate"));
        } else {
            fail(DOC + ":" + example.line() + ": a block is {\"releases\": [...]}, {\"schemas\": {...}} or"
                    + " {\"environment\": ..., \"running\": [...], \"candidate\": ...[, \"drift\": [...]][, \"wire\": {...}][, \"replay\": {...}]}");
        }
        assertTrue(documents.size() >= 2, DOC + ":" + example.line() + ": at least one baseline and a candidate");
        List<Manifest> out = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            String source = DOC + ":" + example.line() + " release " + (i + 1);
            try {
                // Through bytes, so that the reader parses the example exactly as it parses a user's file.
                out.add(reader.read(JSON.writeValueAsBytes(documents.get(i)), source));
            } catch (InvalidInputException e) {
                fail("the example is not a valid Manifest:\n" + e.getMessage());
            }
        }
        return out;
    }

    /**
     * The {@code {"schemas": {"role", "before", "after", "published"}}} shorthand, as documented at the top of
     * docs/rules.md: the two schemas in releases 1.0.0 and 1.1.0 of service example-shop, aggregate shop.order.
     */
    static List<JsonNode> wrap(JsonNode block) {
        Set<String> allowed = Set.of("role", "before", "after", "published");
        block.fieldNames().forEachRemaining(name -> assertTrue(allowed.contains(name), "unknown key in a schemas block: " + name));
        String role = block.path("role").asText();
        return List.of(manifest("1.0.0", slot(role, block.get("before"), block)), manifest("1.1.0", slot(role, block.get("after"), block)));
    }

    private static ObjectNode slot(String role, JsonNode schema, JsonNode block) {
        assertTrue(schema != null, "a schemas block needs \"before\" and \"after\"");
        ObjectNode slot = JSON.createObjectNode();
        switch (role) {
            case "event" -> slot.putObject("events").putObject("OrderPlaced").putObject("revisions").putObject("1").set("schema", schema);
            case "command" -> slot.putObject("commands").putObject("PlaceOrder").set("schema", schema);
            case "state" -> {
                ObjectNode state = slot.putObject("state");
                state.set("schema", schema);
                state.put("published", block.path("published").asBoolean(true));
            }
            default -> fail("role must be event, command or state, not '" + role + "'");
        }
        return slot;
    }

    private static ObjectNode manifest(String version, ObjectNode slot) {
        ObjectNode m = JSON.createObjectNode();
        m.put("manifest", 1);
        m.put("service", "example-shop");
        m.put("version", version);
        m.putObject("contexts").putObject("shop").putObject("aggregates").set("order", slot);
        return m;
    }

    private static String describe(Report report) {
        if (report.findings().isEmpty()) return "  (no findings; verdict " + report.verdict() + ")";
        return report.findings().stream()
                .map(f -> "  " + f.severity().label() + " " + f.rule().id() + " " + f.subject() + " " + f.pointer() + ": " + f.message())
                .collect(Collectors.joining("\n", "", "\n  verdict " + report.verdict()));
    }

    private static URI at(Path doc, int line) {
        return URI.create(doc.toUri() + "?line=" + line);
    }

    // ------------------------------------------------------------------ parsing docs/rules.md

    enum Kind { BREAKING, PASSING }

    /** One fenced {@code json example=...} block; {@code line} is the 1-based line of its opening fence. */
    record Example(Kind kind, int ordinal, boolean numbered, Optional<Severity> severity, boolean only, String json, int line) {
        String name() {
            String base = kind == Kind.BREAKING ? "breaking example" : "passing fix";
            return numbered ? base + " " + ordinal : base;
        }
    }

    record Section(String ruleId, int line, Map<String, String> fields, boolean testLine, List<Example> examples,
            List<String> detectedBy) {}

    /**
     * Sections are {@code ## `rule-id`} headings; headings without a backticked id are prose and may only
     * come before the first rule section. Inside a section: the {@code - **Severity:**} ... field lines,
     * a {@code - **Detected by:**} line linking the classes that report the rule, a {@code **Test:**} line, and
     * fenced blocks whose info string is {@code json example=breaking|passing} with optional {@code severity=...}
     * and {@code only}.
     */
    static List<Section> parse(List<String> lines) {
        List<SectionBuilder> sections = new ArrayList<>();
        SectionBuilder current = null;
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            int lineNo = i + 1;
            if (line.startsWith("```")) {
                String info = line.substring(3).trim();
                StringBuilder body = new StringBuilder();
                int j = i + 1;
                while (j < lines.size() && !lines.get(j).startsWith("```")) {
                    body.append(lines.get(j)).append('\n');
                    j++;
                }
                if (j == lines.size()) throw new IllegalStateException(DOC + ":" + lineNo + ": code block is not closed");
                List<String> words = Arrays.asList(info.split("\\s+"));
                Optional<String> exampleKind = words.stream().filter(w -> w.startsWith("example=")).findFirst();
                if (exampleKind.isPresent()) {
                    if (current == null) throw new IllegalStateException(DOC + ":" + lineNo + ": example outside a rule section");
                    current.example(lineNo, words, body.toString());
                }
                i = j + 1;
                continue;
            }
            if (line.startsWith("## ")) {
                Matcher m = RULE_HEADING.matcher(line);
                if (m.matches()) {
                    current = new SectionBuilder(m.group(1), lineNo);
                    sections.add(current);
                } else if (current != null) {
                    throw new IllegalStateException(DOC + ":" + lineNo + ": heading '" + line
                            + "' after the first rule section; every section there is '## `rule-id`'");
                }
            } else if (current != null) {
                Matcher f = FIELD.matcher(line);
                if (f.matches()) current.fields.put(f.group(1), f.group(2).trim());
                Matcher d = DETECTED_BY.matcher(line);
                if (d.matches()) {
                    Matcher links = LINK.matcher(d.group(1));
                    while (links.find()) current.detectedBy.add(links.group(1));
                }
                if (line.startsWith("**Test:**") && line.contains("`" + current.ruleId + "`")) current.testLine = true;
            }
            i++;
        }
        return sections.stream().map(SectionBuilder::build).toList();
    }

    private static final class SectionBuilder {
        final String ruleId;
        final int line;
        final Map<String, String> fields = new LinkedHashMap<>();
        final List<Example> examples = new ArrayList<>();
        final List<String> detectedBy = new ArrayList<>();
        boolean testLine;

        SectionBuilder(String ruleId, int line) {
            this.ruleId = ruleId;
            this.line = line;
        }

        void example(int lineNo, List<String> words, String json) {
            if (!words.get(0).equals("json")) throw new IllegalStateException(DOC + ":" + lineNo + ": example blocks are ```json");
            Kind kind = null;
            Optional<Severity> severity = Optional.empty();
            boolean only = false;
            for (String w : words.subList(1, words.size())) {
                if (w.equals("example=breaking")) kind = Kind.BREAKING;
                else if (w.equals("example=passing")) kind = Kind.PASSING;
                else if (w.startsWith("severity=")) severity = Optional.of(Severity.fromLabel(w.substring("severity=".length())));
                else if (w.equals("only")) only = true;
                else throw new IllegalStateException(DOC + ":" + lineNo + ": unknown word '" + w + "' on an example fence");
            }
            if (kind == null) throw new IllegalStateException(DOC + ":" + lineNo + ": example=breaking or example=passing");
            Kind k = kind;
            int ordinal = (int) examples.stream().filter(e -> e.kind() == k).count() + 1;
            examples.add(new Example(kind, ordinal, false, severity, only, json, lineNo));
        }

        Section build() {
            // Number the examples only where a section has more than one of a kind, so names stay short.
            List<Example> named = examples.stream().map(e -> {
                long sameKind = examples.stream().filter(x -> x.kind() == e.kind()).count();
                return new Example(e.kind(), e.ordinal(), sameKind > 1, e.severity(), e.only(), e.json(), e.line());
            }).toList();
            return new Section(ruleId, line, Map.copyOf(fields), testLine, named, List.copyOf(detectedBy));
        }
    }
}
