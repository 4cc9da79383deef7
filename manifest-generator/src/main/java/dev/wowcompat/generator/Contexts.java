package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The service's bounded contexts, from its {@code @BoundedContext} classes and its wow-metadata.json, and which
 * context each aggregate root belongs to.
 */
final class Contexts {
    /** A context: its name, alias, package scopes and the aggregate names it lists. */
    record Declared(String name, String alias, List<String> scopes, Set<String> aggregateNames) {
    }

    /** Where an aggregate root lives: its context and its name. */
    record Placement(Declared context, String aggregateName) {
    }

    private final Map<String, Declared> declared = new TreeMap<>();
    private final WowMetadata metadata;
    private final Problems problems;

    Contexts(List<Class<?>> classes, WowMetadata metadata, String service, Problems problems) {
        this.metadata = metadata;
        this.problems = problems;
        for (Class<?> type : classes) {
            Optional<Annotation> bc = ByName.find(type, ByName.BOUNDED_CONTEXT);
            if (bc.isEmpty() || type.isAnnotation()) {
                continue;
            }
            try {
                declare(type, bc.get());
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
            }
        }
        for (WowMetadata.Context c : metadata.contexts().values()) {
            Declared d = declared.get(c.name());
            if (d == null) {
                declared.put(c.name(), new Declared(c.name(), c.alias(), c.scopes(), c.aggregates().keySet()));
            } else if (!d.alias().equals(c.alias()) && !c.alias().equals(c.name())) {
                problems.warn("Context " + c.name() + ": wow-metadata.json gives alias '" + c.alias()
                        + "' but @BoundedContext gives '" + d.alias() + "'; using '" + d.alias() + "'.");
            }
        }
        if (declared.isEmpty()) {
            problems.warn("No class is annotated @BoundedContext and there is no " + WowMetadata.RESOURCE
                    + "; the aggregates are put in a context named after the service, '" + service + "'.");
            declared.put(service, new Declared(service, service, List.of(), Set.of()));
        }
    }

    private void declare(Class<?> type, Annotation bc) {
        String owner = type.getName();
        String name = ByName.string(bc, "name", owner);
        String alias = ByName.string(bc, "alias", owner);
        List<String> scopes = new ArrayList<>(List.of(ByName.strings(bc, "scopes", owner)));
        for (Class<?> scope : ByName.classes(bc, "packageScopes", owner)) {
            scopes.add(scope.getPackageName());
        }
        if (scopes.isEmpty()) {
            // As Wow's compiler does: a context without scopes covers the package of the class declaring it.
            scopes.add(type.getPackageName());
        }
        Set<String> aggregateNames = new LinkedHashSet<>();
        for (Annotation aggregate : ByName.annotations(bc, "aggregates", owner)) {
            aggregateNames.add(ByName.string(aggregate, "name", owner));
        }
        if (declared.containsKey(name)) {
            problems.problem(owner + ": declares bounded context '" + name + "', which another class declares too.");
            return;
        }
        declared.put(name, new Declared(name, alias.isBlank() ? name : alias, scopes, aggregateNames));
    }

    /** Aggregate root classes named by wow-metadata.json that scanning did not find annotated. */
    List<String> metadataAggregateTypes() {
        List<String> types = new ArrayList<>();
        metadata.contexts().values().forEach(c -> c.aggregates().values().forEach(a -> a.type().ifPresent(types::add)));
        return types;
    }

    /** The metadata's entry for this aggregate root, when it names the class. */
    Optional<WowMetadata.Aggregate> metadataOf(Class<?> root) {
        for (WowMetadata.Context c : metadata.contexts().values()) {
            for (WowMetadata.Aggregate a : c.aggregates().values()) {
                if (a.type().filter(root.getName()::equals).isPresent()) {
                    return Optional.of(a);
                }
            }
        }
        return Optional.empty();
    }

    Optional<Placement> place(Class<?> root) {
        String derived = Naming.wowName(root);
        for (WowMetadata.Context c : metadata.contexts().values()) {
            for (WowMetadata.Aggregate a : c.aggregates().values()) {
                if (a.type().filter(root.getName()::equals).isPresent()) {
                    if (!a.name().equals(derived)) {
                        problems.warn(root.getName() + ": wow-metadata.json names this aggregate '" + a.name()
                                + "' where the class says '" + derived + "'; using '" + a.name() + "' as Wow does.");
                    }
                    return Optional.of(new Placement(declared.get(c.name()), a.name()));
                }
            }
        }
        if (!metadata.contexts().isEmpty()) {
            problems.warn(root.getName() + ": is an aggregate root that " + WowMetadata.RESOURCE
                    + " does not list; is the metadata out of date?");
        }
        for (Declared d : declared.values()) {
            if (d.aggregateNames().contains(derived)) {
                return Optional.of(new Placement(d, derived));
            }
        }
        Declared best = null;
        int bestLength = -1;
        for (Declared d : declared.values()) {
            for (String scope : d.scopes()) {
                String pkg = root.getPackageName();
                if ((pkg.equals(scope) || pkg.startsWith(scope + ".")) && scope.length() > bestLength) {
                    best = d;
                    bestLength = scope.length();
                }
            }
        }
        if (best == null && declared.size() == 1) {
            best = declared.values().iterator().next();
        }
        if (best == null) {
            problems.problem(root.getName() + ": no bounded context covers this aggregate root (none lists '" + derived
                    + "' and no context's scopes include package " + root.getPackageName() + ").");
            return Optional.empty();
        }
        return Optional.of(new Placement(best, derived));
    }
}
