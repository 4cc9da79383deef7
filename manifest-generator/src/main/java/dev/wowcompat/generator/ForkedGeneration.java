package dev.wowcompat.generator;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The generation in a forked JVM: {@code java} from this JVM's {@code java.home}, started with
 * {@link #JVM_OPTIONS}, runs {@link #main} which builds the very isolated class loader the in-process mode builds
 * (same URLs, same order, same logging URLs, handed over in the request file) and runs the same code, then the
 * self-check; so both modes give the same bytes.
 *
 * <p>Why: a generation runs once per build and is over in a few seconds, too short to repay C2 compiling victools'
 * and Jackson's code; in a build tool's JVM with default options C2 costs more CPU than the generation itself
 * (docs/performance.md, "Manifest generation"). A JVM of its own can be started C1-only.
 *
 * <p>Protocol, all in a temporary directory deleted afterwards: {@code request.txt}, one {@code key value} line each
 * ({@code classpath}, {@code logging}: URLs; {@code directory}; {@code service}; {@code version}); the previous
 * Manifest, if any, as {@code previous.json}. The child writes {@code manifest.json} and {@code result.txt}:
 * {@code warning}, {@code problem} and {@code read} (a class file the generation read) lines, then {@code done}.
 * Values escape backslash, CR and LF. The child's stdout and stderr go to files read only to report a crash (one
 * sentence with stderr's last line), so nothing the child prints (SLF4J's notices of a backend-less copy, say)
 * reaches the build's log.
 *
 * <p>Given a cache directory, the child starts from a class data sharing archive made by the first fork
 * ({@link ClassDataArchive}), and it warms up its self-check's reader on a second thread ({@link SelfCheckReader});
 * a fork that finished ({@code done}) is a result even if its exit code is not 0, which only writing the archive
 * at exit can cause.
 */
final class ForkedGeneration {
    /** C1 only, the serial collector (two cores, a short-lived heap), the JDK's class data sharing archive if any. */
    static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");

    private static final String REQUEST = "request.txt";
    private static final String PREVIOUS = "previous.json";
    private static final String MANIFEST = "manifest.json";
    private static final String RESULT = "result.txt";
    private static final String DONE = "done";

    private ForkedGeneration() {
    }

    /**
     * @param classDataDirectory where the fork's class data archive is kept ({@link ClassDataArchive}); null: none
     * @param childClasspath     the fork's own classpath; null: this class's (tests give jars, which CDS needs)
     */
    static GeneratedManifest run(URL[] classpath, URL[] logging, List<String> directories, String service, String version,
                                 byte[] previous, List<String> extraJvmOptions, Path classDataDirectory,
                                 List<String> childClasspath) throws GenerationException {
        List<String> own = childClasspath != null ? childClasspath : ownClasspath(logging);
        List<String> options = new ArrayList<>(JVM_OPTIONS);
        options.addAll(extraJvmOptions);
        // Keyed by the fixed options only: the tests' extra ones (logging) do not change what can be archived.
        Optional<ClassDataArchive.Attempt> archive = ClassDataArchive.of(classDataDirectory, own, JVM_OPTIONS).map(ClassDataArchive::begin);
        if (archive.isPresent()) {
            ClassDataArchive.Attempt attempt = archive.get();
            List<String> withArchive = new ArrayList<>(options);
            withArchive.addAll(attempt.options);
            Child child = runInTemporaryDirectory(withArchive, own, classpath, logging, directories, service, version, previous);
            attempt.finished(child.finished(), child.exit == 0);
            if (child.finished()) return child.result();
            if (attempt.mode == ClassDataArchive.Mode.USE) {
                // Whatever made the fork die may be the archive (it was deleted): once more without it.
                return runInTemporaryDirectory(options, own, classpath, logging, directories, service, version, previous).result();
            }
            return child.result();
        }
        return runInTemporaryDirectory(options, own, classpath, logging, directories, service, version, previous).result();
    }

