package dev.wowcompat.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The page's modules (app.js and web/js/*.js, docs/architecture.md, "The web page") import one another without a
 * cycle: a module imported by what it imports runs before its importer is ready, and every arrow points one way (a
 * view reaches the router's work through navigation.js, never by importing the router).
 */
class PageModuleCyclesTest {
    private static final Path WEB = Path.of("src", "main", "resources", "web");
    /** A static import of a sibling module: {@code import {a, b} from './x.js';} or {@code import './x.js';}. */
    private static final Pattern IMPORT = Pattern.compile("^\\s*import\\s+(?:[^'\"]*?\\s+from\\s+)?['\"]\\./(?:js/)?([a-z0-9-]+\\.js)['\"]", Pattern.MULTILINE);

    @Test
    void noModuleOfThePageImportsItselfThroughOthers() throws IOException {
        Map<String, List<String>> imports = moduleImports();
        assertTrue(imports.size() >= 15 && imports.containsKey("router.js") && imports.containsKey("view-can-deploy.js"),
                "every module is read: " + imports.keySet());
        assertTrue(imports.get("app.js").contains("router.js"), "imports are read: " + imports.get("app.js"));
        for (List<String> targets : imports.values()) {
            for (String target : targets) assertTrue(imports.containsKey(target), "an import of a module that ships: " + target);
        }
        assertEquals(Optional.empty(), cycle(imports), "an import cycle among the page's modules");
    }

    @Test
    void theCycleFinderFindsACycleAndNamesItsModules() {
        Map<String, List<String>> imports = new TreeMap<>(Map.of("app.js", List.of("router.js"), "router.js", List.of("dom.js", "view-a.js"),
                "view-a.js", List.of("dom.js", "view-b.js"), "view-b.js", List.of("router.js"), "dom.js", List.of()));
        assertEquals(Optional.of(List.of("router.js", "view-a.js", "view-b.js", "router.js")), cycle(imports));
        assertEquals(Optional.empty(), cycle(Map.of("a.js", List.of("b.js", "c.js"), "b.js", List.of("c.js"), "c.js", List.of())));
    }

    /** Each module's file name and the sibling modules it imports, in the order it imports them. */
    private static Map<String, List<String>> moduleImports() throws IOException {
        Map<String, List<String>> out = new TreeMap<>();
        List<Path> files = new ArrayList<>(List.of(WEB.resolve("app.js")));
        try (Stream<Path> js = Files.list(WEB.resolve("js"))) {
            js.filter(p -> p.getFileName().toString().endsWith(".js")).sorted().forEach(files::add);
        }
        for (Path file : files) {
            List<String> targets = new ArrayList<>();
            Matcher m = IMPORT.matcher(Files.readString(file));
            while (m.find()) targets.add(m.group(1));
            out.put(file.getFileName().toString(), targets);
        }
        return out;
    }

    /** The first cycle a depth-first walk meets, as the modules along it with the first repeated at the end. */
    static Optional<List<String>> cycle(Map<String, List<String>> imports) {
        Set<String> done = new LinkedHashSet<>();
        for (String start : new TreeMap<>(imports).keySet()) {
            Optional<List<String>> found = walk(start, imports, new ArrayList<>(), done);
            if (found.isPresent()) return found;
        }
        return Optional.empty();
    }

    private static Optional<List<String>> walk(String module, Map<String, List<String>> imports, List<String> path, Set<String> done) {
        int at = path.indexOf(module);
        if (at >= 0) {
            List<String> loop = new ArrayList<>(path.subList(at, path.size()));
            loop.add(module);
            return Optional.of(loop);
        }
        if (done.contains(module)) return Optional.empty();
        path.add(module);
        for (String next : imports.getOrDefault(module, List.of())) {
            Optional<List<String>> found = walk(next, imports, path, done);
            if (found.isPresent()) return found;
        }
        path.remove(path.size() - 1);
        done.add(module);
        return Optional.empty();
    }
}
