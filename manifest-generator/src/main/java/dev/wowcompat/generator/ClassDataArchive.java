package dev.wowcompat.generator;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The forked generator's application class-data-sharing archive (AppCDS, a JDK 13+ dynamic archive): made by the
 * first fork that finds none ({@code -XX:ArchiveClassesAtExit}, into a file of its own that is renamed into place
 * once that fork has exited normally), then mapped by every later fork ({@code -XX:SharedArchiveFile}), which then
 * finds the generator's, Jackson's, victools' and the validator's classes already parsed and verified.
 *
 * <p>A JVM maps an archive only if the classpath it was made with is the one it runs with, the same paths with
 * the same sizes and modification times; so one archive per key, the SHA-256 of {@code java.home},
 * {@code java.vm.version}, {@code os.arch}, the fork's fixed JVM options, and every entry of the fork's own
 * classpath with its size and modification time. The service's classes are not part of the key: the isolated
 * loader defines them, and the JVM takes such a class from the archive only when its bytes are the archived ones.
 *
 * <p>Nothing about the archive can fail a generation or change its bytes:
 * <ul>
 *   <li>it is used only when every classpath entry is a jar (the JVM refuses to archive with a directory on the
 *       classpath) and the directory can be written;</li>
 *   <li>it is published by an atomic rename, so a concurrent build maps either no archive or a whole one, and its
 *       name carries the CRC-32 of its bytes, checked before each use (about 20 ms for 20 MB; the JVM's own
 *       {@code -XX:+VerifySharedSpaces} costs far more, docs/performance.md): an archive changed since is deleted
 *       and made again;</li>
 *   <li>an archive the JVM does not accept (another JDK build, a jar changed under the same name) is ignored by
 *       the JVM ({@code -Xshare:auto}) without a word ({@code -Xlog:cds=off});</li>
 *   <li>a fork that dies while mapping an archive is run once more without it, and the archive is deleted;</li>
 *   <li>a fork that finished but could not write one leaves a marker, so later builds do not try again with that
 *       key.</li>
 * </ul>
 */
final class ClassDataArchive {
    /** At most this many archives are kept in the directory (one per JDK and plugin version in use). */
    static final int KEEP = 4;

    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    private static final String PREFIX = "generator-";

    private final Path directory;
    private final String key;

    private ClassDataArchive(Path directory, String key) {
        this.directory = directory;
        this.key = key;
    }

    /**
     * The archive for a fork with this classpath and these options, or empty when the fork cannot use one (a
     * directory on its classpath, a JVM older than 13, the cache directory cannot be made).
     */
    static Optional<ClassDataArchive> of(Path directory, List<String> classpath, List<String> jvmOptions) {
        if (directory == null || Runtime.version().feature() < 13 || classpath.isEmpty()) return Optional.empty();
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            List<String> parts = new ArrayList<>(List.of(System.getProperty("java.home", ""),
                    System.getProperty("java.vm.version", ""), System.getProperty("os.arch", "")));
            parts.addAll(jvmOptions);
            for (String entry : classpath) {
                Path p = Path.of(entry);
                if (!Files.isRegularFile(p)) return Optional.empty();
                parts.add(p.toAbsolutePath() + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
            }
            for (String part : parts) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            Files.createDirectories(directory);
            if (!Files.isWritable(directory)) return Optional.empty();
            return Optional.of(new ClassDataArchive(directory, HexFormat.of().formatHex(sha.digest(), 0, 16)));
        } catch (IOException | RuntimeException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    private Path failedMarker() {
        return directory.resolve(PREFIX + key + ".failed");
    }

    /** The published archive of this key whose bytes still have the CRC its name gives; others of the key are deleted. */
    Optional<Path> published() {
        String start = PREFIX + key + "-";
        Path found = null;
        try (Stream<Path> files = Files.list(directory)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith(start)
                    && p.getFileName().toString().endsWith(".jsa")).toList()) {
                String name = p.getFileName().toString();
                String crc = name.substring(start.length(), name.length() - ".jsa".length());
                if (found == null && crc.equals(crc(p))) {
                    found = p;
                } else {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.ofNullable(found);
    }

    /** What this fork does with the archive: maps it, makes it, or neither (an earlier attempt to make it failed). */
    Attempt begin() {
        Optional<Path> published = published();
        if (published.isPresent()) {
            touch(published.get());
            return new Attempt(Mode.USE, published.get(), join(List.of("-XX:SharedArchiveFile=" + published.get())));
        }
        if (Files.exists(failedMarker())) return new Attempt(Mode.NONE, null, List.of());
        Path temp = directory.resolve(PREFIX + key + "." + UUID.randomUUID() + ".tmp");
        return new Attempt(Mode.MAKE, temp, join(List.of("-XX:ArchiveClassesAtExit=" + temp)));
    }

    /** The CRC-32 of a file's bytes, 8 hex digits. */
    static String crc(Path file) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buffer = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) crc.update(buffer, 0, n);
        }
        return String.format(Locale.ROOT, "%08x", crc.getValue());
    }

