package dev.wowcompat.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.check.RuleRegistry.Category;
import dev.wowcompat.check.RuleRegistry.Registration;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The registration table against the engine's sources (docs/architecture.md, "Rules and their detectors"): a rule's
 * findings are made in the class its row names and in no other, that class makes them, and its categories say
 * where it can be decided. A finding is made where a rule constant is handed to {@code emit}, {@code Finding.of},
 * {@code new Finding} or a report's {@code add}; reading a finding's rule ({@code f.rule() == Rule.X}) is no making.
 */
class RuleRegistryTest {
    private static final Path ENGINE = Path.of("compat-rules", "src", "main", "java");
    private static final Pattern MADE = Pattern.compile("(?:\\bemit|\\bFinding\\.of|\\bnew Finding|\\.add)\\(\\s*(?:Rule\\.)?([A-Z][A-Z0-9_]*)\\s*,");

    @Test
    void everyRuleHasOneRowInTheCataloguesOrder() {
        assertEquals(Arrays.asList(Rule.values()), RuleRegistry.all().stream().map(Registration::rule).toList());
    }

    @Test
    void aRulesFindingsAreMadeByItsDetectorAndNowhereElse() throws IOException {
        Map<Rule, Set<String>> makers = makers();
        List<String> wrong = new ArrayList<>();
        for (Registration r : RuleRegistry.all()) {
            Set<String> found = makers.getOrDefault(r.rule(), Set.of());
            Set<String> expected = Set.of(r.detector().getName());
            if (!found.equals(expected)) {
                wrong.add(r.rule().id() + " is registered to " + r.detector().getName() + " but made in " + found);
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theCategoriesSayWhereARuleCanBeDecided() {
        List<String> wrong = new ArrayList<>();
        for (Registration r : RuleRegistry.all()) {
            String where = r.rule().id() + " (" + r.detector().getSimpleName() + ", " + r.categories() + ")";
            // A release check or can-deploy: each rule belongs to exactly one of them.
            if (r.categories().contains(Category.ADDITIVE) == r.categories().contains(Category.DEPLOYMENT)) {
                wrong.add(where + ": neither or both of ADDITIVE and DEPLOYMENT");
            }
            // Only can-deploy's check makes the rules of can-deploy, and it makes no other.
            if (r.categories().contains(Category.DEPLOYMENT) != (r.detector() == DeploymentCheck.class)) {
                wrong.add(where + ": DEPLOYMENT and DeploymentCheck go together");
            }
            // The plain levels run the schema diff only: a rule that applies there is decided in its walk.
            if (r.categories().contains(Category.PLAIN) && !r.detector().getPackageName().equals("dev.wowcompat.diff")) {
                wrong.add(where + ": PLAIN, but not decided in the schema diff");
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(List.of(Rule.FIELD_REMOVED, Rule.FIELD_RENAMED, Rule.FIELD_TYPE_CHANGED, Rule.FIELD_REQUIRED_ADDED,
                Rule.CONSTRAINT_TIGHTENED, Rule.CONSTRAINT_LOOSENED, Rule.ENUM_VALUE_ADDED, Rule.CLOSED_CONTENT_MODEL),
                RuleRegistry.at(Category.PLAIN), "the rules about which documents validate, and only they, apply at the plain levels");
        assertEquals(EnumSet.of(Category.ADDITIVE), EnumSet.copyOf(RuleRegistry.of(Rule.MEANING_CHANGED).categories()));
    }

    /**
     * The categories as the checks run them: pairs of schemas that, under ADDITIVE, break rules outside PLAIN (a
     * meaning, a default, a const, a multipleOf) give only PLAIN rules under every plain level.
     */
    @Test
    void thePlainLevelsReportOnlyThePlainRules() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String[]> pairs = List.of(
                new String[] {"{\"properties\":{\"at\":{\"type\":\"string\",\"format\":\"date-time\"}}}",
                        "{\"properties\":{\"at\":{\"type\":\"string\",\"format\":\"date\"}}}"},
                new String[] {"{\"properties\":{\"a\":{\"type\":\"string\"}}}",
                        "{\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"string\"}}}"},
                new String[] {"{\"properties\":{\"kind\":{\"const\":\"card\"}}}", "{\"properties\":{\"kind\":{\"const\":\"cash\"}}}"},
                new String[] {"{\"properties\":{\"n\":{\"type\":\"integer\",\"multipleOf\":2}}}",
                        "{\"properties\":{\"n\":{\"type\":\"integer\",\"multipleOf\":3}}}"},
                new String[] {"{\"properties\":{\"s\":{\"type\":\"string\",\"maxLength\":10,\"default\":\"a\"}}}",
                        "{\"properties\":{\"s\":{\"type\":\"string\",\"maxLength\":5,\"default\":\"b\"}}}"});
        Set<Rule> additive = EnumSet.noneOf(Rule.class);
        Set<Rule> plain = EnumSet.noneOf(Rule.class);
        for (String[] pair : pairs) {
            JsonNode before = json.readTree(pair[0]);
            JsonNode after = json.readTree(pair[1]);
            SchemaChecker.check(Level.ADDITIVE, List.of(before), after).findings().forEach(f -> additive.add(f.rule()));
            for (Level level : List.of(Level.BACKWARD, Level.FORWARD, Level.FULL, Level.FULL_TRANSITIVE)) {
                SchemaChecker.check(level, List.of(before), after).findings().forEach(f -> plain.add(f.rule()));
            }
        }
        assertEquals(EnumSet.of(Rule.MEANING_CHANGED, Rule.FIELD_DEFAULT_MISSING, Rule.CONSTRAINT_TIGHTENED), additive,
                "under ADDITIVE the pairs break rules of both kinds");
        // A const changed is, to what validates, a value no longer allowed and a value old readers reject.
        assertEquals(EnumSet.of(Rule.CONSTRAINT_TIGHTENED, Rule.ENUM_VALUE_ADDED), plain,
                "under the plain levels only rules registered for PLAIN are reported");
        for (Rule rule : plain) assertTrue(RuleRegistry.appliesAt(rule, Category.PLAIN), rule.id());
    }

    /** For each rule, the classes (binary names) whose sources make its findings. */
    private static Map<Rule, Set<String>> makers() throws IOException {
        Map<Rule, Set<String>> out = new TreeMap<>();
        Path root = RepositoryRoot.resolve(ENGINE.toString());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(f -> f.toString().endsWith(".java")).toList();
        }
        assertFalse(files.isEmpty(), root + " holds no sources");
        for (Path file : files) {
            String name = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".").replaceAll("\\.java$", "");
            Matcher m = MADE.matcher(Files.readString(file));
            while (m.find()) {
                String constant = m.group(1);
                Arrays.stream(Rule.values()).filter(r -> r.name().equals(constant))
                        .forEach(rule -> out.computeIfAbsent(rule, k -> new TreeSet<>()).add(name));
            }
        }
        return out;
    }
}
