package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** kcat -J lines read as Kafka records are: {@code --topic} selects the topics there too. */
class KcatInputTest {
    private static final String LINES = String.join("\n",
            line("wow.bank.account.event", 0),
            line("wow.bank.account.state", 1),
            "",
            line("other.topic", 2),
            line("wow.bank.account.state", 3));

    private static String line(String topic, long offset) {
        return "{\"topic\":\"" + topic + "\",\"partition\":0,\"offset\":" + offset
                + ",\"tstype\":\"create\",\"ts\":0,\"broker\":0,\"headers\":[],\"key\":null,\"payload\":null}";
    }

    private static List<String> read(String... topics) throws AuditException {
        List<Pattern> patterns = new ArrayList<>();
        for (String t : topics) patterns.add(Pattern.compile(t));
        KcatInput input = new KcatInput(new BufferedReader(new StringReader(LINES)), "test", 0, patterns);
        List<String> read = new ArrayList<>();
        input.read(r -> read.add(r.topic() + "@" + r.offset()));
        return read;
    }

    @Test
    void onlyTheTopicsWhoseWholeNameMatchesAreRead() throws AuditException {
        assertEquals(List.of("wow.bank.account.state@1", "wow.bank.account.state@3"), read(".*\\.state"));
        assertEquals(List.of("wow.bank.account.event@0", "wow.bank.account.state@1", "wow.bank.account.state@3"),
                read("^wow\\..*"), "the command line's default reads wow.* only");
        assertEquals(List.of("wow.bank.account.event@0", "other.topic@2"), read("other\\.topic", ".*\\.event"));
        assertTrue(read("wow").isEmpty(), "a part of a name is no match, as for Kafka");
    }
}