    private static Child runInTemporaryDirectory(List<String> options, List<String> own, URL[] classpath, URL[] logging,
                                                 List<String> directories, String service, String version, byte[] previous)
            throws GenerationException {
        Path work;
        try {
            work = Files.createTempDirectory("wow-compat-manifest-");
        } catch (IOException e) {
            throw new GenerationException("The manifest generator cannot create its temporary directory: " + e.getMessage() + ".");
        }
        try {
            return run(work, options, own, classpath, logging, directories, service, version, previous);
        } finally {
            delete(work);
        }
    }

    /** A finished child JVM: its exit code, its result lines, its Manifest; read before the directory is deleted. */
    private record Child(Path java, int exit, List<String> lines, byte[] manifest, String lastLine) {
        /** The generation ran to its end (its result ends with {@code done}), whatever the exit code. */
        boolean finished() {
            return !lines.isEmpty() && lines.get(lines.size() - 1).equals(DONE);
        }

        GeneratedManifest result() throws GenerationException {
            if (!finished()) {
                throw new GenerationException("The manifest generator's JVM (" + java + ") stopped with exit code " + exit
                        + " before it finished" + lastLine + ".");
            }
            List<String> warnings = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            Set<String> read = new LinkedHashSet<>();
            for (String l : lines.subList(0, lines.size() - 1)) {
                int space = l.indexOf(' ');
                String key = space < 0 ? l : l.substring(0, space);
                String value = space < 0 ? "" : OneLine.unescape(l.substring(space + 1));
                if (key.equals("warning")) warnings.add(value);
                else if (key.equals("problem")) problems.add(value);
                else if (key.equals("read")) read.add(value);
            }
            if (!problems.isEmpty()) {
                throw new GenerationException(problems);
            }
            if (manifest == null) {
                throw new GenerationException("The manifest generator's JVM wrote no Manifest.");
            }
            return new GeneratedManifest(manifest, warnings, read);
        }
    }

