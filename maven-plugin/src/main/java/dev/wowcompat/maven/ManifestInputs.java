package dev.wowcompat.maven;

import dev.wowcompat.generator.OneLine;
import java.io.IOException;
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
 * Times and sizes rather than contents: reading and hashing every class and the two Manifests cost several times
 * more than the listing (a second rather than a tenth on the 500-event service on a busy machine), and a class
 * compiled again without a change is rare outside {@code mvn clean}, which deletes the record anyway.
 * The generator's warnings are kept with it and logged again when the Manifest is up to date, so a build shows the
 * same warnings either way.
 */
final class ManifestInputs {
    private static final String HEADER = "wow-compat manifest inputs 1";

    private final MessageDigest sha = sha256();

    private ManifestInputs() {
    }

    /** Where the inputs of {@code manifest} are recorded. */
    static Path inputsFile(Path manifest) {
        return manifest.resolveSibling(manifest.getFileName() + ".inputs");
    }

    /** The digest of everything the Manifest is generated from (see the class comment). */
    static String digest(List<Path> roots, List<Path> classpath, Optional<Path> previous, List<String> settings,
                         List<Path> pluginFiles) throws IOException {
        ManifestInputs d = new ManifestInputs();
        for (String s : settings) d.text("setting", s);
        d.text("java", System.getProperty("java.home", "") + " " + System.getProperty("java.vm.version", ""));
        for (Path p : pluginFiles) d.stamp("plugin", p);
        for (Path p : roots) d.stamp("root", p);
        for (Path p : classpath) d.stamp("classpath", p);
        if (previous.isPresent()) d.stamp("previous", previous.get());
        else d.text("previous", "none");
        return HexFormat.of().formatHex(d.sha.digest());
    }

    /**
     * The warnings of the generation that wrote {@code manifest}, if it was made from {@code inputs} and is still
     * the file that generation wrote; empty if it must be generated again.
     */
    static Optional<List<String>> upToDate(Path manifest, String inputs) {
        try {
            Path file = inputsFile(manifest);
            if (!Files.isRegularFile(file) || !Files.isRegularFile(manifest)) return Optional.empty();
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 3 || !lines.get(0).equals(HEADER) || !lines.get(1).equals("inputs " + inputs)
                    || !lines.get(2).equals("output " + output(manifest))) {
                return Optional.empty();
            }
            List<String> warnings = new ArrayList<>();
            for (String l : lines.subList(3, lines.size())) {
                if (!l.startsWith("warning ")) return Optional.empty();
                warnings.add(OneLine.unescape(l.substring("warning ".length())));
            }
            return Optional.of(warnings);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Records that {@code manifest}, just written, was generated from {@code inputs}. */
    static void record(Path manifest, String inputs, List<String> warnings) throws IOException {
        List<String> lines = new ArrayList<>(List.of(HEADER, "inputs " + inputs, "output " + output(manifest)));
        for (String w : warnings) lines.add("warning " + OneLine.escape(w));
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
                entries.add(p.relativize(f).toString().replace('\\', '/') + " " + a.size() + " " + a.lastModifiedTime().toInstant());
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
