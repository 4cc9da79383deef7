package dev.wowcompat.generator;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The service's classes come from a directory this test's class loader cannot see, compiled against their own copy
 * of Jackson's annotations: the generator must read them through that copy and honour the renames.
 */
class IsolationTest {
    @TempDir
    Path temp;

    @Test
    void jsonPropertyRenamesAreHonouredWithTheServicesOwnJackson() throws Exception {
        Path lib = Files.createDirectories(temp.resolve("lib"));
        Path ownJackson = Files.copy(Fixtures.location(JsonProperty.class), lib.resolve("service-jackson-annotations.jar"));
        List<Path> classpath = List.of(ownJackson, Fixtures.location(me.ahoo.wow.api.annotation.Event.class),
                Fixtures.location(dev.wowcompat.annotations.Unit.class));
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath, Map.of(
                "iso/shop/Shop.java", """
                        package iso.shop;
                        @me.ahoo.wow.api.annotation.BoundedContext(name = "shop")
                        public class Shop {}
                        """,
                "iso/shop/AddItem.java", """
                        package iso.shop;
                        import com.fasterxml.jackson.annotation.*;
                        public record AddItem(@JsonProperty("sku_code") String sku, @JsonIgnore String secret) {}
                        """,
                "iso/shop/ItemAdded.java", """
                        package iso.shop;
                        import com.fasterxml.jackson.annotation.*;
                        @JsonIgnoreProperties({"internal"})
                        public record ItemAdded(@JsonProperty("sku_code") String sku, String internal) {}
                        """,
                "iso/shop/Cart.java", """
                        package iso.shop;
                        @me.ahoo.wow.api.annotation.AggregateRoot
                        public class Cart {
                            public Cart(String id) {}
                            public ItemAdded onCommand(AddItem c) { return new ItemAdded(c.sku(), ""); }
                            void onSourcing(ItemAdded e) {}
                        }
                        """));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("iso.shop.AddItem"));

        // This JVM's own SLF4J (used by the final self-check) has no backend either: let it complain first.
        org.slf4j.LoggerFactory.getILoggerFactory();
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        GeneratedManifest generated;
        try {
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            generated = new ManifestGenerator().generate(
                    new GenerationRequest(List.of(classes), classpath, "shop-service", "1.0.0", Optional.empty()));
        } finally {
            System.setErr(err);
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "the generator's logging prints nothing into the build");

        JsonNode cart = new ObjectMapper().readTree(generated.json()).path("contexts").path("shop").path("aggregates").path("cart");
        assertEquals("{\"sku_code\":{\"type\":\"string\"}}",
                cart.path("commands").path("add_item").path("schema").path("properties").toString());
        assertEquals("{\"sku_code\":{\"type\":\"string\"}}",
                cart.path("events").path("item_added").path("revisions").path("1").path("schema").path("properties").toString());
    }
}
