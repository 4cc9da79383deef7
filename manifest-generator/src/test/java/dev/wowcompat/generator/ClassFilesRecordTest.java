package dev.wowcompat.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a module compiled again may keep its Manifest: each change below is made to one source of a service, the
 * service compiled again, and the record made from the first generation asked. Where it keeps the Manifest, a fresh
 * generation must give the same bytes; where the Manifest does depend on the changed code, the record must refuse
 * (and the fresh generation shows that it had to).
 */
class ClassFilesRecordTest {
    @TempDir
    Path temp;

    private int builds;
    private Path before;
    private String manifestBefore;
    private ClassFilesRecord record;
    private Path lastBuild;

    /** A naming strategy: Jackson creates it and calls it for each of {@code Closed}'s properties. */
    private static final String UPPER_CASE = """
            package desk;
            public class UpperCase extends com.fasterxml.jackson.databind.PropertyNamingStrategies.NamingBase {
                @Override public String translate(String name) { return name.toUpperCase(); }
            }
            """;

    /** The desk service; each test replaces some of these sources. */
    private static Map<String, String> sources() {
        Map<String, String> s = new HashMap<>();
        s.put("desk/Desk.java", """
                package desk;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "desk", aggregates = {
                        @me.ahoo.wow.api.annotation.BoundedContext.Aggregate(name = "ticket", packageScopes = {desk.Ticket.class})})
                public interface Desk {}
                """);
        s.put("desk/Open.java", "package desk;\npublic record Open(String title) {}\n");
        s.put("desk/Close.java", "package desk;\npublic record Close(String reason) {}\n");
        s.put("desk/Opened.java", "package desk;\npublic record Opened(String title, Priority priority) {}\n");
        s.put("desk/Closed.java", "package desk;\n@com.fasterxml.jackson.databind.annotation.JsonNaming(UpperCase.class)\n"
                + "public record Closed(String reason) {}\n");
        s.put("desk/UpperCase.java", UPPER_CASE);
        s.put("desk/Escalated.java", "package desk;\npublic record Escalated(String reason) {}\n");
        s.put("desk/Priority.java", """
                package desk;
                public enum Priority {
                    LOW, HIGH;
                    @com.fasterxml.jackson.annotation.JsonValue
                    public String code() { return Codes.of(name()); }
                }
                """);
        s.put("desk/Codes.java", "package desk;\nfinal class Codes {\n    static String of(String name) { return name.toLowerCase(); }\n}\n");
        s.put("desk/Titles.java", "package desk;\nfinal class Titles {\n    static String clean(String t) { return t.strip(); }\n}\n");
        s.put("desk/DeskErrorCodes.java", """
                package desk;
                public final class DeskErrorCodes {
                    public static final String NOT_FOUND = String.valueOf("ticket-not-found");
                }
                """);
        s.put("desk/TicketState.java", """
                package desk;
                public class TicketState {
                    private String title;
                    void onSourcing(Opened e) { title = e.title(); }
                    void onSourcing(Closed e) { title = null; }
                }
                """);
        s.put("desk/Ticket.java", """
                package desk;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Ticket {
                    private final TicketState state;
                    public Ticket(TicketState state) { this.state = state; }
                    Opened onCommand(Open c) { return new Opened(Titles.clean(c.title()), Priority.LOW); }
                    Object onCommand(Close c) { return new Closed(c.reason()); }
                }
                """);
        return s;
    }

    /** Wow's API, ours, and Jackson's databind (for a naming strategy). */
    private static List<Path> classpath() {
        List<Path> classpath = new ArrayList<>(Fixtures.serviceClasspath());
        classpath.add(Fixtures.location(com.fasterxml.jackson.databind.ObjectMapper.class));
        classpath.add(Fixtures.location(com.fasterxml.jackson.core.JsonParser.class));
        return classpath;
    }

    private Path compile(Map<String, String> sources) {
        return Fixtures.compile(temp.resolve("build" + ++builds), classpath(), sources);
    }

    private static GeneratedManifest generate(Path classes) throws GenerationException {
        return new ManifestGenerator(false).generate(new GenerationRequest(List.of(classes), classpath(), "desk-service",
                "1.0.0", Optional.empty()));
    }

    @BeforeEach
    void firstBuild() throws Exception {
        before = compile(sources());
        GeneratedManifest generated = generate(before);
        manifestBefore = generated.text();
        // Written out and read back, as the Maven goal keeps it between builds.
        record = ClassFilesRecord.parse(ClassFilesRecord.scan(List.of(before)).record(generated.classFilesRead()).lines()).orElseThrow();
    }

