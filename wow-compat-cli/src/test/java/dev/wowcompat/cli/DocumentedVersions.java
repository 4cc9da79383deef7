package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What docs/cli.md says about the commands, read from the page itself so that the tests hold the code to the docs
 * and not to itself: the commands it documents (its {@code ## `name`} sections) and those on which
 * {@code --version V} names a release ("`--version V` names the release on `a`, `b` and `c` only").
 */
final class DocumentedVersions {
    private DocumentedVersions() {}

    private static final Pattern SECTION = Pattern.compile("(?m)^## `([a-z-]+)`");
    private static final Pattern RELEASE_VERSION = Pattern.compile("`--version V` names the release on (.+?) only");
    private static final Pattern NAME = Pattern.compile("`([a-z-]+)`");

    static String page() {
        try {
            return Files.readString(RepositoryRoot.resolve("docs/cli.md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The commands with a section of their own in docs/cli.md, in its order. */
    static List<String> documentedCommands() {
        List<String> names = new ArrayList<>();
        Matcher m = SECTION.matcher(page());
        while (m.find()) names.add(m.group(1));
        assertTrue(names.size() >= 10, "docs/cli.md documents its commands in ## `name` sections: " + names);
        return names;
    }

    /** The commands on which docs/cli.md says {@code --version V} names a release. */
    static Set<String> releaseVersionCommands() {
        Matcher m = RELEASE_VERSION.matcher(page().replaceAll("\\s+", " "));
        assertTrue(m.find(), "docs/cli.md says where `--version V` names the release");
        Set<String> names = new TreeSet<>();
        Matcher name = NAME.matcher(m.group(1));
        while (name.find()) names.add(name.group(1));
        assertFalse(names.isEmpty(), m.group());
        return names;
    }
}
