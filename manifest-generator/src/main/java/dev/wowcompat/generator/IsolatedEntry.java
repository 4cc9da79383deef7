package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Internal: the generation as it runs inside the isolated class loader that {@link ManifestGenerator} builds.
 * Only JDK types cross the loader boundary, since every class of this module exists twice (once outside, once
 * inside).
 */
public final class IsolatedEntry {
    private IsolatedEntry() {
    }

    /**
     * @return {@code [byte[] json or null, List<String> warnings, List<String> problems]}
     */
    public static List<Object> run(List<String> classDirectories, String service, String version, byte[] previousManifest) {
        GenerationProblems problems = new GenerationProblems();
        byte[] json = null;
        try {
            json = generate(classDirectories.stream().map(Path::of).toList(), service, version, previousManifest, problems);
        } catch (WrongAnnotationValue e) {
            problems.problem(e.getMessage());
        } catch (IOException e) {
            problems.problem("The previous Manifest cannot be read: " + e.getMessage());
        }
        return Arrays.asList(problems.any() ? null : json, problems.warnings(), problems.problems());
    }

    /**
     * Why nothing was found, among three causes a user fixes differently: no class files at all (a wrong directory),
     * Wow's annotations missing from the classpath (the JVM then drops every annotation silently), or classes that
     * truly carry none.
     */
    private static String nothingFound(List<Path> directories, List<Class<?>> classes, ClassLoader loader) {
        if (classes.isEmpty()) {
            return "No class files in " + directories + ": give --classes the directory the compiler writes the service's "
                    + "classes to (e.g. target/classes or build/classes/java/main).";
        }
        try {
            Class.forName(ByName.AGGREGATE_ROOT, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return "Wow's annotations are not on the classpath: add Wow's API jar (me.ahoo.wow:wow-api) to --classpath; "
                    + "without it the JVM drops @AggregateRoot and every other annotation of Wow from the " + classes.size()
                    + (classes.size() == 1 ? " class" : " classes") + " in " + directories + ".";
        }
        return "No aggregate root and no event handler found: no class in " + directories
                + " is annotated @AggregateRoot (and no " + WowMetadata.RESOURCE + " lists one), @StatelessSaga, "
                + "@ProjectionProcessor or @EventProcessor.";
    }

    private static byte[] generate(List<Path> directories, String service, String version, byte[] previousManifest,
                                   GenerationProblems problems) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        PreviousRelease previous = previousManifest == null ? PreviousRelease.none() : PreviousRelease.read(previousManifest, mapper);
        ClassLoader loader = IsolatedEntry.class.getClassLoader();
        List<Path> roots = new ArrayList<>(directories);
        ClassScanner scanner = new ClassScanner(loader, problems);
        List<Class<?>> classes = new ArrayList<>(scanner.load(roots));
        WowMetadata metadata = WowMetadata.read(roots, problems);
        // A first look finds the service's modules that are on its classpath (an api module beside the domain);
        // when there are none, it is the scan.
        GenerationProblems firstLookProblems = new GenerationProblems();
        ServiceScan.Scanned scanned = new ServiceScan(loader, firstLookProblems).scan(classes, metadata, service);
        List<Path> modules = new ServiceModules(loader, problems).find(roots, scanned);
        if (modules.isEmpty()) {
            problems.addAll(firstLookProblems);
        } else {
            roots.addAll(modules);
            classes.addAll(scanner.load(modules));
            metadata = WowMetadata.read(roots, problems);
            scanned = new ServiceScan(loader, problems).scan(classes, metadata, service);
        }
        // A service without aggregates of its own (a consumer) is described by what its processors read and send.
        GenericTypes types = new GenericTypes();
        List<Processors.Handler> handlers = Processors.find(classes, types);
        if (scanned.contexts().isEmpty() && handlers.isEmpty() && !problems.any()) {
            if (scanner.unloaded() > 0) {
                // Nothing is left to describe because classes did not load: that is the refusal, in their sentences.
                problems.warnings().forEach(problems::problem);
            } else {
                problems.problem(nothingFound(directories, classes, loader));
            }
        }
        ManifestWriter writer = new ManifestWriter(mapper, scanned.owners(), previous, problems);
        var manifest = writer.manifest(service, version, scanned.contexts());
        if (!handlers.isEmpty()) {
            TypeNames names = new TypeNames(loader, scanned.owners(), writer.revisionNumbers());
            writer.readings(manifest, new ReadsAndSends(names, types, scanned.contexts().values(), problems).of(handlers));
        }
        return problems.any() ? null : writer.bytes(manifest);
    }
}
