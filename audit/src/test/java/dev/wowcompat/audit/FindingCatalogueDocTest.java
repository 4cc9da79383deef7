package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Holds docs/audit.md to the findings the audit reports, as RuleCatalogueDocTest (compat-rules) holds docs/rules.md
 * to the rules: every {@link AuditFinding} has its {@code ### id} section and its row in the findings table; the
 * section states the finding's severity, a "Decided by" line linking the classes that decide it (one of them names
 * the finding's constant in its code), and a runnable example: an {@code audit} command whose output reports the
 * finding, which doc-commands runs as written (docs/README.md, "Every command runs").
 */
class FindingCatalogueDocTest {
    private static final String DOC = "docs/audit.md";
    private static final Pattern FINDING_HEADING = Pattern.compile("^### ([a-z0-9-]+)\\s*$");
    private static final Pattern DECIDED_BY = Pattern.compile("^\\*\\*Decided by:\\*\\* (.*)$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    /** Where the classes that decide findings live: the audit's own, and value-profiles' for the findings about values. */
    private static final List<String> DECIDING_SOURCES = List.of("audit/src/main/java/", "value-profiles/src/main/java/");

    @TestFactory
    Stream<DynamicNode> findingCatalogue() throws IOException {
        Path doc = RepositoryRoot.resolve(DOC);
        List<String> lines = Files.readAllLines(doc);
        List<Section> sections = parse(lines);
        List<DynamicNode> nodes = new ArrayList<>();
        nodes.add(dynamicTest("one section per finding of the AuditFinding enum", doc.toUri(), () -> {
            TreeSet<String> expected = new TreeSet<>(Arrays.stream(AuditFinding.values()).map(AuditFinding::id).toList());
            List<String> documented = sections.stream().map(Section::id).toList();
            assertEquals(documented.size(), new TreeSet<>(documented).size(), DOC + " has a finding's section twice: " + documented);
            assertEquals(expected, new TreeSet<>(documented), DOC + " must have exactly one '### finding-id' section per AuditFinding");
        }));
        nodes.add(dynamicTest("one row per finding in the findings table", doc.toUri(), () -> {
            for (AuditFinding f : AuditFinding.values()) {
                String row = "| [`" + f.id() + "`](#" + f.id() + ") | " + f.severity().label() + " |";
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(row)), DOC + ": no table row starting " + row);
            }
        }));
        for (Section section : sections) {
            nodes.add(dynamicContainer(section.id(), at(doc, section.line()), sectionTests(doc, section)));
        }
        return nodes.stream();
    }

    private static Stream<DynamicNode> sectionTests(Path doc, Section section) {
        Optional<AuditFinding> known = AuditFinding.byId(section.id());
        if (known.isEmpty()) {
            return Stream.of(dynamicTest("is a finding of the AuditFinding enum", at(doc, section.line()),
                    () -> fail("'" + section.id() + "' (" + DOC + ":" + section.line() + ") is not a finding id")));
        }
        AuditFinding finding = known.get();
        String where = DOC + ":" + section.line() + " (" + finding.id() + ")";
        return Stream.of(
                dynamicTest("states the enum's severity", at(doc, section.line()), () -> assertTrue(
                        section.body().contains("Severity: " + finding.severity().label() + "."), where + ": no 'Severity: "
                                + finding.severity().label() + ".' line")),
                dynamicTest("names the classes that decide it", at(doc, section.line()), () -> decidedBy(finding, section, where)),
                dynamicTest("has a runnable example that reports it", at(doc, section.line()), () -> example(finding, section, where)));
    }

    /**
     * The "Decided by" line links at least one class; each link is a Java file of a module that decides findings, and
     * at least one of them names the finding's constant in its code (an import alone does not count), so the map from
     * finding to code cannot point at a moved, renamed or unrelated class.
     */
    private static void decidedBy(AuditFinding finding, Section section, String where) throws IOException {
        assertFalse(section.decidedBy().isEmpty(), where + ": no '**Decided by:** [`Class`](../audit/src/main/java/...)' line with a link");
        Path docs = RepositoryRoot.resolve(DOC).getParent();
        Pattern constant = Pattern.compile("\\b" + finding.name() + "\\b");
        boolean mentioned = false;
        for (String link : section.decidedBy()) {
            Path file = docs.resolve(link).normalize();
            assertTrue(DECIDING_SOURCES.stream().anyMatch(s -> file.startsWith(RepositoryRoot.resolve(s))) && file.toString().endsWith(".java"),
                    () -> where + ": " + link + " is not a class of " + DECIDING_SOURCES);
            assertTrue(Files.isRegularFile(file), () -> where + ": " + link + " names no file");
            mentioned |= Files.readAllLines(file).stream().filter(l -> !l.startsWith("import ")).anyMatch(l -> constant.matcher(l).find());
        }
        assertTrue(mentioned, where + ": none of " + section.decidedBy() + " mentions " + finding.name() + ", so none decides it");
    }

    /** A console block whose command runs {@code bin/wow-compat audit} and whose output reports the finding under its severity. */
    private static void example(AuditFinding finding, Section section, String where) {
        String reported = finding.severity().label().toUpperCase(Locale.ROOT) + " " + finding.id() + ": ";
        boolean found = section.consoleBlocks().stream().anyMatch(b -> b.lines().anyMatch(l -> l.startsWith("$ ") && l.contains("bin/wow-compat audit")
                || l.startsWith("    | bin/wow-compat audit")) && b.lines().anyMatch(l -> l.startsWith(reported)));
        assertTrue(found, where + ": no ```console block running bin/wow-compat audit whose output has '" + reported + "...'");
    }

    private static URI at(Path doc, int line) {
        return URI.create(doc.toUri() + "?line=" + line);
    }

    /** One {@code ### finding-id} section: its text up to the next heading, its console blocks and its "Decided by" links. */
    record Section(String id, int line, String body, List<String> consoleBlocks, List<String> decidedBy) {}

    /**
     * Sections are {@code ### id} headings of one word; any other heading (a {@code ## } chapter, a {@code ### } of prose
     * such as "Against what ran then") ends the section before it.
     */
    static List<Section> parse(List<String> lines) {
        List<Section> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher heading = FINDING_HEADING.matcher(lines.get(i));
            if (!heading.matches()) continue;
            int end = i + 1;
            boolean inBlock = false;
            for (; end < lines.size(); end++) {
                String l = lines.get(end);
                if (l.startsWith("```")) inBlock = !inBlock;
                if (!inBlock && l.startsWith("#")) break;
            }
            List<String> body = lines.subList(i + 1, end);
            List<String> blocks = new ArrayList<>();
            List<String> links = new ArrayList<>();
            StringBuilder block = null;
            for (String l : body) {
                if (block == null && l.startsWith("```console")) {
                    block = new StringBuilder();
                } else if (block != null && l.startsWith("```")) {
                    blocks.add(block.toString());
                    block = null;
                } else if (block != null) {
                    block.append(l).append('\n');
                } else {
                    Matcher d = DECIDED_BY.matcher(l);
                    if (d.matches()) for (Matcher m = LINK.matcher(d.group(1)); m.find(); ) links.add(m.group(1));
                }
            }
            out.add(new Section(heading.group(1), i + 1, String.join("\n", body), List.copyOf(blocks), List.copyOf(links)));
            i = end - 1;
        }
        return out;
    }
}
