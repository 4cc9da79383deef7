package dev.wowcompat.generator;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a generated Manifest depends on in the service's class directories, file by file, so that a build which
 * compiled the module again can keep the Manifest when the only changes are in method bodies it does not depend on
 * (maven-compiler-plugin compiles every source of a module again when one changed; the other class files come out
 * byte for byte the same).
 *
 * <p>Each file is recorded by the digest of its bytes; each class file also by the digest of its <em>shape</em>:
 * the class file without its methods' code, which is all that reflection, Jackson and victools see (annotations,
 * fields, method signatures, generic signatures, record components, Kotlin's metadata, constant values). The
 * Manifest depends on a class's code only where the generator reads or runs it:
 * <ul>
 *   <li>class files it read as bytecode (handlers that do not name their events, sagas' commands, Kotlin
 *       defaults, constant error codes): the generator's class loader reports them ({@link GeneratedManifest#classFilesRead});</li>
 *   <li>enums (their constants are created, and their {@code @JsonValue} and {@code getErrorCode} run), classes
 *       named {@code *ErrorCodes} (their static fields are read), classes that extend or implement a Jackson type
 *       (Jackson creates the serializers and naming strategies an annotation names), classes a
 *       {@code META-INF/services} file names;</li>
 *   <li>and every class of the directories the code of those that run refers to, transitively (that code may call it).</li>
 * </ul>
 * The classes read are marked {@code code}, and those run with every class their code refers to. A class the
 * generator only read is marked alone: what it read there is that class's own code (a handler, a constructor), and
 * the classes it calls are not read. A Manifest stays valid while no file was added or removed, every changed
 * file is a class file whose shape is the same, and none of them is marked. A change anywhere else (a new class, a
 * new annotation, a changed signature, a resource such as {@code wow-metadata.json}) means generating again.
 */
public final class ClassFilesRecord {
    private static final String LINE = "file ";
    private static final String CODE = "code";
    private static final String NO_SHAPE = "-";

    /** One file of a class directory: {@code shape} is null for a file that is not a class file. */
    private record Entry(String content, String shape, boolean code) {
    }

    /** Keyed by the directory's position in the list of directories, then the file's path inside it ('/'). */
    private final Map<String, Entry> files;

    private ClassFilesRecord(Map<String, Entry> files) {
        this.files = files;
    }

    /** A Manifest kept: the record of the directories as they are now, and how many class files changed. */
    public record Kept(ClassFilesRecord record, int changedClasses) {
    }

    /**
     * The first half of the record of {@code directories} for the Manifest generated from them, the costly one:
     * their files read, and each class file's facts. It may run while the generation does; {@link Scanned#record}
     * then names what the generation read.
     */
    public static Scanned scan(List<Path> directories) throws IOException {
        Map<String, byte[]> contents = contents(directories);
        Map<String, String> digests = new TreeMap<>();
        Map<String, ClassFacts> classes = new HashMap<>();
        Map<String, ClassFacts> byName = new HashMap<>();
        Set<String> runs = new HashSet<>();
        MessageDigest sha = sha256();
        for (Map.Entry<String, byte[]> f : contents.entrySet()) {
            digests.put(f.getKey(), digest(sha, f.getValue()));
            if (isClassFile(f.getKey())) {
                ClassFacts facts = ClassFacts.of(f.getValue(), sha);
                classes.put(f.getKey(), facts);
                byName.put(facts.name(), facts);
                if (facts.runsCode()) runs.add(facts.name());
            } else if (f.getKey().contains("/META-INF/services/")) {
                for (String line : new String(f.getValue(), StandardCharsets.UTF_8).lines().toList()) {
                    String name = line.replaceAll("#.*", "").strip();
                    if (!name.isEmpty()) runs.add(name.replace('.', '/'));
                }
            }
        }
        runs.addAll(jacksonExtensions(byName));
        return new Scanned(digests, classes, reachable(runs, byName));
    }

