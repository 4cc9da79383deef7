package dev.wowcompat.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version Maven packaged: the jar carries {@code pom.properties}, so the version is written in one place (the
 * pom). Run from classes (tests, IDE) there is none, and the version says so.
 */
final class VersionProvider implements IVersionProvider {
    static final String POM_PROPERTIES = "/META-INF/maven/dev.wowcompat/registry-server/pom.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"wow-compat " + version(), "Java " + System.getProperty("java.version")};
    }

    static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) return "(development build)";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            return "(unknown version)";
        }
    }
}
