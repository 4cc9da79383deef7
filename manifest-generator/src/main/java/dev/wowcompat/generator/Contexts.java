package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The service's bounded contexts, from its {@code @BoundedContext} classes and its wow-metadata.json, merged the
 * way Wow merges them (wow-core's {@code WowMetadata.merge}): several classes may declare one context (Wow's
 * examples declare it in the api module and again in the domain module); their scopes and aggregates add up, the
 * alias is the one that is given, and only a real conflict is refused: two aliases for one context, one alias for
 * two contexts, or one aggregate root that two contexts' scopes claim alike. Which context an aggregate root is in
 * is Wow's scope search over the merged scopes.
 */
final class Contexts {
    /**
     * A context with all its declarations merged (its package scopes are in the scope search, not here).
     *
     * @param aggregates the aggregates its declarations list, by name, each with its declared scopes
     */
    record Declared(String name, String alias, Map<String, Set<String>> aggregates) {
    }

    /** Where an aggregate root lives: its context and its name. */
    record Placement(Declared context, String aggregateName) {
    }

    /** A scope and the contexts' declarations that claim it (two or more is a conflict if a root falls under it). */
    private record Claim(String scope, Map<String, String> contextToDeclarer) {
    }

    private final Map<String, Declared> declared = new TreeMap<>();
    private final Scopes<Claim> contextScopes = new Scopes<>();
    private final Map<String, Claim> claims = new TreeMap<>();
    private final WowMetadata metadata;
    private final GenerationProblems problems;

    Contexts(List<Class<?>> classes, WowMetadata metadata, String service, GenerationProblems problems) {
        this.metadata = metadata;
        this.problems = problems;
        Map<String, Merging> merging = new TreeMap<>();
        for (Class<?> type : classes) {
            Optional<Annotation> bc = ByName.find(type, ByName.BOUNDED_CONTEXT);
            // Only the declaring class itself: @BoundedContext is @Inherited, a subclass declares nothing more.
            if (bc.isEmpty() || type.isAnnotation() || !ByName.declares(type, ByName.BOUNDED_CONTEXT)) {
                continue;
            }
            try {
                declare(type, bc.get(), merging);
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
            }
        }
        for (WowMetadata.Context c : metadata.contexts().values()) {
            Merging existing = merging.get(c.name());
            Merging m = existing != null ? existing : merging.computeIfAbsent(c.name(), Merging::new);
            if (existing == null) {
                m.alias = c.alias();
                m.aliasFrom = WowMetadata.RESOURCE;
                m.declaredBy.add(WowMetadata.RESOURCE);
            } else if (!m.alias.isBlank() && !m.alias.equals(c.alias()) && !c.alias().equals(c.name())) {
                problems.warn("Context " + c.name() + ": wow-metadata.json gives alias '" + c.alias()
                        + "' but @BoundedContext gives '" + m.alias + "'; using '" + m.alias + "'.");
            }
            c.scopes().forEach(s -> m.scopes.put(s, WowMetadata.RESOURCE));
            c.aggregates().values().forEach(a -> m.aggregates.computeIfAbsent(a.name(), k -> new LinkedHashSet<>())
                    .addAll(a.scopes()));
        }
        // A service of processors and sagas only (no aggregate) needs no context of its own: nothing to warn about.
        if (merging.isEmpty() && classes.stream().anyMatch(c -> ByName.has(c, ByName.AGGREGATE_ROOT))) {
            problems.warn("No class is annotated @BoundedContext and there is no " + WowMetadata.RESOURCE
                    + "; the aggregates are put in a context named after the service, '" + service + "'.");
        }
        if (merging.isEmpty()) merging.put(service, new Merging(service));
        refuseSharedAliases(merging);
        merging.values().forEach(m -> {
            Declared d = m.declared();
            declared.put(d.name(), d);
            m.scopes.forEach((scope, by) -> claim(claims, scope, d.name(), by));
            m.aggregates.values().forEach(scopes -> scopes.forEach(scope -> claim(claims, scope, d.name(), m.declaredBy.get(0))));
        });
        claims.values().forEach(c -> contextScopes.put(c.scope(), c));
    }

    private static void claim(Map<String, Claim> claims, String scope, String context, String declarer) {
        claims.computeIfAbsent(scope, s -> new Claim(s, new TreeMap<>())).contextToDeclarer().putIfAbsent(context, declarer);
    }

    /** One context while its declarations are merged. */
    private static final class Merging {
        final String name;
        String alias = "";
        String aliasFrom = "";
        final Map<String, String> scopes = new LinkedHashMap<>();
        final Map<String, Set<String>> aggregates = new TreeMap<>();
        final List<String> declaredBy = new ArrayList<>();

        Merging(String name) {
            this.name = name;
        }

        Declared declared() {
            return new Declared(name, alias.isBlank() ? name : alias, aggregates);
        }
    }

