package dev.wowcompat.generator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The registry's names of the events, commands and aggregates a service's processors read and send, which may be
 * another service's. Wow decides which aggregate a message class belongs to at run time by its scopes (wow-core's
 * {@code namedAggregate()}: the scope search over every wow-metadata.json on the classpath); so does this class:
 * the service's own classes by the service's scopes (the ones its Manifest is written with), any other class by the
 * wow-metadata.json files the classpath holds and the {@code @BoundedContext} declarations of the module (jar or
 * class directory) that holds the class, for a module built without Wow's compiler has no metadata file.
 */
final class TypeNames {
    /** The marker of a class file that may declare a context: the annotation's name in its constant pool. */
    private static final byte[] BOUNDED_CONTEXT_MARK = ByName.BOUNDED_CONTEXT.replace('.', '/').getBytes(StandardCharsets.UTF_8);

    /** An aggregate as the registry names it, {@code context.aggregate}. */
    record Aggregate(String context, String name) {
        String typeName() {
            return context + "." + name;
        }
    }

    private final ClassLoader loader;
    private final Owners owners;
    private final Map<String, Map<Class<?>, Integer>> ownRevisions;
    private final WowMetadata metadata;
    private final Map<Optional<Path>, Module> modules = new HashMap<>();
    private final Map<Read, Numbered> revisions = new HashMap<>();

    /**
     * @param ownRevisions the revision numbers the service's Manifest gives its own event classes, by event type name
     */
    TypeNames(ClassLoader loader, Owners owners, Map<String, Map<Class<?>, Integer>> ownRevisions) {
        this.loader = loader;
        this.owners = owners;
        this.ownRevisions = ownRevisions;
        this.metadata = WowMetadata.visibleTo(loader);
    }

    /** The aggregate Wow's scopes give the class, if any. */
    Optional<Aggregate> aggregateOf(Class<?> type) {
        Optional<Owners.Aggregate> own = owners.aggregateOf(type.getName());
        if (own.isPresent()) {
            return Optional.of(new Aggregate(own.get().context(), own.get().name()));
        }
        return module(type).aggregates.search(type.getName());
    }

    /** The context Wow's scopes give the class, if any (where an {@code @OnEvent("aggregate")} looks the aggregate up). */
    Optional<String> contextOf(Class<?> type) {
        Optional<String> own = owners.contextOf(type.getName());
        if (own.isPresent()) {
            return own;
        }
        return module(type).contexts.search(type.getName());
    }

    /** {@code context.aggregate.Name}: the name is Wow's ({@link Naming}), as the producer's Manifest names it. */
    static String typeName(Aggregate aggregate, Class<?> type) {
        return aggregate.typeName() + "." + Naming.wowName(type);
    }

    /**
     * The revision number an event class is: the one the service's Manifest gives it when it is one of the service's
     * own events, else its label's place among the labels of every class of that event in its module (its api
     * module holds them all), numbered as {@link Revisions} numbers a Manifest's revisions without a previous
     * release. Empty, with the reason, when those classes' labels cannot be numbered.
     */
    Numbered revision(Class<?> event, Aggregate aggregate) {
        return revisions.computeIfAbsent(new Read(event, aggregate), r -> number(event, aggregate));
    }

    /** One event class read as an event of one aggregate. */
    private record Read(Class<?> event, Aggregate aggregate) {
    }

    private Numbered number(Class<?> event, Aggregate aggregate) {
        String typeName = typeName(aggregate, event);
        Integer own = ownRevisions.getOrDefault(typeName, Map.of()).get(event);
        if (own != null) {
            return new Numbered(Optional.of(own), "");
        }
        String name = Naming.wowName(event);
        List<Class<?>> siblings = new ArrayList<>();
        Optional<Aggregate> natural = aggregateOf(event);
        for (Class<?> other : module(event).classes()) {
            if (other != event && !other.isInterface() && !other.isAnnotation() && sameName(other, name)
                    && natural.equals(aggregateOf(other))) {
                siblings.add(other);
            }
        }
        siblings.add(event);
        GenerationProblems numbering = new GenerationProblems();
        List<Model.Revision> numbered = new Revisions(numbering).number(typeName, siblings,
                labels -> new Model.PreviousNumbers(Map.of(), 0));
        Optional<Integer> number = numbered.stream().filter(r -> r.type() == event).map(Model.Revision::number).findFirst();
        List<String> why = new ArrayList<>(numbering.problems());
        why.addAll(numbering.warnings());
        return new Numbered(number, number.isPresent() ? "" : String.join(" ", why));
    }

