package dev.wowcompat.generator;

import java.io.IOException;
import java.net.MalformedURLException;
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
    private static final String BYTECODE_PACKAGE = "org.objectweb.asm.";

    private final URLClassLoader logging;
    /**
     * ASM reads the service's class files, so it must read today's class-file versions: a service's older ASM
     * (a transitive dependency, say) would fail on them and silently hide error codes and events.
     */
    private final URLClassLoader bytecode;

    IsolatedLoader(URL[] classpath, URL[] loggingJars) throws MalformedURLException {
        super("wow-compat-manifest-generator", classpath, ClassLoader.getPlatformClassLoader());
        this.logging = new URLClassLoader("wow-compat-manifest-generator-logging", loggingJars, ClassLoader.getPlatformClassLoader());
        this.bytecode = new URLClassLoader("wow-compat-manifest-generator-asm", GeneratorClassPath.bytecodeReaderUrls(),
                ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(LOGGING_PACKAGE)) {
            return logging.loadClass(name);
        }
        if (name.startsWith(BYTECODE_PACKAGE)) {
            return bytecode.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    public void close() throws IOException {
        try (logging; bytecode) {
            super.close();
        }
    }
}
