package dev.wowcompat.generator;

import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The generator's own jars (or one shaded jar, or class directories in a build), found from where a few anchor
 * classes were loaded, so that the isolated loader can load the generator beside the service's classes.
 */
final class GeneratorClassPath {
    /** One class of each library the generation needs inside the isolated loader. */
    private static final List<String> ANCHORS = List.of(
            "dev.wowcompat.generator.IsolatedEntry",
            "com.github.victools.jsonschema.generator.SchemaGenerator",
            "com.github.victools.jsonschema.module.jackson.JacksonModule",
            "com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule",
            "jakarta.validation.constraints.NotNull",
            "com.fasterxml.classmate.TypeResolver",
            "com.fasterxml.jackson.databind.ObjectMapper",
            "com.fasterxml.jackson.core.JsonFactory",
            "com.fasterxml.jackson.annotation.JsonProperty",
            "kotlin.metadata.jvm.KotlinClassMetadata",
            "org.objectweb.asm.ClassReader",
            "kotlin.Metadata");

    private GeneratorClassPath() {
    }

    /** Where SLF4J's API is, for the isolated loader's logging (see {@link IsolatedLoader}). */
    private static final List<String> LOGGING_ANCHORS = List.of("org.slf4j.LoggerFactory");

    /** SLF4J 1.7's no-operation binder, compiled into this folder of the generator's jar (src/main/slf4j-binder). */
    static final String BINDER_FOLDER = "META-INF/wow-compat/slf4j-binder/";
    private static final String BINDER = BINDER_FOLDER + "org/slf4j/impl/StaticLoggerBinder.class";

    /**
     * The packages of the libraries the isolated loader always takes from the generator's own jars: a service may
     * carry another version of them (Wow's schema module brings victools 5, built on Jackson 3), and the generator
     * is written against its own.
     */
    static final List<String> OWN_LIBRARIES = List.of("com.github.victools.jsonschema.", "org.objectweb.asm.",
            "kotlin.metadata.");

    /** The generator's jars of {@link #OWN_LIBRARIES}. */
    static URL[] ownLibraryUrls() throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (Path p : locate(List.of("com.github.victools.jsonschema.generator.SchemaGenerator",
                "com.github.victools.jsonschema.module.jackson.JacksonModule",
                "com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule",
                "org.objectweb.asm.ClassReader", "kotlin.metadata.jvm.KotlinClassMetadata"))) {
            urls.add(p.toAbsolutePath().normalize().toUri().toURL());
        }
        return urls.toArray(URL[]::new);
    }

    static List<Path> paths() {
        return locate(ANCHORS);
    }

    /**
     * The isolated loader's logging: the SLF4J API the generator sees (Maven's own 1.7 under Maven 3.8/3.9, the
     * generator's 2.x elsewhere), then the folder with SLF4J 1.7's no-operation binder, so that 1.7 finds a binder
     * and says nothing. The same folder names SLF4J 2's no-operation provider in its
     * {@code META-INF/services/org.slf4j.spi.SLF4JServiceProvider} (src/main/resources), which 2.x finds through the
     * isolated copy's own loader: so neither version prints a notice, and no system property of the JVM is set (two
     * generations in one JVM share no switch).
     */
    static List<URL> loggingUrls() throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (Path p : locate(LOGGING_ANCHORS)) {
            urls.add(p.toAbsolutePath().normalize().toUri().toURL());
        }
        URL binder = GeneratorClassPath.class.getClassLoader().getResource(BINDER);
        if (binder != null) {
            String url = binder.toString();
            urls.add(new URL(url.substring(0, url.length() - BINDER.length() + BINDER_FOLDER.length())));
        }
        return urls;
    }

    private static List<Path> locate(List<String> anchors) {
        Set<Path> paths = new LinkedHashSet<>();
        ClassLoader own = GeneratorClassPath.class.getClassLoader();
        for (String anchor : anchors) {
            try {
                CodeSource source = Class.forName(anchor, false, own).getProtectionDomain().getCodeSource();
                if (source != null && source.getLocation() != null) {
                    paths.add(toPath(source.getLocation()));
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // A packaging without that library (Kotlin's, say): the generation works without it for Java classes.
            }
        }
        return new ArrayList<>(paths);
    }

    private static Path toPath(URL location) {
        try {
            return Path.of(location.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("class location is not a file: " + location, e);
        }
    }
}