    /** A revision number, or why there is none. */
    record Numbered(Optional<Integer> number, String why) {
    }

    private static boolean sameName(Class<?> type, String name) {
        try {
            return Naming.wowName(type).equals(name);
        } catch (WrongAnnotationValue | LinkageError | TypeNotPresentException e) {
            return false;
        }
    }

    /** The module holding the class; a JDK class has none, and only the metadata files name it. */
    private Module module(Class<?> type) {
        return modules.computeIfAbsent(ClassScanner.location(type), Module::new);
    }

    /**
     * One jar or class directory: the scopes that name its classes' aggregates and contexts (every wow-metadata.json,
     * then this module's own {@code @BoundedContext} declarations), and its classes, loaded when first needed.
     */
    private final class Module {
        private final Optional<Path> location;
        private final Scopes<Aggregate> aggregates = new Scopes<>();
        private final Scopes<String> contexts = new Scopes<>();
        private List<Class<?>> classes;

        Module(Optional<Path> location) {
            this.location = location;
            metadata.contexts().values().forEach(c -> {
                c.scopes().forEach(s -> contexts.put(s, c.name()));
                c.aggregates().values().forEach(a -> {
                    Aggregate aggregate = new Aggregate(c.name(), a.name());
                    Stream.of(a.scopes(), a.commands(), a.events()).flatMap(List::stream).forEach(s -> aggregates.put(s, aggregate));
                    a.scopes().forEach(s -> contexts.put(s, c.name()));
                });
            });
            List<Class<?>> declaring = declaringContexts();
            if (!declaring.isEmpty()) {
                Contexts declared = new Contexts(declaring, new WowMetadata(Map.of()), "", new GenerationProblems());
                declared.scopes().forEach(contexts::put);
                declared.declared().values().forEach(c -> c.aggregates().forEach((name, scopes) ->
                        scopes.forEach(s -> aggregates.put(s, new Aggregate(c.name(), name)))));
            }
        }

        List<Class<?>> classes() {
            if (classes == null) {
                classes = new ArrayList<>();
                try {
                    for (String name : location.map(ClassScanner::classNames).orElse(List.of())) {
                        ClassScanner.tryLoad(name, loader).ifPresent(classes::add);
                    }
                } catch (UncheckedIOException e) {
                    // An unreadable module holds no other revision that could be read.
                }
            }
            return classes;
        }

        /**
         * The classes that declare a context. Only the class files that name the annotation are loaded: the module
         * may be a large library, and most are.
         */
        private List<Class<?>> declaringContexts() {
            List<Class<?>> declaring = new ArrayList<>();
            for (String name : namesMentioningBoundedContext()) {
                ClassScanner.tryLoad(name, loader).filter(t -> !t.isAnnotation() && ByName.declares(t, ByName.BOUNDED_CONTEXT))
                        .ifPresent(declaring::add);
            }
            return declaring;
        }

        private List<String> namesMentioningBoundedContext() {
            List<String> names = new ArrayList<>();
            if (location.isEmpty()) {
                return names;
            }
            Path location = this.location.get();
            try {
                if (Files.isDirectory(location)) {
                    try (Stream<Path> files = Files.walk(location)) {
                        for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                            if (mentions(Files.readAllBytes(f))) {
                                names.add(className(location.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/")));
                            }
                        }
                    }
                } else if (Files.isRegularFile(location)) {
                    try (JarFile jar = new JarFile(location.toFile())) {
                        for (JarEntry entry : jar.stream().filter(e -> e.getName().endsWith(".class")
                                && !e.getName().startsWith("META-INF/")).toList()) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                if (mentions(in.readAllBytes())) {
                                    names.add(className(entry.getName()));
                                }
                            }
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable module declares nothing that can be read; its classes stay unnamed, with a warning.
            }
            return names;
        }

        private static String className(String path) {
            return path.substring(0, path.length() - ".class".length()).replace('/', '.');
        }

        private static boolean mentions(byte[] classFile) {
            outer:
            for (int i = 0; i <= classFile.length - BOUNDED_CONTEXT_MARK.length; i++) {
                for (int j = 0; j < BOUNDED_CONTEXT_MARK.length; j++) {
                    if (classFile[i + j] != BOUNDED_CONTEXT_MARK[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        }
    }
}