    private void declare(Class<?> type, Annotation bc, Map<String, Merging> merging) {
        String owner = type.getName();
        String name = ByName.string(bc, "name", owner);
        String alias = ByName.string(bc, "alias", owner);
        Merging m = merging.computeIfAbsent(name, Merging::new);
        m.declaredBy.add(owner);
        if (!alias.isBlank()) {
            if (m.alias.isBlank()) {
                m.alias = alias;
                m.aliasFrom = owner;
            } else if (!m.alias.equals(alias)) {
                problems.problem(m.aliasFrom + " and " + owner + " declare bounded context '" + name + "' with two aliases, '"
                        + m.alias + "' and '" + alias + "'; Wow refuses that: give the alias in one declaration only.");
            }
        }
        for (Class<?> scope : ByName.classes(bc, "packageScopes", owner)) {
            m.scopes.putIfAbsent(scope.getPackageName(), owner);
        }
        for (String scope : ByName.strings(bc, "scopes", owner)) {
            m.scopes.putIfAbsent(scope, owner);
        }
        m.scopes.putIfAbsent(type.getPackageName(), owner);
        for (Annotation aggregate : ByName.annotations(bc, "aggregates", owner)) {
            Set<String> scopes = m.aggregates.computeIfAbsent(ByName.string(aggregate, "name", owner), k -> new LinkedHashSet<>());
            for (Class<?> scope : ByName.classes(aggregate, "packageScopes", owner)) {
                scopes.add(scope.getPackageName());
            }
            scopes.addAll(List.of(ByName.strings(aggregate, "scopes", owner)));
        }
    }

    private void refuseSharedAliases(Map<String, Merging> merging) {
        Map<String, Merging> byAlias = new TreeMap<>();
        for (Merging m : merging.values()) {
            if (m.alias.isBlank()) {
                continue;
            }
            Merging other = byAlias.putIfAbsent(m.alias, m);
            if (other != null) {
                problems.problem(other.aliasFrom + " (context '" + other.name + "') and " + m.aliasFrom + " (context '" + m.name
                        + "') give one alias, '" + m.alias + "', to two contexts; Wow refuses that: give each context its own alias.");
            }
        }
    }

    Map<String, Declared> declared() {
        return declared;
    }

    /** Every scope of the contexts and the context it leads to; a scope two contexts claim alike leads to neither. */
    Map<String, String> scopes() {
        Map<String, String> scopes = new TreeMap<>();
        claims.values().stream().filter(c -> c.contextToDeclarer().size() == 1)
                .forEach(c -> scopes.put(c.scope(), c.contextToDeclarer().keySet().iterator().next()));
        return scopes;
    }

    /** The context Wow's scopes give a class, when one context's scopes alone cover it. */
    Optional<Declared> contextOf(String className) {
        return contextScopes.search(className).filter(c -> c.contextToDeclarer().size() == 1)
                .map(c -> declared.get(c.contextToDeclarer().keySet().iterator().next()));
    }

    /** Aggregate root classes named by wow-metadata.json that scanning did not find annotated. */
    List<String> metadataAggregateTypes() {
        List<String> types = new ArrayList<>();
        metadata.contexts().values().forEach(c -> c.aggregates().values().forEach(a -> a.type().ifPresent(types::add)));
        return types;
    }

    /** The metadata's entry for this aggregate root, when it names the class. */
    Optional<WowMetadata.Aggregate> metadataOf(Class<?> root) {
        return listing(root).map(Map.Entry::getValue);
    }

    /** The context and the entry of wow-metadata.json that name this aggregate root's class. */
    private Optional<Map.Entry<WowMetadata.Context, WowMetadata.Aggregate>> listing(Class<?> root) {
        for (WowMetadata.Context c : metadata.contexts().values()) {
            for (WowMetadata.Aggregate a : c.aggregates().values()) {
                if (a.type().filter(root.getName()::equals).isPresent()) {
                    return Optional.of(Map.entry(c, a));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * As Wow's compiler places a root: by wow-metadata.json when it names the class, else by the scope search of
     * the root's class name; a root no scope covers goes to the context that lists its name, else to the only
     * context.
     */
    Optional<Placement> place(Class<?> root) {
        String derived = Naming.wowName(root);
        Optional<Map.Entry<WowMetadata.Context, WowMetadata.Aggregate>> listed = listing(root);
        if (listed.isPresent()) {
            String name = listed.get().getValue().name();
            if (!name.equals(derived)) {
                problems.warn(root.getName() + ": wow-metadata.json names this aggregate '" + name
                        + "' where the class says '" + derived + "'; using '" + name + "' as Wow does.");
            }
            return Optional.of(new Placement(declared.get(listed.get().getKey().name()), name));
        }
        if (!metadata.contexts().isEmpty()) {
            problems.warn(root.getName() + ": is an aggregate root that " + WowMetadata.RESOURCE
                    + " does not list; is the metadata out of date?");
        }
        Optional<Claim> claim = contextScopes.search(root.getName());
        if (claim.isPresent()) {
            Map<String, String> claimants = claim.get().contextToDeclarer();
            if (claimants.size() > 1) {
                List<String> each = new ArrayList<>();
                claimants.forEach((context, by) -> each.add("'" + context + "' (" + by + ")"));
                problems.problem(root.getName() + ": is claimed by the contexts " + String.join(" and ", each)
                        + ", whose scopes both cover " + claim.get().scope() + "; Wow cannot tell which it belongs to: "
                        + "give the scope to one context only.");
                return Optional.empty();
            }
            return Optional.of(new Placement(declared.get(claimants.keySet().iterator().next()), derived));
        }
        List<Declared> listing = declared.values().stream().filter(d -> d.aggregates().containsKey(derived)).toList();
        if (listing.size() == 1) {
            return Optional.of(new Placement(listing.get(0), derived));
        }
        if (declared.size() == 1) {
            return Optional.of(new Placement(declared.values().iterator().next(), derived));
        }
        problems.problem(root.getName() + ": no bounded context covers this aggregate root (no context's scopes include "
                + "package " + root.getPackageName() + (listing.isEmpty() ? " and none lists '" + derived + "'" : "")
                + ").");
        return Optional.empty();
    }
}