    private static List<String> join(List<String> options) {
        List<String> all = new ArrayList<>(options);
        all.addAll(QUIET);
        return all;
    }

    enum Mode { USE, MAKE, NONE }

    /** One fork's use of the archive. */
    final class Attempt {
        final Mode mode;
        private final Path file;
        final List<String> options;

        private Attempt(Mode mode, Path file, List<String> options) {
            this.mode = mode;
            this.file = file;
            this.options = options;
        }

        /** The archive mapped, or the temporary file made; null for neither. */
        Path file() {
            return file;
        }

        /**
         * After the fork: a made archive is renamed into place if the fork finished and exited normally (a rename, so a
         * concurrent build maps either no archive or a whole one); a mapped archive the fork died with is deleted.
         */
        void finished(boolean generated, boolean exitedNormally) {
            try {
                switch (mode) {
                    case MAKE -> {
                        if (generated && exitedNormally && Files.isRegularFile(file) && Files.size(file) > 0) {
                            move(file, directory.resolve(PREFIX + key + "-" + crc(file) + ".jsa"));
                            prune();
                        } else {
                            Files.deleteIfExists(file);
                            // The generation finished but the archive was not written: do not try again with this key.
                            // (A fork that died before finishing says nothing about the archive.)
                            if (generated) Files.writeString(failedMarker(), "the JVM could not write a class data archive here\n");
                        }
                    }
                    case USE -> {
                        if (!generated) Files.deleteIfExists(file);
                    }
                    case NONE -> { }
                }
            } catch (IOException | RuntimeException e) {
                // A cache that cannot be written is no reason to fail a generation.
                try {
                    if (mode == Mode.MAKE) Files.deleteIfExists(file);
                } catch (IOException | RuntimeException ignored) {
                    // left for the next prune
                }
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Marks an archive as used (at most once a day), so that pruning keeps the ones in use. */
    private static void touch(Path file) {
        try {
            Instant now = Instant.now();
            if (Files.getLastModifiedTime(file).toInstant().isBefore(now.minus(Duration.ofDays(1)))) {
                Files.setLastModifiedTime(file, FileTime.from(now));
            }
        } catch (IOException | RuntimeException e) {
            // only an ordering hint for pruning
        }
    }

    /** Keeps the {@link #KEEP} most recently used archives, and deletes temporary files older than a day. */
    private void prune() {
        Instant dayAgo = Instant.now().minus(Duration.ofDays(1));
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> all = files.filter(p -> p.getFileName().toString().startsWith(PREFIX)).toList();
            List<Path> archives = new ArrayList<>(all.stream().filter(p -> p.toString().endsWith(".jsa")).toList());
            archives.sort(Comparator.comparing(ClassDataArchive::modified).reversed());
            for (int i = KEEP; i < archives.size(); i++) Files.deleteIfExists(archives.get(i));
            for (Path p : all) {
                if (p.toString().endsWith(".tmp") && modified(p).isBefore(dayAgo)) Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            // pruning is best effort
        }
    }

    private static Instant modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }
}
