package dev.wowcompat.maven;

import dev.wowcompat.generator.ClassFilesRecord;
import dev.wowcompat.generator.OneLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The manifest goal's up-to-date check, as Maven's incremental compilation does it for sources: the generated
 * Manifest is kept, and not generated again, while nothing it is generated from has changed since it was written.
 * What it is generated from, each file by its path, size and modification time, digested (SHA-256) into one value
 * kept beside the Manifest ({@code manifest.json.inputs}):
 * <ul>
 *   <li>the service's class directories, every file in them (a class added, removed or compiled again counts);
 *       a service module given as a jar;</li>
 *   <li>the classpath: each jar, each file of each directory;</li>
 *   <li>the previous release's Manifest;</li>
 *   <li>the goal's settings that reach the generator (service, version), the plugin's id and each of its jars (a
 *       rebuilt SNAPSHOT of the plugin counts), the JDK ({@code java.home}, {@code java.vm.version});</li>
 *   <li>and the Manifest itself, as written: one edited, replaced or deleted since is generated again.</li>
 * </ul>
 * Times and sizes first, since listing is cheap. When only the class directories' files differ, which is every build
 * after a source was edited (maven-compiler-plugin compiles all of a module's sources again), their contents
 * decide: the record also holds each file's digest and shape ({@link ClassFilesRecord}), and the Manifest is kept
 * when every changed class changed only in method bodies the Manifest does not depend on.
 * The generator's warnings are kept with it and logged again when the Manifest is up to date, so a build shows the
 * same warnings either way.
 */
final class ManifestInputs {
    private static final String HEADER = "wow-compat manifest inputs 2";

    private final MessageDigest sha = sha256();

    private ManifestInputs() {
    }

    /** Where the inputs of {@code manifest} are recorded. */
    static Path inputsFile(Path manifest) {
        return manifest.resolveSibling(manifest.getFileName() + ".inputs");
    }

    /**
     * What a Manifest is generated from, digested: {@code all} of it, and the {@code context}: all but the files of
     * the class directories, which {@link ClassFilesRecord} judges by content.
     */
    record Inputs(String all, String context, List<Path> classDirectories) {
    }

    /** A Manifest kept: the warnings of the generation that wrote it, and how many classes changed without affecting it. */
    record Kept(List<String> warnings, int recompiledClasses) {
    }

    /** The digests of everything the Manifest is generated from (see the class comment). */
    static Inputs digest(List<Path> roots, List<Path> classpath, Optional<Path> previous, List<String> settings,
                         List<Path> pluginFiles) throws IOException {
        ManifestInputs context = new ManifestInputs();
        for (String s : settings) context.text("setting", s);
        context.text("java", System.getProperty("java.home", "") + " " + System.getProperty("java.vm.version", ""));
        for (Path p : pluginFiles) context.stamp("plugin", p);
        List<Path> directories = new ArrayList<>();
        for (Path p : roots) {
            if (Files.isDirectory(p)) {
                directories.add(p.toAbsolutePath().normalize());
                context.text("root directory", p.toAbsolutePath().normalize().toString());
            } else {
                context.stamp("root", p);
            }
        }
        for (Path p : classpath) context.stamp("classpath", p);
        if (previous.isPresent()) context.stamp("previous", previous.get());
        else context.text("previous", "none");
        byte[] contextDigest = context.sha.digest();
        ManifestInputs all = new ManifestInputs();
        all.sha.update(contextDigest);
        for (Path p : directories) all.stamp("root", p);
        return new Inputs(HexFormat.of().formatHex(all.sha.digest()), HexFormat.of().formatHex(contextDigest), List.copyOf(directories));
    }

    /**
     * Whether {@code manifest} may be kept: it is still the file a generation wrote, from these {@code inputs} or
     * from class directories that differ only in method bodies it does not depend on (the record is then brought
     * up to date); empty if it must be generated again.
     */
    static Optional<Kept> upToDate(Path manifest, Inputs inputs) {
        try {
            Path file = inputsFile(manifest);
            if (!Files.isRegularFile(file) || !Files.isRegularFile(manifest)) return Optional.empty();
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 4 || !lines.get(0).equals(HEADER) || !lines.get(3).equals("output " + output(manifest))) {
                return Optional.empty();
            }
            List<String> warnings = new ArrayList<>();
            for (String l : lines.subList(4, lines.size())) {
                if (l.startsWith("warning ")) warnings.add(OneLine.unescape(l.substring("warning ".length())));
            }
            if (lines.get(1).equals("inputs " + inputs.all())) return Optional.of(new Kept(warnings, 0));
            if (!lines.get(2).equals("context " + inputs.context())) return Optional.empty();
            Optional<ClassFilesRecord.Kept> kept = ClassFilesRecord.parse(lines).flatMap(r -> {
                try {
                    return r.stillValid(inputs.classDirectories());
                } catch (IOException e) {
                    return Optional.empty();
                }
            });
            if (kept.isEmpty()) return Optional.empty();
            record(manifest, inputs, warnings, kept.get().record());
            return Optional.of(new Kept(warnings, kept.get().changedClasses()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Starts reading the class directories' files for the record of the generation about to run, beside it on
     * another thread (it takes a tenth of a generation, and the forked generation leaves a core idle).
     */
    static CompletableFuture<ClassFilesRecord.Scanned> scanBeside(Inputs inputs) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return ClassFilesRecord.scan(inputs.classDirectories());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Records that {@code manifest}, just written, was generated from {@code inputs}, with its class directories' {@code classFiles}. */
    static void record(Path manifest, Inputs inputs, List<String> warnings, ClassFilesRecord classFiles) throws IOException {
        List<String> lines = new ArrayList<>(List.of(HEADER, "inputs " + inputs.all(), "context " + inputs.context(), "output " + output(manifest)));
        for (String w : warnings) lines.add("warning " + OneLine.escape(w));
        lines.addAll(classFiles.lines());
        Path file = inputsFile(manifest);
        Path temp = file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.write(temp, lines, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The Manifest as written: its size and modification time (to the nanosecond where the file system keeps it). */
    private static String output(Path manifest) throws IOException {
        BasicFileAttributes a = Files.readAttributes(manifest, BasicFileAttributes.class);
        return a.size() + " " + a.lastModifiedTime().toInstant();
    }

    /** Forgets the record, so the next build generates again. */
    static void forget(Path manifest) {
        try {
            Files.deleteIfExists(inputsFile(manifest));
        } catch (IOException e) {
            // the record no longer matches the Manifest's bytes anyway
        }
    }

    private void text(String kind, String value) {
        update(kind);
        update(value);
    }

    /** A file by path, size and time; a directory by each file in it, in name order. */
    private void stamp(String kind, Path file) throws IOException {
        Path p = file.toAbsolutePath().normalize();
        update(kind);
        update(p.toString());
        if (!Files.exists(p)) {
            update("missing");
            return;
        }
        List<String> entries = new ArrayList<>();
        Files.walkFileTree(p, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                entries.add(p.relativize(f).toString().replace('\\', '/') + " " + a.size() + " " + a.lastModifiedTime().to(TimeUnit.NANOSECONDS));
                return FileVisitResult.CONTINUE;
            }
        });
        entries.sort(null);
        for (String e : entries) update(e);
    }

    private void update(String s) {
        sha.update(s.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
