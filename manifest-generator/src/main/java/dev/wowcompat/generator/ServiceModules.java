package dev.wowcompat.generator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The modules of the service that are on its classpath rather than among its class directories. Wow's examples
 * split a service into an api module (commands, events, error codes, the context's alias and scopes) and a domain
 * module that depends on it; given the domain module alone, the api module is a jar on the classpath. A classpath
 * entry that holds the commands, events or states the service's aggregates handle and declares a
 * {@code @BoundedContext} is part of the service, as Wow merges every context declaration at run time; one that
 * holds them but declares no context is named in a warning, since its error codes cannot be told from a
 * library's.
 */
final class ServiceModules {
    /** Wow's own API: its defaults are every service's, not part of one. */
    private static final String WOW = "me.ahoo.wow.api.";

    private final ClassLoader loader;
    private final GenerationProblems problems;

    ServiceModules(ClassLoader loader, GenerationProblems problems) {
        this.loader = loader;
        this.problems = problems;
    }

    /** The classpath entries to read as the service's own classes too. */
    List<Path> find(List<Path> directories, ServiceScan.Scanned scanned) {
        Set<Path> own = new HashSet<>();
        directories.forEach(d -> own.add(d.toAbsolutePath().normalize()));
        Map<Path, List<String>> holders = new TreeMap<>();
        for (Class<?> type : handled(scanned)) {
            ClassScanner.location(type).filter(l -> !own.contains(l) && !type.getName().startsWith(WOW))
                    .ifPresent(l -> holders.computeIfAbsent(l, k -> new ArrayList<>()).add(type.getName()));
        }
        List<Path> modules = new ArrayList<>();
        holders.forEach((location, types) -> {
            if (declaresContext(location)) {
                modules.add(location);
            } else {
                problems.warn(location + ": holds " + types.size() + " of the service's commands, events and states (e.g. "
                        + types.get(0) + ") but declares no @BoundedContext, so it is not read as part of the service: its "
                        + "error codes are not in the Manifest; give it with the service's classes if they belong there.");
            }
        });
        return modules;
    }

    private static Set<Class<?>> handled(ServiceScan.Scanned scanned) {
        Set<Class<?>> types = new LinkedHashSet<>();
        for (Model.Context context : scanned.contexts().values()) {
            for (Model.Aggregate aggregate : context.aggregates().values()) {
                types.add(aggregate.state());
                types.addAll(aggregate.commands().values());
                aggregate.events().values().forEach(types::addAll);
            }
        }
        return types;
    }

    private boolean declaresContext(Path location) {
        for (String name : ClassScanner.classNames(location)) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                if (ByName.declares(type, ByName.BOUNDED_CONTEXT)) {
                    return true;
                }
            } catch (ClassNotFoundException | LinkageError | TypeNotPresentException e) {
                // A class of that entry needing what the classpath lacks says nothing about its contexts.
            }
        }
        return false;
    }
}