    /** The scanned directories, waiting for what the generation read. */
    public static final class Scanned {
        private final Map<String, String> digests;
        private final Map<String, ClassFacts> classes;
        /** The classes whose code the generation may run, and those their code refers to. */
        private final Set<String> run;

        private Scanned(Map<String, String> digests, Map<String, ClassFacts> classes, Set<String> run) {
            this.digests = digests;
            this.classes = classes;
            this.run = run;
        }

        /** @param classFilesRead internal names of the classes whose bytecode the generation read */
        public ClassFilesRecord record(Collection<String> classFilesRead) {
            Set<String> code = new HashSet<>(run);
            code.addAll(classFilesRead);
            Map<String, Entry> files = new TreeMap<>();
            digests.forEach((key, content) -> {
                ClassFacts facts = classes.get(key);
                files.put(key, new Entry(content, facts == null ? null : facts.shape(), facts != null && code.contains(facts.name())));
            });
            return new ClassFilesRecord(files);
        }
    }

    /**
     * The record of {@code directories} as they are now, if the Manifest this record was made for is still what
     * they give; empty if it must be generated again.
     */
    public Optional<Kept> stillValid(List<Path> directories) throws IOException {
        Map<String, byte[]> contents = contents(directories);
        if (!contents.keySet().equals(files.keySet())) return Optional.empty();
        Map<String, Entry> now = new TreeMap<>();
        int changed = 0;
        MessageDigest sha = sha256();
        for (Map.Entry<String, byte[]> f : contents.entrySet()) {
            Entry was = files.get(f.getKey());
            String content = digest(sha, f.getValue());
            if (!content.equals(was.content())) {
                if (was.shape() == null || was.code() || !sameShape(f.getValue(), was.shape())) {
                    return Optional.empty();
                }
                changed++;
            }
            now.put(f.getKey(), new Entry(content, was.shape(), was.code()));
        }
        return Optional.of(new Kept(new ClassFilesRecord(now), changed));
    }

