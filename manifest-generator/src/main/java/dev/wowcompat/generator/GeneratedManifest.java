package dev.wowcompat.generator;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * A generated Manifest.
 *
 * @param json     the Manifest (format 1), UTF-8, ending with a newline; the same classes give the same bytes
 * @param warnings       one sentence each, for things the generator could not decide from the code alone
 * @param classFilesRead internal names of the classes whose bytecode the generation read (handlers, sagas, Kotlin
 *                       defaults...): the Manifest depends on their code, not only on their shape ({@link ClassFilesRecord})
 */
public record GeneratedManifest(byte[] json, List<String> warnings, Set<String> classFilesRead) {
    public GeneratedManifest {
        json = json.clone();
        warnings = List.copyOf(warnings);
        classFilesRead = Set.copyOf(classFilesRead);
    }

    @Override
    public byte[] json() {
        return json.clone();
    }

    /** The Manifest as text. */
    public String text() {
        return new String(json, StandardCharsets.UTF_8);
    }
}
