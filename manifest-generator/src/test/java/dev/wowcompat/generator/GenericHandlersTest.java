package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.wowcompat.generator.SampleServiceTest.names;
import static dev.wowcompat.generator.SampleServiceTest.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Handlers declared on generic superclasses and interfaces: their type variables are what the concrete aggregate,
 * state or processor class binds them to, at any depth, as wow-core reads them (Kotlin reflection's members of the
 * concrete class, then their erasure). A Java service compiled here (a two-level hierarchy, a variable bound through
 * an interface, Mono/Flux/Iterable and CommandMessage of a variable, a generic state, a generic saga and projection)
 * and a Kotlin one compiled by kotlinc (src/test/kotlin, dev.wowcompat.kotlingrove: a tree-like generic model whose
 * handlers return the events' bounds, and an abstract class with open handlers).
 */
class GenericHandlersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private static GeneratedManifest java;
    private static GeneratedManifest kotlin;

    @BeforeAll
    static void generate() throws Exception {
        Path deps = Fixtures.copyPackages(temp.resolve("deps"), "reactor.core.publisher");
        Fixtures.compile(deps, Fixtures.serviceClasspath(), Map.of("reactor/core/publisher/Flux.java", """
                package reactor.core.publisher;
                public final class Flux<T> {
                    @SafeVarargs public static <T> Flux<T> just(T... values) { return new Flux<>(); }
                }
                """));
        List<Path> classpath = new ArrayList<>(Fixtures.serviceClasspath());
        classpath.add(deps);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath, JAVA_SERVICE);
        java = new ManifestGenerator(false).generate(
                new GenerationRequest(List.of(classes), classpath, "shelf-service", "1.0.0", Optional.empty()));

        Path grove = Fixtures.copyPackages(temp.resolve("grove"), "dev.wowcompat.kotlingrove");
        kotlin = new ManifestGenerator(false).generate(
                new GenerationRequest(List.of(grove), WowPatternsTest.classpath(), "orchard-service", "1.0.0", Optional.empty()));
    }

    private static final Map<String, String> JAVA_SERVICE = Map.of(
            "shelf/Library.java", """
                    package shelf;
                    @me.ahoo.wow.api.annotation.BoundedContext(name = "shelf-service", aggregates = {
                            @me.ahoo.wow.api.annotation.BoundedContext.Aggregate(name = "shelf", packageScopes = {shelf.Shelf.class})})
                    public interface Library {}
                    """,
            "shelf/base/Base.java", """
                    package shelf.base;
                    import me.ahoo.wow.api.annotation.OnCommand;
                    import me.ahoo.wow.api.annotation.OnSourcing;
                    import me.ahoo.wow.api.command.CommandMessage;
                    import reactor.core.publisher.Flux;
                    import reactor.core.publisher.Mono;
                    public final class Base {
                        private Base() {}
                        public interface LedgerEvent { String shelf(); }
                        public interface LedgerCommand<E extends LedgerEvent> { String shelf(); E toEvent(); }
                        /** Level one: its handler returns Mono of a variable, and Mono of the variable's bound. */
                        public abstract static class Ledger<S, C extends LedgerCommand<E>, E extends LedgerEvent> {
                            protected final S state;
                            protected Ledger(S state) { this.state = state; }
                            @OnCommand public Mono<E> onOpen(C command) { return Mono.just(command.toEvent()); }
                        }
                        /** A variable bound through an interface: the handler is the interface's default method. */
                        public interface Archiving<A extends LedgerCommand<V>, V extends LedgerEvent> {
                            @OnCommand default Mono<LedgerEvent> onArchive(A command) { return Mono.just(command.toEvent()); }
                        }
                        /** Level two: passes its variables on to Ledger and Archiving, and adds Flux and Iterable handlers. */
                        public abstract static class NamedLedger<S, C extends LedgerCommand<E>, E extends LedgerEvent, K, T,
                                N, L, A extends LedgerCommand<V>, V extends LedgerEvent> extends Ledger<S, C, E> implements Archiving<A, V> {
                            protected NamedLedger(S state) { super(state); }
                            public Flux<T> onCommand(K command) { return Flux.just(); }
                            public Iterable<L> onCommand(CommandMessage<N> command) { return java.util.List.of(); }
                        }
                        /** A generic state: sources its variables, annotated and by name. */
                        public abstract static class LedgerState<O extends LedgerEvent, X> {
                            @OnSourcing protected void onOpened(O event) {}
                            void onSourcing(X event) {}
                        }
                    }
                    """,
            "shelf/Shelf.java", """
                    package shelf;
                    import shelf.base.Base;
                    @me.ahoo.wow.api.annotation.AggregateRoot
                    public class Shelf extends Base.NamedLedger<ShelfState, OpenShelf, ShelfOpened, StockShelf, ShelfStocked,
                            LabelShelf, ShelfLabelled, ArchiveShelf, ShelfArchived> {
                        public Shelf(ShelfState state) { super(state); }
                    }
                    """,
            "shelf/Messages.java", """
                    package shelf;
                    import shelf.base.Base;
                    record OpenShelf(String shelf) implements Base.LedgerCommand<ShelfOpened> {
                        public ShelfOpened toEvent() { return new ShelfOpened(shelf); }
                    }
                    record ShelfOpened(String shelf) implements Base.LedgerEvent {}
                    record StockShelf(String shelf, int books) {}
                    record ShelfStocked(String shelf, int books) {}
                    record LabelShelf(String shelf, String label) {}
                    record ShelfLabelled(String shelf, String label) implements shelf.relay.Relays.Forwarding<LabelShelf> {
                        public LabelShelf toCommand() { return new LabelShelf(shelf, label); }
                    }
                    record ArchiveShelf(String shelf) implements Base.LedgerCommand<ShelfArchived> {
                        public ShelfArchived toEvent() { return new ShelfArchived(shelf, 1); }
                    }
                    record ShelfArchived(String shelf, int year) implements Base.LedgerEvent {}
                    class ShelfState extends Base.LedgerState<ShelfOpened, ShelfArchived> {
                        void onSourcing(ShelfStocked event) {}
                    }
                    """,
            "shelf/relay/Relays.java", """
                    package shelf.relay;
                    import reactor.core.publisher.Mono;
                    public final class Relays {
                        private Relays() {}
                        /** A generic saga: reads its variable E, sends its variable C. */
                        public abstract static class Relay<E, C> {
                            @me.ahoo.wow.api.annotation.OnEvent public Mono<C> onEvent(E event) { return Mono.just(null); }
                        }
                        public abstract static class Projector<E> {
                            public void onEvent(E event) {}
                        }
                        /** An event that builds a command: the command class is the event class's type argument. */
                        public interface Forwarding<C> { C toCommand(); }
                        /** A generic saga returning Mono<Object>: what it sends is what its event's toCommand builds. */
                        public abstract static class Forwarder<E extends Forwarding<C>, C> {
                            @me.ahoo.wow.api.annotation.OnEvent public Mono<Object> onEvent(E event) { return Mono.just(event.toCommand()); }
                        }
                    }
                    """,
            "shelf/ShelfSagas.java", """
                    package shelf;
                    @me.ahoo.wow.api.annotation.StatelessSaga
                    class RestockSaga extends shelf.relay.Relays.Relay<ShelfOpened, StockShelf> {}
                    @me.ahoo.wow.api.annotation.StatelessSaga
                    class RelabelSaga extends shelf.relay.Relays.Forwarder<ShelfLabelled, LabelShelf> {}
                    @me.ahoo.wow.api.annotation.ProjectionProcessor
                    class ArchiveProjector extends shelf.relay.Relays.Projector<ShelfArchived> {}
                    """);

    private static JsonNode aggregate(GeneratedManifest manifest, String context, String name) throws Exception {
        return JSON.readTree(manifest.json()).path("contexts").path(context).path("aggregates").path(name);
    }

    private static List<String> own(JsonNode messages) {
        return names(messages).stream().filter(n -> !n.startsWith("default_")).toList();
    }

    @Test
    void javaHandlersOfAGenericHierarchyHandleWhatTheAggregateBinds() throws Exception {
        JsonNode shelf = aggregate(java, "shelf-service", "shelf");
        // Level one (OpenShelf), level two (StockShelf, CommandMessage<LabelShelf>), an interface's default (ArchiveShelf).
        assertEquals(List.of("archive_shelf", "label_shelf", "open_shelf", "stock_shelf"), own(shelf.path("commands")));
        // Mono<E>, Flux<T>, Iterable<L>; sourced through the generic state; Mono<LedgerEvent> from command.toEvent().
        assertEquals(List.of("shelf_archived", "shelf_labelled", "shelf_opened", "shelf_stocked"), own(shelf.path("events")));
        assertEquals(List.of("books", "shelf"), texts(shelf.path("commands").path("stock_shelf").path("schema").path("required")));
        assertEquals(List.of(), java.warnings());
    }

    @Test
    void javaProcessorsOfAGenericBaseReadAndSendWhatTheProcessorBinds() throws Exception {
        JsonNode manifest = JSON.readTree(java.json());
        assertEquals(List.of("shelf-service.shelf.shelf_archived", "shelf-service.shelf.shelf_labelled",
                "shelf-service.shelf.shelf_opened"), names(manifest.path("consumes").path("events")));
        // Mono<C> of the saga's variable; and Mono<Object> built by the event's toCommand(), declared C toCommand().
        assertEquals(List.of("shelf-service.shelf.label_shelf", "shelf-service.shelf.stock_shelf"),
                texts(manifest.path("sends").path("commands")));
    }

    @Test
    void aKotlinTreeLikeModelRoutesTheServicesCommandsAndSourcesItsEvents() throws Exception {
        JsonNode orchard = aggregate(kotlin, "orchard-service", "orchard");
        assertEquals(List.of("fell_tree", "plant_tree", "prune_tree"), own(orchard.path("commands")));
        // Sourced by GroveState<P, R, F>'s handlers; returned as the bounds Planted, List<Pruned> and Any, built by toEvent.
        assertEquals(List.of("tree_felled", "tree_planted", "tree_pruned"), own(orchard.path("events")));
        assertEquals(List.of("code", "species"), texts(orchard.path("events").path("tree_planted").path("revisions")
                .path("1").path("schema").path("required")));
        assertEquals(List.of(), kotlin.warnings());
    }

    @Test
    void aKotlinAbstractClassWithOpenHandlersHandlesTheSubclasssCommands() throws Exception {
        JsonNode hive = aggregate(kotlin, "orchard-service", "beehive");
        assertEquals(List.of("count_bees", "lose_bees"), own(hive.path("commands")));
        assertEquals(List.of("bees_counted"), own(hive.path("events")));
    }
}
