package org.slf4j.impl;

import org.slf4j.ILoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

/**
 * SLF4J 1.7's way to find a backend, answered with "no operation", for the generator's isolated loader only.
 *
 * <p>Under Maven 3.8/3.9 the SLF4J the generator finds is Maven's own 1.7 API (Maven keeps its copy for plugins),
 * which, without a binder beside it, prints three "Failed to load class org.slf4j.impl.StaticLoggerBinder" lines on
 * every generation. This class is compiled into {@code META-INF/wow-compat/slf4j-binder/} of the generator's jar, not
 * onto any classpath: {@code IsolatedLoader} adds that folder to its logging loader, so only the isolated copy of
 * SLF4J sees it. SLF4J 2.x ignores it (the generator picks 2.x's no-operation provider by name instead).
 * Compiled against SLF4J 2.x, it uses only what 1.7 has too: {@link ILoggerFactory} and {@link NOPLoggerFactory}.
 */
public final class StaticLoggerBinder {
    /** Read by SLF4J 1.7's version check; the value slf4j-nop 1.7 declares. */
    public static String REQUESTED_API_VERSION = "1.6.99";

    private static final StaticLoggerBinder SINGLETON = new StaticLoggerBinder();

    private final ILoggerFactory factory = new NOPLoggerFactory();

    private StaticLoggerBinder() {
    }

    public static StaticLoggerBinder getSingleton() {
        return SINGLETON;
    }

    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    public String getLoggerFactoryClassStr() {
        return NOPLoggerFactory.class.getName();
    }
}
