package dev.wowcompat.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Makes the command line's class data sharing archive at package time ({@code registry-server/pom.xml}), which
 * {@code bin/wow-compat} hands to the JVM ({@code -XX:SharedArchiveFile}) so that a short command starts with the
 * classes it needs already parsed and verified.
 *
 * <p>{@code ClassDataTraining DIR}: runs, in a second JVM started with {@code -XX:ArchiveClassesAtExit} on this JVM's
 * classpath (the shaded jar), a training of representative commands ({@link #train}: help, version, {@code check}
 * in each report format, {@code fingerprint}, on the examples the jar bundles), then renames the archive that JVM
 * wrote to {@code DIR/wow-compat-CKSUM-SIZE.jsa}, CKSUM and SIZE being what POSIX {@code cksum} prints for it, and
 * deletes older ones. The rename is atomic, so a concurrent {@code bin/wow-compat} maps the previous archive or the
 * new one, never half of one; and {@code bin/wow-compat} runs {@code cksum} on the archive before each use, since
 * JDK 17 crashes on a truncated archive rather than ignoring it. The JVM itself checks that the archive matches its
 * own build and the jar's path, size and time, and ignores it otherwise ({@code -Xshare:auto}).
 *
 * <p>Never fails the build: without an archive the command line only starts slower, so whatever goes wrong is one
 * line on standard error and exit code 0.
 */
public final class ClassDataTraining {
    private static final String TRAIN = "--train";

    private ClassDataTraining() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals(TRAIN)) {
            train();
            System.exit(0);
        }
        if (args.length != 1) {
            System.err.println("usage: ClassDataTraining DIR");
            System.exit(2);
        }
        try {
            make(Path.of(args[0]).toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            System.err.println("wow-compat: no class data archive for the command line (" + e.getMessage() + "); it starts without one.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.exit(0);
    }

    /** Runs the training in a JVM that writes the archive at exit, then puts the archive in place. */
    static Path make(Path dir) throws IOException, InterruptedException {
        // This JVM's classpath (the shaded jar, at package time) by its real path, as bin/wow-compat names it
        // (pwd -P): the JVM maps the archive only for the classpath it was made with.
        List<String> classpath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (entry.isEmpty()) continue;
            Path p = Path.of(entry).toRealPath();
            if (!Files.isRegularFile(p)) throw new IOException(p + " is not a jar; the JVM archives classes of jars only");
            classpath.add(p.toString());
        }
        if (classpath.isEmpty()) throw new IOException("no classpath");
        if (Runtime.version().feature() < 13) throw new IOException("Java " + Runtime.version().feature() + " has no dynamic archives");
        Files.createDirectories(dir);
        Path temp = dir.resolve(".wow-compat-" + UUID.randomUUID() + ".jsa.tmp");
        Path log = dir.resolve("wow-compat-training.log");
        String java = Path.of(System.getProperty("java.home"), "bin",
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows") ? "java.exe" : "java").toString();
        List<String> command = List.of(java, "-XX:ArchiveClassesAtExit=" + temp, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-XX:TieredStopAtLevel=1", "-cp", String.join(File.pathSeparator, classpath), ClassDataTraining.class.getName(), TRAIN);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("the training did not finish within 5 minutes");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(temp) || Files.size(temp) == 0) {
                throw new IOException("the training JVM exited with " + p.exitValue() + " and wrote no archive; see " + log);
            }
            Path archive = dir.resolve("wow-compat-" + cksum(temp) + "-" + Files.size(temp) + ".jsa");
            try {
                Files.move(temp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, archive, StandardCopyOption.REPLACE_EXISTING);
            }
            try (var files = Files.list(dir)) {
                for (Path old : files.filter(f -> f.getFileName().toString().matches("wow-compat-.*\\.jsa") && !f.equals(archive)).toList()) {
                    Files.deleteIfExists(old);
                }
            }
            Files.deleteIfExists(log);
            return archive;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** What POSIX {@code cksum} prints as a file's checksum: CRC-32 (polynomial 04C11DB7, MSB first) over the bytes, then the length. */
    static long cksum(Path file) throws IOException {
        int[] table = new int[256];
        for (int i = 0; i < 256; i++) {
            int c = i << 24;
            for (int k = 0; k < 8; k++) c = (c & 0x80000000) != 0 ? (c << 1) ^ 0x04C11DB7 : c << 1;
            table[i] = c;
        }
        int crc = 0;
        long length = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                for (int i = 0; i < n; i++) crc = (crc << 8) ^ table[((crc >>> 24) ^ buffer[i]) & 0xFF];
                length += n;
            }
        }
        for (long n = length; n != 0; n >>>= 8) crc = (crc << 8) ^ table[((crc >>> 24) ^ (int) (n & 0xFF)) & 0xFF];
        return ~crc & 0xFFFFFFFFL;
    }

    /** The training: the commands most runs are, on the examples the jar bundles, output discarded. */
    static void train() {
        try {
            Path dir = Files.createTempDirectory("wow-compat-training");
            try {
                Path baseline = copy("/examples/courtyard/releases/1.0.0.json", dir.resolve("1.0.0.json"));
                Path candidate = copy("/examples/bank/1.0.0.json", dir.resolve("bank-1.0.0.json"));
                Path bank = copy("/examples/bank/1.1.0.json", dir.resolve("bank-1.1.0.json"));
                Path changed = Files.writeString(dir.resolve("1.1.0.json"), Files.readString(baseline)
                        .replace("\"version\": \"1.0.0\"", "\"version\": \"1.1.0\"")
                        .replace("\"x-wow-unit\": \"s\"", "\"x-wow-unit\": \"ms\""));
                List<String[]> runs = new ArrayList<>();
                runs.add(new String[] {"--help"});
                runs.add(new String[] {"--version"});
                runs.add(new String[] {"check", "--help"});
                for (String format : new ReportFormatNames()) {
                    runs.add(new String[] {"check", "--candidate", changed.toString(), "--baseline", baseline.toString(), "--format", format});
                }
                runs.add(new String[] {"check", "--candidate", bank.toString(), "--baseline", candidate.toString()});
                runs.add(new String[] {"check", "--candidate", candidate.toString()});
                runs.add(new String[] {"fingerprint", baseline.toString()});
                runs.add(new String[] {"manifest", "--help"});
                runs.add(new String[] {"nonexistent-command"});
                PrintWriter none = new PrintWriter(Writer.nullWriter());
                for (String[] run : runs) {
                    WowCompat.run(run, none, none, false);
                }
            } finally {
                try (var files = Files.walk(dir)) {
                    for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // A training that ran part of the commands still archives what they loaded.
            System.err.println("training stopped early: " + e);
        }
    }

    private static Path copy(String resource, Path to) throws IOException {
        try (InputStream in = ClassDataTraining.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("the jar has no " + resource);
            Files.copy(in, to);
        }
        return to;
    }
}
