package dev.wowcompat.generator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class loader the generation runs in: the service's class directories, its classpath, then the generator's
 * own jars, over the platform loader, so that the service's classes, Jackson and victools share one copy of each
 * class (victools must see the very Jackson annotation classes the service's classes carry).
 *
 * <p>Two exceptions. SLF4J, which victools logs its debug lines to, always comes from the generator's own copy, so
 * a service's logging backend (Spring Boot's logback logs DEBUG when unconfigured) never prints victools' internals
 * into the build. That copy is a fresh load of the SLF4J API the generator sees (under Maven 3.8/3.9 that is Maven's
 * 1.7 API, elsewhere the generator's 2.x) plus SLF4J 1.7's no-operation binder from the generator's jar
 * ({@link GeneratorClassPath#loggingUrls()}), so neither version prints a notice. And the libraries the generator is
 * built on and a service may carry in another version ({@link GeneratorClassPath#OWN_LIBRARIES}: victools, which
 * Wow's schema module brings in a version built on Jackson 3; ASM; Kotlin's metadata reader) are defined here from
 * the generator's own jars, so they link against the service's Jackson annotations but are the generator's code.
 */
final class IsolatedLoader extends URLClassLoader {
    private static final String LOGGING_PACKAGE = "org.slf4j.";

    private final URLClassLoader logging;
    /** Only searched for class files (its parent is none): the generator's jars of its own libraries. */
    private final URLClassLoader ownLibraries;
    /** Internal names of the class files read as resources: the bytecode the generation read ({@link Bytecode}). */
    private final Set<String> classFilesRead = ConcurrentHashMap.newKeySet();

    IsolatedLoader(URL[] classpath, URL[] loggingJars) throws MalformedURLException {
        super("wow-compat-manifest-generator", classpath, ClassLoader.getPlatformClassLoader());
        this.logging = new URLClassLoader("wow-compat-manifest-generator-logging", loggingJars, ClassLoader.getPlatformClassLoader());
        this.ownLibraries = new URLClassLoader("wow-compat-manifest-generator-own", GeneratorClassPath.ownLibraryUrls(), null);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(LOGGING_PACKAGE)) {
            return logging.loadClass(name);
        }
        if (isOwnLibrary(name)) {
            synchronized (getClassLoadingLock(name)) {
                Class<?> type = findLoadedClass(name);
                if (type == null) {
                    type = defineOwn(name);
                }
                if (type != null) {
                    if (resolve) {
                        resolveClass(type);
                    }
                    return type;
                }
            }
        }
        return super.loadClass(name, resolve);
    }

    private static boolean isOwnLibrary(String name) {
        List<String> packages = GeneratorClassPath.OWN_LIBRARIES;
        for (String p : packages) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private Class<?> defineOwn(String name) {
        URL file = ownLibraries.findResource(name.replace('.', '/') + ".class");
        if (file == null) {
            return null;
        }
        try (InputStream in = file.openStream()) {
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public URL getResource(String name) {
        if (name.endsWith(".class")) {
            classFilesRead.add(name.substring(0, name.length() - ".class".length()));
        }
        return super.getResource(name);
    }

    /** The class files read as resources so far (internal names), for {@link ClassFilesRecord}. */
    Set<String> classFilesRead() {
        return Set.copyOf(classFilesRead);
    }

    @Override
    public void close() throws IOException {
        try (logging; ownLibraries) {
            super.close();
        }
    }
}
