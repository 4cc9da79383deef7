package dev.wowcompat.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which methods found by name are handlers, as wow-core's parsers decide: an {@code onCommand} returning nothing is not
 * a command handler (AggregateMetadataParser), an {@code onSourcing} with two parameters is not a sourcing handler
 * (StateAggregateMetadataParser); annotated, both are.
 */
class HandlersByNameTest {
    @TempDir
    Path temp;

    @Test
    void handlersByNameFollowWowsRules() throws Exception {
        Path classes = Fixtures.compile(temp.resolve("classes"), Fixtures.serviceClasspath(), Map.of(
                "desk/Desk.java", """
                        package desk;
                        @me.ahoo.wow.api.annotation.BoundedContext(name = "desk", aggregates = {
                                @me.ahoo.wow.api.annotation.BoundedContext.Aggregate(name = "ticket", packageScopes = {desk.Ticket.class})})
                        public interface Desk {}
                        """,
                "desk/Open.java", "package desk;\npublic record Open(String title) {}\n",
                "desk/Ping.java", "package desk;\npublic record Ping(String from) {}\n",
                "desk/Poke.java", "package desk;\npublic record Poke(String from) {}\n",
                "desk/Opened.java", "package desk;\npublic record Opened(String title) {}\n",
                "desk/Noted.java", "package desk;\npublic record Noted(String text) {}\n",
                "desk/TicketState.java", """
                        package desk;
                        public class TicketState {
                            private String title;
                            void onSourcing(Opened e) { title = e.title(); }
                            void onSourcing(Noted e, String extra) { }
                        }
                        """,
                "desk/Ticket.java", """
                        package desk;
                        @me.ahoo.wow.api.annotation.AggregateRoot
                        public class Ticket {
                            private final TicketState state;
                            public Ticket(TicketState state) { this.state = state; }
                            Opened onCommand(Open c) { return new Opened(c.title()); }
                            void onCommand(Ping c) { }
                            @me.ahoo.wow.api.annotation.OnCommand
                            void onCommand(Poke c) { }
                        }
                        """));
        GeneratedManifest generated = new ManifestGenerator(false).generate(new GenerationRequest(List.of(classes),
                new ArrayList<>(Fixtures.serviceClasspath()), "desk-service", "1.0.0", Optional.empty()));
        JsonNode ticket = new ObjectMapper().readTree(generated.text()).at("/contexts/desk/aggregates/ticket");
        List<String> commands = new ArrayList<>();
        ticket.path("commands").fieldNames().forEachRemaining(commands::add);
        List<String> events = new ArrayList<>();
        ticket.path("events").fieldNames().forEachRemaining(events::add);
        assertEquals(List.of("open", "poke"), commands.stream().filter(c -> !c.startsWith("default_")).toList(),
                "void onCommand(Ping) is not a handler unless annotated");
        assertEquals(List.of("opened"), events.stream().filter(e -> !e.startsWith("default_")).toList(),
                "onSourcing(Noted, String) is not a sourcing handler, and nothing else makes Noted an event");
    }
}
