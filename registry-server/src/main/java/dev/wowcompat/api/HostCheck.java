package dev.wowcompat.api;

import io.javalin.http.Context;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * A registry bound to a loopback address answers only requests addressed to a loopback name: a web page whose
 * name an attacker rebinds to 127.0.0.1 sends its own name as {@code Host}, and is refused with 421 before any
 * handler runs (docs/deployment.md, "Who may write"). Bound to any other address, the check is off: the names
 * that reach it are the operator's to choose.
 */
final class HostCheck {
    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private final boolean enabled;
    private final Set<String> allowed;

    HostCheck(String boundHost, List<String> allowedHosts) {
        this.enabled = isLoopback(boundHost);
        this.allowed = new TreeSet<>(LOOPBACK_NAMES);
        for (String name : allowedHosts) allowed.add(name.toLowerCase(Locale.ROOT));
    }

    /** Whether the address the server listens on is a loopback one (a name is resolved, as the connector does). */
    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    void check(Context ctx) {
        if (!enabled) return;
        String header = ctx.header("Host");
        String name = header == null ? "" : withoutPort(header.strip().toLowerCase(Locale.ROOT));
        if (!allowed.contains(name)) {
            throw new ApiException(ProblemCode.MISDIRECTED, "This registry listens on a loopback address and answers only "
                    + "requests for 127.0.0.1, localhost or [::1] (or a name given with serve --allowed-hosts); "
                    + (header == null ? "this request names no Host." : "this request is for another name."));
        }
    }

    private static String withoutPort(String host) {
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(0, end + 1);
        }
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }
}