    /** The service compiled again with these sources replaced: whether the record keeps the Manifest, and the fresh one. */
    private Optional<ClassFilesRecord.Kept> after(Map<String, String> changed, boolean reachesManifest) throws Exception {
        Map<String, String> s = sources();
        s.putAll(changed);
        Path again = compile(s);
        lastBuild = again;
        Optional<ClassFilesRecord.Kept> kept = record.stillValid(List.of(again));
        String fresh = generate(again).text();
        if (kept.isPresent()) {
            assertEquals(manifestBefore, fresh, "kept, so a fresh generation must give the same Manifest");
        } else if (reachesManifest) {
            assertNotEquals(manifestBefore, fresh, "the change does reach the Manifest");
        }
        return kept;
    }

    @Test
    void compiledAgainWithoutAChangeKeepsTheManifest() throws Exception {
        Optional<ClassFilesRecord.Kept> kept = after(Map.of(), false);
        assertTrue(kept.isPresent());
        assertEquals(0, kept.get().changedClasses());
    }

    @Test
    void bodiesTheGeneratorNeitherReadsNorRunsKeepTheManifest() throws Exception {
        Optional<ClassFilesRecord.Kept> kept = after(Map.of(
                "desk/Titles.java", "package desk;\nfinal class Titles {\n    static String clean(String t) { return t.trim().toLowerCase(); }\n}\n",
                "desk/TicketState.java", """
                        package desk;
                        public class TicketState {
                            private String title;
                            void onSourcing(Opened e) { title = e.title().toUpperCase(); }
                            void onSourcing(Closed e) { title = null; }
                        }
                        """), false);
        assertTrue(kept.isPresent(), "a helper's and the state's method bodies");
        assertEquals(2, kept.get().changedClasses());
        // The record kept for the next build describes the classes as they are now.
        Optional<ClassFilesRecord.Kept> next = ClassFilesRecord.parse(kept.get().record().lines()).orElseThrow().stillValid(List.of(lastBuild));
        assertEquals(0, next.orElseThrow().changedClasses());
    }

    /**
     * The record refuses a source changed in its methods' code only (its shape stays the same), and the change does
     * reach the Manifest: what the record refused for is the code it knows the Manifest depends on.
     */
    private void refusedForItsCode(String source, String changed) throws Exception {
        assertTrue(after(Map.of(source, changed), true).isEmpty(), source);
        String classFile = source.replace(".java", ".class");
        byte[] was = Files.readAllBytes(before.resolve(classFile));
        byte[] now = Files.readAllBytes(lastBuild.resolve(classFile));
        assertFalse(java.util.Arrays.equals(was, now));
        assertEquals(ClassFilesRecord.shape(was), ClassFilesRecord.shape(now), classFile + " changed in its shape");
    }

    @Test
    void aHandlerBodyTheGeneratorReadIsAChange() throws Exception {
        // Close's handler returns Object: the events it constructs are read from its bytecode.
        refusedForItsCode("desk/Ticket.java", sources().get("desk/Ticket.java")
                .replace("return new Closed(c.reason());", "return new Escalated(c.reason());"));
    }

    @Test
    void codeAnEnumRunsIsAChangeEvenInAnotherClass() throws Exception {
        // Priority's @JsonValue calls Codes.of.
        refusedForItsCode("desk/Codes.java",
                "package desk;\nfinal class Codes {\n    static String of(String name) { return name.toLowerCase().replace('o', '0'); }\n}\n");
    }

    @Test
    void aNamingStrategyJacksonCreatesIsAChange() throws Exception {
        assertTrue(manifestBefore.contains("\"REASON\""), "the strategy names Closed's property");
        refusedForItsCode("desk/UpperCase.java", UPPER_CASE.replace("toUpperCase", "toLowerCase"));
    }

    @Test
    void aStaticInitializerOfErrorCodesIsAChange() throws Exception {
        refusedForItsCode("desk/DeskErrorCodes.java", sources().get("desk/DeskErrorCodes.java").replace("ticket-not-found", "ticket-missing"));
    }

    @Test
    void aShapeChangeAClassAddedOrRemovedOrAResourceChangedIsAChange() throws Exception {
        assertTrue(after(Map.of("desk/Open.java", "package desk;\npublic record Open(String title, int seats) {}\n"),
                true).isEmpty(), "a field added");
        assertTrue(after(Map.of("desk/Titles.java", "package desk;\nfinal class Titles {\n    @Deprecated static String clean(String t) { return t.strip(); }\n}\n"),
                false).isEmpty(), "an annotation added, even where it changes nothing");
        assertTrue(after(Map.of("desk/Extra.java", "package desk;\nfinal class Extra {}\n"), false).isEmpty(), "a class added");
        Path again = compile(sources());
        Files.delete(again.resolve("desk/Titles.class"));
        assertTrue(record.stillValid(List.of(again)).isEmpty(), "a class removed");
        again = compile(sources());
        Files.createDirectories(again.resolve("META-INF"));
        Files.writeString(again.resolve("META-INF/wow-metadata.json"), "{}");
        assertTrue(record.stillValid(List.of(again)).isEmpty(), "a resource added");
    }
}
