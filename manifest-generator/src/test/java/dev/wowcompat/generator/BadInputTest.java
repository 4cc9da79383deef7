package dev.wowcompat.generator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad classes give one sentence naming the class, never a stack trace; doubtful ones give a warning. */
class BadInputTest {
    @TempDir
    Path temp;

    /** A small valid service; each test adds or replaces sources. */
    private static Map<String, String> service() {
        Map<String, String> sources = new HashMap<>();
        sources.put("bad/Shop.java", """
                package bad;
                @me.ahoo.wow.api.annotation.BoundedContext(name = "shop")
                public class Shop {}
                """);
        sources.put("bad/Pay.java", "package bad;\npublic record Pay(long amount) {}\n");
        sources.put("bad/Paid.java", "package bad;\npublic record Paid(long amount) {}\n");
        sources.put("bad/Order.java", """
                package bad;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Order {
                    public Order(String id) {}
                    public Paid onCommand(Pay c) { return new Paid(c.amount()); }
                    void onSourcing(Paid e) {}
                }
                """);
        return sources;
    }

    private List<Path> classpath() {
        return Fixtures.serviceClasspath();
    }

    private GenerationException failure(Path classes, List<Path> classpath) {
        return assertThrows(GenerationException.class, () -> new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath, "shop-service", "1.0.0", Optional.empty())));
    }

    private static void assertOneSentenceNaming(GenerationException e, String className, String words) {
        assertEquals(1, e.problems().size(), e.problems().toString());
        String problem = e.problems().get(0);
        assertTrue(problem.startsWith(className + ":"), problem);
        assertTrue(problem.contains(words), problem);
        assertFalse(problem.contains("\n") || problem.contains("\tat ") || problem.contains(".java:"), problem);
    }

    @Test
    void theValidServiceGenerates() throws Exception {
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), service());
        GeneratedManifest m = new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath(), "shop-service", "1.0.0", Optional.empty()));
        assertTrue(m.text().contains("\"paid\""));
    }

    private GeneratedManifest generated(Path classes, boolean strict) throws GenerationException {
        return new ManifestGenerator(false).generate(
                new GenerationRequest(List.of(classes), classpath(), "shop-service", "1.0.0", Optional.empty(), strict));
    }

    @Test
    void aClassThatCannotBeLoadedIsAWarningAndTheRestIsGenerated() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Missing.java", "package bad;\npublic class Missing {}\n");
        sources.put("bad/Broken.java", "package bad;\npublic class Broken extends Missing {}\n");
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        Files.delete(classes.resolve("bad/Missing.class"));
        GeneratedManifest m = generated(classes, false);
        assertEquals(List.of("1 class cannot be loaded because the classpath lacks the package bad (needed by bad.Broken), "
                + "so what it declares is missing from the Manifest: add the jars that hold them to the classpath."), m.warnings());
        assertTrue(m.text().contains("\"paid\""), m.text());
        // --strict: the warning is a problem, then one sentence saying why.
        GenerationException e = assertThrows(GenerationException.class, () -> generated(classes, true));
        assertEquals(m.warnings().get(0), e.problems().get(0));
        assertEquals("Strict mode refuses a Manifest with warnings: the warning above names what the Manifest "
                + "would leave out or could not tell.", e.problems().get(1));
    }

    @Test
    void classesThatCannotBeLoadedLeavingNothingToDescribeAreTheRefusal() throws Exception {
        Map<String, String> sources = new HashMap<>(service());
        sources.put("bad/Missing.java", "package bad;\npublic class Missing {}\n");
        sources.put("bad/Order.java", """
                package bad;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Order extends Missing {
                    public Order(String id) {}
                    public Paid onCommand(Pay c) { return new Paid(c.amount()); }
                }
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        Files.delete(classes.resolve("bad/Missing.class"));
        GenerationException e = failure(classes, classpath());
        assertEquals(List.of("1 class cannot be loaded because the classpath lacks the package bad (needed by bad.Order), "
                + "so what it declares is missing from the Manifest: add the jars that hold them to the classpath."), e.problems());
    }

    @Test
    void aHandlerWhoseTypesCannotBeReadIsAWarningNamingIt() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Gone.java", "package bad;\npublic class Gone {}\n");
        sources.put("bad/Refund.java", "package bad;\npublic record Refund(long amount) {}\n");
        sources.put("bad/OrderState.java", "package bad;\npublic class OrderState {\n    void onSourcing(Paid e) {}\n}\n");
        sources.put("bad/Order.java", """
                package bad;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Order {
                    public Order(OrderState state) {}
                    public Paid onCommand(Pay c) { return new Paid(c.amount()); }
                    public Paid onCommand(Refund c, java.util.List<Gone> why) { return new Paid(-c.amount()); }
                }
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        Files.delete(classes.resolve("bad/Gone.class"));
        GeneratedManifest m = generated(classes, false);
        assertEquals(1, m.warnings().size(), m.warnings().toString());
        assertTrue(m.warnings().get(0).startsWith("bad.Order.onCommand: its signature cannot be read with the given classpath ("),
                m.warnings().get(0));
        assertTrue(m.warnings().get(0).endsWith("), so what it handles is missing from the Manifest."), m.warnings().get(0));
        assertTrue(m.text().contains("\"pay\""), m.text());
        assertFalse(m.text().contains("\"refund\""), m.text());
    }

    @Test
    void anErrorCodeThatCannotBeKebabCaseIsLeftOutWithAWarning() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/OrderErrorCodes.java", """
                package bad;
                public final class OrderErrorCodes {
                    public static final String UNSET = "";
                    public static final String NUMBERED = "404";
                    public static final String PAY_FAILED = "PayFailed";
                }
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        GeneratedManifest m = generated(classes, false);
        assertEquals(List.of("bad.OrderErrorCodes: error code '' cannot be written as a kebab-case code (letters and digits, "
                        + "starting with a letter), so it is left out of the Manifest's errors; Wow writes it as declared.",
                "bad.OrderErrorCodes: error code '404' cannot be written as a kebab-case code (letters and digits, "
                        + "starting with a letter), so it is left out of the Manifest's errors; Wow writes it as declared."),
                m.warnings());
        assertTrue(m.text().contains("\"pay-failed\""), m.text());
        assertThrows(GenerationException.class, () -> generated(classes, true));
    }

    @Test
    void anAnnotationValueOfTheWrongType() throws Exception {
        // The event was compiled against an Event annotation whose revision is a number; Wow's takes a string.
        Path otherApi = Fixtures.compile(temp.resolve("other-api"), List.of(), Map.of("me/ahoo/wow/api/annotation/Event.java", """
                package me.ahoo.wow.api.annotation;
                @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
                public @interface Event { int revision() default 1; }
                """));
        List<Path> compileClasspath = new ArrayList<>(List.of(otherApi));
        compileClasspath.addAll(classpath());
        Map<String, String> sources = service();
        sources.put("bad/Paid.java", "package bad;\n@me.ahoo.wow.api.annotation.Event(revision = 2)\npublic record Paid(long amount) {}\n");
        Path classes = Fixtures.compile(temp.resolve("classes"), compileClasspath, sources);
        assertOneSentenceNaming(failure(classes, classpath()), "bad.Paid", "@Event(revision) must be a string");
    }

    @Test
    void aRevisionLabelThatIsNotAVersionLeavesThatRevisionOutWithAWarning() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Paid.java", "package bad;\n@me.ahoo.wow.api.annotation.Event(revision = \"second\")\npublic record Paid(long amount) {}\n");
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        GeneratedManifest m = generated(classes, false);
        assertEquals(List.of("bad.Paid: its @Event revision 'second' is not a version (numbers joined by dots, e.g. \"0.0.1\" "
                + "or \"1.2\"), so this revision of event 'paid' is left out of the Manifest."), m.warnings());
        assertFalse(m.text().contains("\"paid\""), m.text());
        assertTrue(m.text().contains("\"pay\""), m.text());
    }

    @Test
    void twoClassesClaimingTheSameEventAndRevision() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/PaidAgain.java", """
                package bad;
                @me.ahoo.wow.api.annotation.Name("paid")
                public record PaidAgain(long amount, String note) {}
                """);
        sources.put("bad/Order.java", """
                package bad;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Order {
                    public Order(String id) {}
                    public Paid onCommand(Pay c) { return new Paid(c.amount()); }
                    void onSourcing(Paid e) {}
                    void onSourcing(PaidAgain e) {}
                }
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        assertOneSentenceNaming(failure(classes, classpath()), "bad.PaidAgain", "claims event 'paid' revision 0.0.1, which bad.Paid claims too");
    }

    @Test
    void anUpgradeFromAnUnknownRevision() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Paid.java", """
                package bad;
                @me.ahoo.wow.api.annotation.Event(revision = "1.0")
                @dev.wowcompat.annotations.UpgradesFrom("0.9")
                public record Paid(long amount) {}
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        assertOneSentenceNaming(failure(classes, classpath()), "bad.Paid", "@UpgradesFrom(\"0.9\") names no revision of event 'paid'");
    }

    @Test
    void aDefaultThatIsNotJsonForANumber() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Pay.java", """
                package bad;
                public record Pay(long amount, @dev.wowcompat.annotations.Default("zero") Long fee) {}
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        assertOneSentenceNaming(failure(classes, classpath()), "bad.Pay.fee", "@Default(\"zero\") is not a JSON value");
    }

    @Test
    void anEventOnlyVisibleAsObjectIsAWarningNamingTheHandler() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Refund.java", "package bad;\npublic record Refund(long amount) {}\n");
        // The event is built elsewhere: the handler's own bytecode constructs nothing, so it stays unknown.
        sources.put("bad/Refunds.java", "package bad;\npublic final class Refunds {\n"
                + "    public static Object of(Refund c) { return new Paid(-c.amount()); }\n}\n");
        sources.put("bad/Order.java", """
                package bad;
                @me.ahoo.wow.api.annotation.AggregateRoot
                public class Order {
                    public Order(String id) {}
                    public Paid onCommand(Pay c) { return new Paid(c.amount()); }
                    public Object onCommand(Refund c) { return Refunds.of(c); }
                    void onSourcing(Paid e) {}
                }
                """);
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        GeneratedManifest m = new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath(), "shop-service", "1.0.0", Optional.empty()));
        assertEquals(1, m.warnings().size(), m.warnings().toString());
        assertTrue(m.warnings().get(0).startsWith("bad.Order.onCommand(Refund): returns java.lang.Object"), m.warnings().get(0));
    }

    @Test
    void commandsAndEventsNoAggregateUsesAreWarningsNamingThem() throws Exception {
        Map<String, String> sources = service();
        sources.put("bad/Ship.java", "package bad;\n@me.ahoo.wow.api.annotation.CommandRoute\npublic record Ship(String to) {}\n");
        sources.put("bad/Shipped.java", "package bad;\n@me.ahoo.wow.api.annotation.Event\npublic record Shipped(String to) {}\n");
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        GeneratedManifest m = new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath(), "shop-service", "1.0.0", Optional.empty()));
        assertEquals(List.of(
                "bad.Ship: is a @CommandRoute command that no aggregate handles or mounts, so it is not in the Manifest.",
                "bad.Shipped: is an @Event that no aggregate sources or returns, so it is not in the Manifest."), m.warnings());
    }

    @Test
    void withoutABoundedContextTheAggregatesGoInAContextNamedAfterTheService() throws Exception {
        Map<String, String> sources = service();
        sources.remove("bad/Shop.java");
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), sources);
        GeneratedManifest m = new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath(), "shop-service", "1.0.0", Optional.empty()));
        assertTrue(m.text().contains("\"shop-service\": {\n      \"aggregates\": {\n        \"order\""), m.text());
        assertEquals(1, m.warnings().size(), m.warnings().toString());
        assertTrue(m.warnings().get(0).startsWith("No class is annotated @BoundedContext"), m.warnings().get(0));
    }

    @Test
    void aServiceNameTheManifestRefusesIsOneSentence() throws Exception {
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath(), service());
        GenerationException e = assertThrows(GenerationException.class, () -> new ManifestGenerator().generate(
                new GenerationRequest(List.of(classes), classpath(), "Shop Service", "1.0.0", Optional.empty())));
        assertEquals(1, e.problems().size(), e.problems().toString());
        assertTrue(e.problems().get(0).contains("Shop Service"), e.problems().get(0));
    }

    @Test
    void aMissingClassDirectory() {
        GenerationException e = assertThrows(GenerationException.class, () -> new ManifestGenerator().generate(
                new GenerationRequest(List.of(temp.resolve("nowhere")), classpath(), "shop-service", "1.0.0", Optional.empty())));
        assertTrue(e.problems().get(0).endsWith("the class directory does not exist."), e.problems().toString());
    }
}