    /** The record as lines ({@link #parse} reads them back). */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        files.forEach((key, e) -> lines.add(LINE + e.content() + " " + (e.shape() == null ? NO_SHAPE : e.shape()) + " "
                + (e.code() ? CODE : NO_SHAPE) + " " + OneLine.escape(key)));
        return lines;
    }

    /** A record from {@link #lines}; lines that do not start with {@code file } are skipped; empty if one is malformed. */
    public static Optional<ClassFilesRecord> parse(List<String> lines) {
        Map<String, Entry> files = new TreeMap<>();
        for (String l : lines) {
            if (!l.startsWith(LINE)) continue;
            String[] parts = l.substring(LINE.length()).split(" ", 4);
            if (parts.length != 4) return Optional.empty();
            files.put(OneLine.unescape(parts[3]), new Entry(parts[0], parts[1].equals(NO_SHAPE) ? null : parts[1], parts[2].equals(CODE)));
        }
        return Optional.of(new ClassFilesRecord(files));
    }

    private static Map<String, byte[]> contents(List<Path> directories) throws IOException {
        Map<String, byte[]> contents = new TreeMap<>();
        for (int i = 0; i < directories.size(); i++) {
            Path dir = directories.get(i);
            String prefix = i + "/";
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path f : walk.filter(Files::isRegularFile).toList()) {
                    contents.put(prefix + dir.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/"), Files.readAllBytes(f));
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return contents;
    }

    private static boolean sameShape(byte[] classFile, String shape) {
        try {
            return shape(classFile).equals(shape);
        } catch (RuntimeException e) {
            return false; // not a class file ASM can read: generating again reports what is wrong with it
        }
    }

    /** The digest of a class file's shape: the file without its methods' code. */
    static String shape(byte[] classFile) {
        return shape(new ClassReader(classFile), sha256());
    }

    private static String shape(ClassReader reader, MessageDigest sha) {
        ClassWriter shape = new ClassWriter(0);
        reader.accept(shape, ClassReader.SKIP_CODE);
        return digest(sha, shape.toByteArray());
    }

    private static boolean isClassFile(String key) {
        return key.endsWith(".class") && !key.contains("/META-INF/");
    }

    /**
     * The classes that extend or implement one of Jackson's types, directly or through other classes of the
     * directories: serializers, naming strategies, converters, which Jackson creates and calls when an annotation
     * names them.
     */
    private static Set<String> jacksonExtensions(Map<String, ClassFacts> byName) {
        Set<String> extensions = new HashSet<>();
        for (ClassFacts c : byName.values()) {
            Deque<String> supertypes = new ArrayDeque<>(c.supertypes());
            Set<String> seen = new HashSet<>();
            while (!supertypes.isEmpty()) {
                String s = supertypes.pop();
                if (!seen.add(s)) continue;
                if (s.startsWith("com/fasterxml/jackson/") || s.startsWith("tools/jackson/")) {
                    extensions.add(c.name());
                    break;
                }
                ClassFacts own = byName.get(s);
                if (own != null) supertypes.addAll(own.supertypes());
            }
        }
        return extensions;
    }

    /** The classes of the directories the seeds' code refers to, transitively; the seeds included. */
    private static Set<String> reachable(Set<String> seeds, Map<String, ClassFacts> byName) {
        Set<String> found = new HashSet<>();
        Deque<String> next = new ArrayDeque<>(seeds);
        while (!next.isEmpty()) {
            String name = next.pop();
            if (!found.add(name)) continue;
            ClassFacts facts = byName.get(name);
            if (facts != null) {
                for (String referred : facts.mentions()) {
                    if (byName.containsKey(referred) && !found.contains(referred)) next.push(referred);
                }
            }
        }
        return found;
    }

    /** The first 128 bits of the SHA-256 of {@code bytes}, in hexadecimal. */
    private static String digest(MessageDigest sha, byte[] bytes) {
        return HexFormat.of().formatHex(sha.digest(bytes), 0, 16);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * What one class file tells: its internal name, its shape's digest, whether the generator runs its code (an
     * enum, a {@code *ErrorCodes} class), its superclass and interfaces, and every class name its constant pool
     * mentions (descriptors, signatures, strings: more than its code uses, never less).
     */
    private record ClassFacts(String name, String shape, boolean runsCode, List<String> supertypes, Set<String> mentions) {
        static ClassFacts of(byte[] bytes, MessageDigest sha) {
            ClassReader reader = new ClassReader(bytes);
            String name = reader.getClassName();
            String simple = name.substring(name.lastIndexOf('/') + 1);
            boolean runsCode = (reader.getAccess() & Opcodes.ACC_ENUM) != 0 || simple.endsWith("ErrorCodes");
            List<String> supertypes = new ArrayList<>(List.of(reader.getInterfaces()));
            if (reader.getSuperName() != null) supertypes.add(reader.getSuperName());
            return new ClassFacts(name, ClassFilesRecord.shape(reader, sha), runsCode, supertypes, mentions(reader));
        }

        /**
         * Every run of name characters (letters, digits, '_', '$', '/', '.') in the constant pool's strings, as an
         * internal name, with and without a leading 'L' (a descriptor's).
         */
        private static Set<String> mentions(ClassReader reader) {
            Set<String> names = new HashSet<>();
            for (int i = 1; i < reader.getItemCount(); i++) {
                int offset = reader.getItem(i);
                if (offset == 0 || reader.readByte(offset - 1) != 1) continue; // not a CONSTANT_Utf8
                String text = new String(reader.b, offset + 2, reader.readUnsignedShort(offset), StandardCharsets.UTF_8);
                int start = -1;
                for (int c = 0; c <= text.length(); c++) {
                    boolean part = c < text.length() && isNamePart(text.charAt(c));
                    if (part && start < 0) start = c;
                    if (!part && start >= 0) {
                        String internal = text.substring(start, c).replace('.', '/');
                        names.add(internal);
                        if (internal.length() > 1 && internal.charAt(0) == 'L') names.add(internal.substring(1));
                        start = -1;
                    }
                }
            }
            return names;
        }

        private static boolean isNamePart(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '/' || c == '.';
        }
    }
}
