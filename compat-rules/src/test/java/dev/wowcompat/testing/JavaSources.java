package dev.wowcompat.testing;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Fixtures as real compiled classes: Java sources written by a test, compiled now with the JDK's own compiler.
 * Shared by every module's tests through compat-rules' test-jar.
 */
public final class JavaSources {
    private JavaSources() {
    }

    /** Compiles Java sources (file name to text) into {@code out} against the classpath; a source that does not
     * compile fails the test with javac's diagnostics. */
    public static Path compile(Path out, List<Path> classpath, Map<String, String> sources) {
        try {
            Files.createDirectories(out);
            Path src = Files.createTempDirectory(out.toAbsolutePath().getParent(), "src");
            List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-proc:none", "-classpath",
                    classpath.stream().map(Path::toString).collect(Collectors.joining(System.getProperty("path.separator")))));
            for (Map.Entry<String, String> s : sources.entrySet()) {
                Path file = src.resolve(s.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, s.getValue());
                args.add(file.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            int exit = javac.run(null, null, errors, args.toArray(String[]::new));
            if (exit != 0) {
                throw new IllegalStateException("fixture does not compile:\n" + errors.toString(StandardCharsets.UTF_8));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