    private static Child run(Path work, List<String> options, List<String> own, URL[] classpath, URL[] logging,
                             List<String> directories, String service, String version, byte[] previous)
            throws GenerationException {
        Path java = Path.of(System.getProperty("java.home"), "bin",
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows") ? "java.exe" : "java");
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(options);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, own));
        command.add(ForkedGeneration.class.getName());
        command.add(work.toString());
        Path stdout = work.resolve("stdout.txt");
        Path stderr = work.resolve("stderr.txt");
        int exit;
        try {
            List<String> request = new ArrayList<>();
            for (URL u : classpath) request.add(line("classpath", u.toExternalForm()));
            for (URL u : logging) request.add(line("logging", u.toExternalForm()));
            for (String d : directories) request.add(line("directory", d));
            request.add(line("service", service));
            request.add(line("version", version));
            Files.write(work.resolve(REQUEST), request, StandardCharsets.UTF_8);
            if (previous != null) {
                Files.write(work.resolve(PREVIOUS), previous);
            }
            Process process = new ProcessBuilder(command).directory(work.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile()))
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            exit = process.waitFor();
        } catch (IOException e) {
            throw new GenerationException("The manifest generator cannot start its JVM (" + java + "): " + e.getMessage() + ".");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GenerationException("The manifest generation was interrupted.");
        }
        List<String> result = readLines(work.resolve(RESULT));
        byte[] manifest = null;
        try {
            if (Files.exists(work.resolve(MANIFEST))) manifest = Files.readAllBytes(work.resolve(MANIFEST));
        } catch (IOException e) {
            // reported as "wrote no Manifest" if the result says there should be one
        }
        return new Child(java, exit, result, manifest, lastLine(stderr, stdout));
    }

    /** The child's side: argument 0 is the work directory. */
    public static void main(String[] args) {
        try {
            Path work = Path.of(args[0]);
            List<URL> classpath = new ArrayList<>();
            List<URL> logging = new ArrayList<>();
            List<String> directories = new ArrayList<>();
            String service = null;
            String version = null;
            for (String l : Files.readAllLines(work.resolve(REQUEST), StandardCharsets.UTF_8)) {
                int space = l.indexOf(' ');
                String value = OneLine.unescape(l.substring(space + 1));
                switch (l.substring(0, space)) {
                    case "classpath" -> classpath.add(new URL(value));
                    case "logging" -> logging.add(new URL(value));
                    case "directory" -> directories.add(value);
                    case "service" -> service = value;
                    case "version" -> version = value;
                    default -> throw new IllegalArgumentException("unknown request line: " + l);
                }
            }
            Path previousFile = work.resolve(PREVIOUS);
            byte[] previous = Files.exists(previousFile) ? Files.readAllBytes(previousFile) : null;
            List<String> result = new ArrayList<>();
            try {
                GeneratedManifest generated = ManifestGenerator.inThisJvm(classpath.toArray(URL[]::new), logging.toArray(URL[]::new),
                        directories, service, version, previous, SelfCheckReader.startWarmingUp());
                Files.write(work.resolve(MANIFEST), generated.json());
                generated.warnings().forEach(w -> result.add(line("warning", w)));
                generated.classFilesRead().stream().sorted().forEach(c -> result.add(line("read", c)));
            } catch (GenerationException e) {
                e.problems().forEach(p -> result.add(line("problem", p)));
            }
            result.add(DONE);
            Files.write(work.resolve(RESULT), result, StandardCharsets.UTF_8);
            System.exit(0);
        } catch (Throwable t) {
            System.err.println("wow-compat manifest generator: " + t);
            System.exit(3);
        }
    }

    /** The classpath this class was loaded with, for the child's own (outer) loader: the generator, compat-rules, their libraries. */
    private static List<String> ownClasspath(URL[] logging) throws GenerationException {
        Set<String> entries = new LinkedHashSet<>();
        ClassLoader own = ForkedGeneration.class.getClassLoader();
        if (own instanceof URLClassLoader urls) {
            for (URL u : urls.getURLs()) {
                if (u.getProtocol().equals("file")) {
                    try {
                        entries.add(Path.of(u.toURI()).toString());
                    } catch (URISyntaxException e) {
                        throw new GenerationException("The manifest generator cannot find its own classpath: " + u + ".");
                    }
                }
            }
        }
        if (entries.isEmpty()) {
            for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
                if (!e.isEmpty()) entries.add(e);
            }
        }
        // The generator's own jars, in case the loader above did not list them; and SLF4J's API, which the self-check's
        // JSON Schema validator logs to and which Maven's plugin realm imports from Maven's core instead of listing it.
        for (Path p : GeneratorClassPath.paths()) {
            entries.add(p.toString());
        }
        for (URL u : logging) {
            if (u.getProtocol().equals("file")) {
                try {
                    entries.add(Path.of(u.toURI()).toString());
                } catch (URISyntaxException e) {
                    throw new GenerationException("The manifest generator cannot find its own classpath: " + u + ".");
                }
            }
        }
        return new ArrayList<>(entries);
    }

    private static String lastLine(Path stderr, Path stdout) {
        for (Path p : List.of(stderr, stdout)) {
            List<String> lines = readLines(p);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (!l.isEmpty()) {
                    return "; its last line: \"" + (l.length() > 300 ? l.substring(0, 300) + "..." : l) + "\"";
                }
            }
        }
        return ", and printed nothing";
    }

    private static List<String> readLines(Path p) {
        try {
            return Files.exists(p) ? new String(Files.readAllBytes(p), StandardCharsets.UTF_8).lines().toList() : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static File nullFile() {
        return new File(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows") ? "NUL" : "/dev/null");
    }

    static String line(String key, String value) {
        return key + " " + OneLine.escape(value);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // A temporary directory left behind is not worth failing the build for.
        }
    }
}
