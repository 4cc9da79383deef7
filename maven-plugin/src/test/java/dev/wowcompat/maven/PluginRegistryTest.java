package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.wowcompat.client.RegistryClient;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

/** The registry client's failures as the mojos report them: one sentence, no cause. */
class PluginRegistryTest {
    @Test
    void anUnreachableRegistryIsOneSentenceWithoutCause() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        RegistryClient client = PluginRegistry.open("http://127.0.0.1:" + closedPort, Optional.empty(), 5);
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> PluginRegistry.call(() -> client.register("s", new byte[0])));
        assertEquals("http://127.0.0.1:" + closedPort + ": cannot reach the registry: connection refused (is the registry running at that address?)", e.getMessage());
        assertNull(e.getCause());
    }

    @Test
    void aUrlThatIsNotHttpIsRefusedBeforeAnyCall() {
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> PluginRegistry.open("registry:8081", Optional.empty(), 1));
        assertEquals("The registry URL 'registry:8081' is not an http(s) URL such as http://registry.example:8081.", e.getMessage());
        assertNull(e.getCause());
    }

    @Test
    void theTimeoutMustBePositive() {
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> PluginRegistry.open("http://127.0.0.1:1", Optional.empty(), 0));
        assertEquals("<timeout> (wow-compat.timeout) must be a positive number of seconds.", e.getMessage());
    }
}
