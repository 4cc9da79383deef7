package dev.wowcompat.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The layers of a module's packages, as its table in docs/architecture.md ("Inside `compat-rules`: packages and
 * their arrows", "Inside `registry-server`: ...") states them, against the sources: every package of the module is
 * in the table, each imports exactly the packages of the module its row names, and only packages of lower layers.
 * So an arrow pointing up fails here, and so does a table that no longer says what the code does. Arrows to other
 * modules' packages are the module table's business (Maven refuses a cycle between modules).
 */
class PackageLayersTest {
    private static final String DOC = "docs/architecture.md";
    private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\| ([^|]+) \\|[^|]*\\| ([^|]+) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z]+)`");
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.wowcompat\\.([a-z]+)\\.");

    private record Row(int layer, Set<String> imports) {}

    @ParameterizedTest
    @ValueSource(strings = {"compat-rules", "registry-server"})
    void everyArrowPointsDownAndTheTableSaysWhichOnes(String module) throws IOException {
        Map<String, Row> table = table("## Inside `" + module + "`: packages and their arrows");
        Map<String, Set<String>> actual = referencedPackages(Path.of(module, "src", "main", "java", "dev", "wowcompat"));
        assertEquals(actual.keySet(), table.keySet(), DOC + ": one row per package of " + module);
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : actual.entrySet()) {
            Row row = table.get(e.getKey());
            for (String used : e.getValue()) {
                if (table.get(used).layer() <= row.layer()) {
                    wrong.add(e.getKey() + " (layer " + row.layer() + ") uses " + used + " (layer " + table.get(used).layer() + ")");
                }
            }
            if (!e.getValue().equals(row.imports())) {
                wrong.add(DOC + " says " + e.getKey() + " imports " + row.imports() + ", the code imports " + e.getValue());
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** The section's table: package, its layer and the packages its row says it imports. */
    private static Map<String, Row> table(String section) throws IOException {
        List<String> lines = Files.readAllLines(RepositoryRoot.resolve(DOC));
        int start = lines.indexOf(section);
        assertTrue(start >= 0, DOC + " has no section '" + section + "'");
        Map<String, Row> out = new TreeMap<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("## ")) break;
            Matcher row = ROW.matcher(line);
            if (!row.matches()) continue;
            Set<String> imports = new TreeSet<>();
            Matcher name = NAME.matcher(row.group(3));
            while (name.find()) imports.add(name.group(1));
            Matcher packages = NAME.matcher(row.group(2));
            while (packages.find()) out.put(packages.group(1), new Row(Integer.parseInt(row.group(1)), imports));
        }
        assertFalse(out.isEmpty(), DOC + ": the section has no table of layers");
        return out;
    }

    /**
     * Each package of the module (a sub-package counts as its parent's), with the module's other packages its sources
     * name (imports and qualified names).
     */
    private static Map<String, Set<String>> referencedPackages(Path sources) throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        List<Path> dirs;
        try (Stream<Path> listed = Files.list(RepositoryRoot.resolve(sources.toString()))) {
            dirs = listed.filter(Files::isDirectory).toList();
        }
        Set<String> own = new TreeSet<>();
        for (Path dir : dirs) own.add(dir.getFileName().toString());
        for (Path dir : dirs) {
            String pkg = dir.getFileName().toString();
            Set<String> used = new TreeSet<>();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = REFERENCE.matcher(Files.readString(file));
                    while (m.find()) if (!m.group(1).equals(pkg) && own.contains(m.group(1))) used.add(m.group(1));
                }
            }
            out.put(pkg, used);
        }
        return out;
    }
}
