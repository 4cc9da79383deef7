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
import org.junit.jupiter.api.Test;

/**
 * The layers of compat-rules' packages, as the table of docs/architecture.md ("Inside `compat-rules`: packages and
 * their arrows") states them, against the sources: every package of the module is in the table, each imports
 * exactly the packages its row names, and only packages of lower layers. So an arrow pointing up fails here, and
 * so does a table that no longer says what the code does.
 */
class PackageLayersTest {
    private static final String DOC = "docs/architecture.md";
    private static final String SECTION = "## Inside `compat-rules`: packages and their arrows";
    private static final Path SOURCES = Path.of("compat-rules", "src", "main", "java", "dev", "wowcompat");
    private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\| ([^|]+) \\|[^|]*\\| ([^|]+) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z]+)`");
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.wowcompat\\.([a-z]+)\\.");

    private record Row(int layer, Set<String> imports) {}

    @Test
    void everyArrowPointsDownAndTheTableSaysWhichOnes() throws IOException {
        Map<String, Row> table = table();
        Map<String, Set<String>> actual = referencedPackages();
        assertEquals(actual.keySet(), table.keySet(), DOC + ": one row per package of compat-rules");
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
    private static Map<String, Row> table() throws IOException {
        List<String> lines = Files.readAllLines(RepositoryRoot.resolve(DOC));
        int start = lines.indexOf(SECTION);
        assertTrue(start >= 0, DOC + " has no section '" + SECTION + "'");
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

    /** Each package of the module, with the other packages of ours its sources name (imports and qualified names). */
    private static Map<String, Set<String>> referencedPackages() throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(RepositoryRoot.resolve(SOURCES.toString()))) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                String pkg = dir.getFileName().toString();
                Set<String> used = new TreeSet<>();
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        Matcher m = REFERENCE.matcher(Files.readString(file));
                        while (m.find()) if (!m.group(1).equals(pkg)) used.add(m.group(1));
                    }
                }
                out.put(pkg, used);
            }
        }
        return out;
    }
}
