package dev.wowcompat.generator;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader the generation runs in: the service's class directories, its classpath, then the generator's
 * own jars, over the platform loader, so that the service's classes, Jackson and victools share one copy of each
 * class. One package is the exception: SLF4J, which victools logs its debug lines to, always comes from the
 * generator's own copy, so a service's logging backend (Spring Boot's logback logs DEBUG when unconfigured) never
 * prints victools' internals into the build. That copy is a fresh load of the SLF4J API the generator sees (under
 * Maven 3.8/3.9 that is Maven's 1.7 API, elsewhere the generator's 2.x) plus SLF4J 1.7's no-operation binder from the
 * generator's jar ({@link GeneratorClassPath#loggingUrls()}), so neither version prints a notice.
 */
final class IsolatedLoader extends URLClassLoader {
    private static final String LOGGING_PACKAGE = "org.slf4j.";

    private final URLClassLoader logging;

    IsolatedLoader(URL[] classpath, URL[] loggingJars) {
        super("wow-compat-manifest-generator", classpath, ClassLoader.getPlatformClassLoader());
        this.logging = new URLClassLoader("wow-compat-manifest-generator-logging", loggingJars, ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(LOGGING_PACKAGE)) {
            return logging.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            logging.close();
        }
    }
}
