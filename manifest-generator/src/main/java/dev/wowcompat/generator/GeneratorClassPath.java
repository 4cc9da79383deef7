package dev.wowcompat.generator;

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
            "com.fasterxml.classmate.TypeResolver",
            "com.fasterxml.jackson.databind.ObjectMapper",
            "com.fasterxml.jackson.core.JsonFactory",
            "com.fasterxml.jackson.annotation.JsonProperty",
            "kotlin.metadata.jvm.KotlinClassMetadata",
            "kotlin.Metadata");

    private GeneratorClassPath() {
    }

    /** Where SLF4J's API is, for the isolated loader's logging (see {@link IsolatedLoader}). */
    private static final List<String> LOGGING_ANCHORS = List.of("org.slf4j.LoggerFactory");

    static List<Path> paths() {
        return locate(ANCHORS);
    }

    static List<Path> loggingPaths() {
        return locate(LOGGING_ANCHORS);
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
