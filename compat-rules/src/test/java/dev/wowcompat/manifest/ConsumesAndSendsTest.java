package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Issue 17, item 1: what a service reads and sends of other services, beside its contexts in format 1. */
class ConsumesAndSendsTest {
    private static Manifest read(String json) throws InvalidInputException {
        return new ManifestReader().read(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8), "m.json");
    }

    @Test
    void aConsumerThatIsNotAWowServiceDeclaresOnlyWhatItReadsAndSends() throws Exception {
        Manifest m = read("""
                {'manifest': 1, 'service': 'ledger-sink', 'version': '2.0.0', 'contexts': {},
                 'consumes': {'events': {'bank.account.Deposited': {'revisions': [2, 1]}, 'bank.account.Withdrawn': {'revisions': [1]}},
                              'states': ['bank.account']},
                 'sends': {'commands': ['bank.account.Freeze']}}""");
        assertEquals(Map.of("bank.account.Deposited", new TreeSet<>(Set.of(1, 2)), "bank.account.Withdrawn", new TreeSet<>(Set.of(1))),
                m.consumes().events());
        assertEquals(List.of("bank.account"), List.copyOf(m.consumes().states()));
        assertEquals(List.of("bank.account.Freeze"), List.copyOf(m.sends().commands()));
        assertEquals(Map.of(), m.aggregates());
    }

    @Test
    void aManifestThatSaysNothingOfThemConsumesAndSendsNothing() throws Exception {
        Manifest m = read("{'manifest': 1, 'service': 'bank-service', 'version': '1.0.0', 'contexts': {}}");
        assertEquals(Manifest.Consumes.NOTHING, m.consumes());
        assertEquals(Manifest.Sends.NOTHING, m.sends());
    }

    @Test
    void typeNamesAndRevisionsAreCheckedLikeTheRestOfTheFormat() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read("""
                {'manifest': 1, 'service': 'ledger-sink', 'version': '2.0.0', 'contexts': {},
                 'consumes': {'events': {'Deposited': {'revisions': [0]}, 'bank.account.Withdrawn': {'revisions': []}},
                              'states': ['bank.account.Deposited'], 'topics': []},
                 'sends': {'commands': ['bank']}}"""));
        List<String> pointers = e.problems().stream().map(InputProblem::pointer).distinct().sorted().toList();
        assertEquals(List.of("/consumes/events/Deposited", "/consumes/events/Deposited/revisions/0",
                "/consumes/events/bank.account.Withdrawn/revisions", "/consumes/states/0", "/consumes/topics", "/sends/commands/0"),
                pointers, e.problems().toString());
        assertEquals("'Deposited' is not a valid command or event type name: context.aggregate.Name, as the registry names"
                + " a command or an event (e.g. bank.account.Deposited)", e.problems().get(0).message());
    }
}
