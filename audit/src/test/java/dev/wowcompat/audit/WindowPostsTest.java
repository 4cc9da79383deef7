package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.window.WireWindow;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A watcher asks the registry's rules of a window before posting it (docs/watch.md): one they refuse is never posted,
 * and stops the watch with one sentence. The registry here is a port nobody listens on: a window that was posted
 * would be held (out of reach), never refused.
 */
class WindowPostsTest {
    private static WindowPosts posts() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        RegistryClient nobody = new RegistryClient("http://127.0.0.1:" + port, Optional.empty(), Duration.ofSeconds(2));
        return new WindowPosts(nobody, "prod", "wow-compat-watch.prod", new ArrayList<String>()::add);
    }

    private static WireWindow window(long records, long end) {
        return new WireWindow("", "", end - 10_000, end, List.of(new WireWindow.Range("wow.bank.event", 0, 100, 101)),
                Map.of("bank-service@1.1.0", records), List.of(), List.of(), null);
    }

    @Test
    void aWindowTheRulesRefuseIsNeverPosted() throws Exception {
        WindowPosts posts = posts();
        long now = System.currentTimeMillis();
        assertEquals(WindowPosts.Outcome.REFUSED, posts.post(window(1_000_000_000_000_000L, now), "host-1"));
        String sentence = posts.refusal().getMessage();
        assertTrue(sentence.startsWith("the watch counted a window of 1,000,000,000,000,000 records that the registry would refuse (")
                && sentence.endsWith("), so it posted nothing"), sentence);
        assertNull(posts.held(), "nothing held to post again");

        WindowPosts later = posts();
        assertEquals(WindowPosts.Outcome.REFUSED, later.post(window(1, Instant.parse("9999-12-31T00:00:00Z").toEpochMilli()), "host-1"));
        assertTrue(later.refusal().getMessage().contains("end (9999-12-31T00:00:00Z) is more than 5 minutes ahead"), later.refusal().getMessage());
    }

    @Test
    void aWindowTheRulesTakeIsPosted() throws Exception {
        WindowPosts posts = posts();
        // Posted, and the registry out of reach: held, to be posted again.
        assertEquals(WindowPosts.Outcome.HELD, posts.post(window(1, System.currentTimeMillis()), "host-1"));
        assertNull(posts.refusal());
    }
}
