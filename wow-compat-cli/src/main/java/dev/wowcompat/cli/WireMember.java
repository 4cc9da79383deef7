package dev.wowcompat.cli;

import java.io.IOException;
import java.net.InetAddress;

/**
 * Who posts windows of an environment's wire, as both {@code watch} and {@code audit --record-profiles} name
 * themselves to the registry (docs/watch.md): the environment's consumer group unless {@code --group} names another,
 * and this process as a member of it.
 */
final class WireMember {
    private WireMember() {
    }

    /** The group of an environment's watchers, and of the audit's windows there. */
    static String defaultGroup(String environment) {
        return "wow-compat-watch." + environment;
    }

    /** This process, as the registry lists who posted: host and process id. */
    static String member() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return host + "/" + ProcessHandle.current().pid();
    }
}
