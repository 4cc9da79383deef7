package dev.wowcompat.generator;

import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.ManifestReader;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Generates a service's Manifest from its compiled classes. The classes are loaded in an isolated class loader
 * over the service's own classpath, so callers (the Maven goal, the CLI) only call {@link #generate}.
 *
 * <p>Why isolated: the schema generator recognises Jackson's annotations by class, so it must see the very
 * classes the service's classes were loaded with; a second copy of Jackson's annotations (the plugin's, say)
 * makes it ignore every {@code @JsonProperty} without a word. The loader's parent is the platform loader; it holds
 * the class directories, then the classpath, then the generator's own jars, so generator, Jackson, victools and
 * the service's classes all live in it, with the service's own Jackson first.
 */
public final class ManifestGenerator {
    private static final String ENTRY = "dev.wowcompat.generator.IsolatedEntry";

    private final boolean fork;
    private final Path classDataDirectory;
    private final List<String> extraJvmOptions;
    private final List<String> childClasspath;

    /** Generates in a forked JVM (see {@link ForkedGeneration}): the default, fastest from a build tool's JVM. */
    public ManifestGenerator() {
        this(true);
    }

    /**
     * @param fork {@code true}: in a forked JVM started with C1-only JIT options ({@link ForkedGeneration});
     *             {@code false}: in an isolated class loader in this JVM. Both give the same bytes.
     */
    public ManifestGenerator(boolean fork) {
        this(fork, null, List.of(), null);
    }

    /**
     * @param fork               as {@link #ManifestGenerator(boolean)}
     * @param classDataDirectory with {@code fork}: where the forked JVM's class data sharing archive is made on first
     *                           use and mapped by later forks ({@link ClassDataArchive}); null for none. Never a
     *                           reason for a generation to fail or to give other bytes.
     */
    public ManifestGenerator(boolean fork, Path classDataDirectory) {
        this(fork, classDataDirectory, List.of(), null);
    }

    /** For tests: extra options for the forked JVM. */
    ManifestGenerator(boolean fork, List<String> extraJvmOptions) {
        this(fork, null, extraJvmOptions, null);
    }

    /** For tests: extra options for the forked JVM, and its own classpath (jars, for the class data archive). */
    ManifestGenerator(boolean fork, Path classDataDirectory, List<String> extraJvmOptions, List<Path> childClasspath) {
        this.fork = fork;
        this.classDataDirectory = classDataDirectory;
        this.extraJvmOptions = List.copyOf(extraJvmOptions);
        this.childClasspath = childClasspath == null ? null : childClasspath.stream().map(Path::toString).toList();
    }

    public GeneratedManifest generate(GenerationRequest request) throws GenerationException {
        List<String> problems = new ArrayList<>();
        for (Path dir : request.classDirectories()) {
            if (!Files.exists(dir)) {
                problems.add(dir + ": the class directory does not exist.");
            } else {
                ClassRoots.problem(dir).ifPresent(problems::add);
            }
        }
        if (request.classDirectories().isEmpty()) {
            problems.add("No class directory given: the generator reads the service's compiled classes.");
        }
        byte[] previous = null;
        if (request.previousManifest().isPresent()) {
            try {
                previous = Files.readAllBytes(request.previousManifest().get());
            } catch (IOException e) {
                problems.add(request.previousManifest().get() + ": the previous Manifest cannot be read (" + e + ").");
            }
        }
        if (!problems.isEmpty()) {
            throw new GenerationException(problems);
        }
        URL[] classpath;
        URL[] logging;
        try {
            classpath = urls(request);
            logging = GeneratorClassPath.loggingUrls().toArray(URL[]::new);
        } catch (MalformedURLException e) {
            throw new GenerationException("The manifest generator cannot start in its own class loader: " + e + ".");
        }
        List<String> directories = request.classDirectories().stream().map(p -> p.toAbsolutePath().toString()).toList();
        GeneratedManifest generated = fork
                ? ForkedGeneration.run(classpath, logging, directories, request.service(), request.version(),
                        previous, extraJvmOptions, classDataDirectory, childClasspath)
                : inThisJvm(classpath, logging, directories, request.service(), request.version(), previous, ManifestReader::new);
        if (request.strict() && !generated.warnings().isEmpty()) {
            throw new GenerationException(strict(generated.warnings()));
        }
        return generated;
    }

    /**
     * Under {@code strict}, the warnings as problems: each sentence as it is, then one saying why a Manifest that
     * would otherwise be written is not.
     */
    public static List<String> strict(List<String> warnings) {
        List<String> problems = new ArrayList<>(warnings);
        problems.add("Strict mode refuses a Manifest with warnings: " + (warnings.size() == 1 ? "the warning above names"
                : "each of the " + warnings.size() + " warnings above names") + " what the Manifest would leave out or could not tell.");
        return problems;
    }

    /**
     * The generation in an isolated class loader of this JVM, then the self-check with the reader {@code selfCheck}
     * gives (also what the forked JVM runs, with a reader it warms up meanwhile: {@link SelfCheckReader}).
     */
    static GeneratedManifest inThisJvm(URL[] classpath, URL[] logging, List<String> directories, String service,
                                       String version, byte[] previous, Supplier<ManifestReader> selfCheck)
            throws GenerationException {
        GeneratedManifest generated = runIsolated(classpath, logging, directories, service, version, previous);
        selfCheck(selfCheck.get(), generated.json());
        return generated;
    }

    @SuppressWarnings("unchecked")
    private static GeneratedManifest runIsolated(URL[] classpath, URL[] logging, List<String> directories, String service,
                                                 String version, byte[] previous) throws GenerationException {
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        try (IsolatedLoader loader = new IsolatedLoader(classpath, logging)) {
            thread.setContextClassLoader(loader);
            Method run = loader.loadClass(ENTRY).getMethod("run", List.class, String.class, String.class, byte[].class);
            List<Object> result = (List<Object>) run.invoke(null, directories, service, version, previous);
            List<String> problems = (List<String>) result.get(2);
            if (!problems.isEmpty()) {
                throw new GenerationException(problems);
            }
            return new GeneratedManifest((byte[]) result.get(0), (List<String>) result.get(1), loader.classFilesRead());
        } catch (InvocationTargetException e) {
            throw new GenerationException("The manifest generator failed unexpectedly: " + e.getCause()
                    + " (please report it with the classes that caused it).");
        } catch (IOException | ReflectiveOperationException e) {
            throw new GenerationException("The manifest generator cannot start in its own class loader: " + e + ".");
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    private static URL[] urls(GenerationRequest request) throws MalformedURLException {
        List<Path> paths = new ArrayList<>(request.classDirectories());
        paths.addAll(request.classpath());
        paths.addAll(GeneratorClassPath.paths());
        return toUrls(paths);
    }

    private static URL[] toUrls(List<Path> paths) throws MalformedURLException {
        Set<URL> urls = new LinkedHashSet<>();
        for (Path p : paths) {
            urls.add(p.toAbsolutePath().normalize().toUri().toURL());
        }
        return urls.toArray(URL[]::new);
    }

    /** The generated Manifest must read as any Manifest does; a failure names what is wrong in it. */
    private static void selfCheck(ManifestReader reader, byte[] json) throws GenerationException {
        try {
            reader.read(json, "generated manifest");
        } catch (InvalidInputException e) {
            throw new GenerationException(e.problems().stream().map(InputProblem::line)
                    .map(line -> "The generated Manifest is not valid: " + line).toList());
        }
    }
}
