package dev.wowcompat.rules;

import dev.wowcompat.check.ReleaseChecker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.ProblemCodes;
import dev.wowcompat.report.Report;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code "written": false} on a whole event type (docs/architecture.md, "The Manifest"): a new event staged in one release, written in the next. */
class StagedEventTypeTest {
    private static final String SCHEMA = "{\"type\": \"object\", \"properties\": {\"orderId\": {\"type\": \"string\"}}}";
    private final ManifestReader reader = new ManifestReader();

    /** @param shipped the OrderShipped event's members after its name, or null for no such event */
    private Manifest release(String version, String shipped) throws InvalidInputException {
        String extra = shipped == null ? "" : ", \"OrderShipped\": " + shipped;
        String json = """
                {"manifest": 1, "service": "shop", "version": "%s", "contexts": {"shop": {"aggregates": {"order": {"events": {
                  "OrderPlaced": {"revisions": {"1": {"schema": %s}}}%s}}}}}}""".formatted(version, SCHEMA, extra);
        return reader.read(json.getBytes(StandardCharsets.UTF_8), version);
    }

    private static String event(String typeWritten, String... revisions) {
        StringBuilder sb = new StringBuilder("{").append(typeWritten == null ? "" : "\"written\": " + typeWritten + ", ").append("\"revisions\": {");
        for (int i = 0; i < revisions.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append('"').append(i + 1).append("\": {\"schema\": ").append(SCHEMA)
                    .append(i > 0 ? ", \"upgradesFrom\": " + i : "").append(revisions[i]).append('}');
        }
        return sb.append("}}").toString();
    }

    private static List<String> findings(Report r) {
        return r.findings().stream().map(f -> f.rule().id() + " " + f.subject()).toList();
    }

    @Test
    void aTypeNotWrittenWritesNoneOfItsRevisions() throws Exception {
        Manifest m = release("1.1.0", event("false", "", ", \"written\": true"));
        Manifest.Event shipped = m.aggregate("shop.order").orElseThrow().events().get("OrderShipped");
        assertFalse(shipped.written());
        assertFalse(shipped.revisions().get(1).written());
        assertFalse(shipped.revisions().get(2).written(), "the type's false wins over a revision's true");
        Manifest.Event placed = m.aggregate("shop.order").orElseThrow().events().get("OrderPlaced");
        assertTrue(placed.written());
        assertTrue(placed.revisions().get(1).written());
    }

    @Test
    void aNewEventStagedAsATypeAndWrittenInTheNextReleasePasses() throws Exception {
        Manifest v1 = release("1.0.0", null);
        Manifest v11 = release("1.1.0", event("false", "", ""));
        Manifest v12 = release("1.2.0", event(null, "", ""));
        Report staged = new ReleaseChecker().check(v11, List.of(v1));
        assertEquals(List.of(), findings(staged));
        Report written = new ReleaseChecker().check(v12, List.of(v1, v11));
        assertEquals(List.of(), findings(written));
        assertTrue(written.compatible());
    }

    @Test
    void aNewEventWrittenByTheReleaseThatDeclaresItIsWrittenBeforeRead() throws Exception {
        Manifest v1 = release("1.0.0", null);
        for (String shipped : List.of(event(null, ""), event("true", ""), event(null, "", ""))) {
            Report r = new ReleaseChecker().check(release("1.1.0", shipped), List.of(v1));
            assertTrue(findings(r).contains("written-before-read shop.order.OrderShipped@1"), () -> shipped + " " + findings(r));
            assertFalse(r.compatible());
        }
    }

    @Test
    void aRevisionAddedToAStagedTypeIsJudgedOnItsOwn() throws Exception {
        // 1.1.0 reads revision 1 only; 1.2.0 writes the type, and revision 2, which 1.1.0 never read.
        Manifest v11 = release("1.1.0", event("false", ""));
        Manifest v12 = release("1.2.0", event(null, "", ""));
        assertEquals(List.of("written-before-read shop.order.OrderShipped@2"), findings(new ReleaseChecker().check(v12, List.of(v11))));
        Manifest staged = release("1.2.0", event(null, "", ", \"written\": false"));
        assertEquals(List.of(), findings(new ReleaseChecker().check(staged, List.of(v11))));
    }

    @Test
    void stoppingToWriteAnEventIsNoFinding() throws Exception {
        Manifest written = release("1.1.0", event(null, ""));
        Manifest stopped = release("1.2.0", event("false", ""));
        assertEquals(List.of(), findings(new ReleaseChecker().check(stopped, List.of(written))));
    }

    @Test
    void writtenOnATypeMustBeABoolean() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> release("1.0.0", event("\"no\"", "")));
        assertEquals(List.of(ProblemCodes.MANIFEST_INVALID + " /contexts/shop/aggregates/order/events/OrderShipped/written"),
                e.problems().stream().map(p -> p.code() + " " + p.pointer()).toList());
    }
}
