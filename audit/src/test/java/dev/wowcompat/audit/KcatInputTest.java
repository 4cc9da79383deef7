package dev.wowcompat.audit;

import dev.wowcompat.text.Counts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
        KcatInput input = new KcatInput(new ByteArrayInputStream(LINES.getBytes(StandardCharsets.UTF_8)), "test", 0, patterns);
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

    private static KcatInput of(String lines, long size, From from, String... topics) {
        List<Pattern> patterns = new ArrayList<>();
        for (String t : topics) patterns.add(Pattern.compile(t));
        return KcatInput.of(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)), size, "export.jsonl", 0, patterns, from);
    }

    @Test
    void fromKeepsTheRecordsWrittenAtOrAfterItsInstantAndLatestIsRefused() throws AuditException {
        String lines = line("wow.a", 0).replace("\"ts\":0", "\"ts\":1000") + "\n" + line("wow.a", 1).replace("\"ts\":0", "\"ts\":3000");
        List<Long> read = new ArrayList<>();
        KcatInput input = of(lines, lines.length(), new From(From.Kind.TIME, Instant.ofEpochMilli(2000)), ".*");
        input.read(r -> read.add(r.offset()));
        assertEquals(List.of(1L), read);
        KcatInput none = of(lines, lines.length(), new From(From.Kind.TIME, Instant.ofEpochMilli(5000)), ".*");
        none.read(r -> read.add(r.offset()));
        assertEquals("none of the 2 records on the chosen topics of export.jsonl was written at or after 1970-01-01T00:00:05Z (--from); "
                + "the newest was written at 1970-01-01T00:00:03Z", none.nothingRead());
        assertThrows(IllegalArgumentException.class, () -> of(lines, lines.length(), new From(From.Kind.LATEST, null), ".*"));
    }

    @Test
    void theReasonNothingWasReadNamesTheTopicsThereBounded() throws AuditException {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 12; i++) many.append(line("topic." + (char) ('a' + i), i)).append('\n');
        KcatInput input = of(many.toString(), many.length(), From.EARLIEST, "wow\\..*");
        input.read(r -> { });
        assertEquals("none of the 12 records of export.jsonl is on a topic --topic 'wow\\..*' matches; its topics: topic.a, topic.b, topic.c, "
                + "topic.d, topic.e, topic.f, topic.g, topic.h, topic.i, topic.j and 2 more", input.nothingRead());
        KcatInput empty = of("", 0, From.EARLIEST, ".*");
        empty.read(r -> { });
        assertEquals("export.jsonl holds no record (it is empty)", empty.nothingRead());
    }

    @Test
    void progressSaysWhatIsLeftOfAFileOrWhatWasReadFromAPipe() throws AuditException {
        String lines = LINES + "\n";
        KcatInput file = of(lines, lines.length() * 2L, From.EARLIEST, ".*");
        assertEquals("0% of " + Counts.of(lines.length() * 2L, "byte"), file.progress());
        file.read(r -> { });
        assertEquals("50% of " + Counts.of(lines.length() * 2L, "byte"), file.progress());
        KcatInput pipe = of(lines, -1, From.EARLIEST, ".*");
        pipe.read(r -> { });
        assertEquals(Counts.of(lines.length(), "byte") + " read", pipe.progress());
        assertEquals("5,000,831 bytes", Counts.of(5_000_831, "byte"));
        assertEquals("1 record", Counts.of(1, "record"));
    }

    @Test
    void linesEndAsATextReaderEndsThemAndAMalformedByteIsReplaced() throws AuditException {
        byte[] malformed = {'{', '"', 'x', '"', ':', '"', (byte) 0xFF, '"', '}'};
        java.io.ByteArrayOutputStream export = new java.io.ByteArrayOutputStream();
        export.writeBytes((line("wow.a", 0) + "\r\n \t\n" + line("wow.a", 1) + "\r" + line("wow.a", 2) + "\n\u2003\n"
                + line("wow.a", 3).replace("\"payload\":null}", "\"payload\":\"").replace("\"key\":null", "\"key\":\"k\u00e9\"")).getBytes(StandardCharsets.UTF_8));
        export.writeBytes(new String(malformed, StandardCharsets.ISO_8859_1).replace("\"", "\\\"").getBytes(StandardCharsets.ISO_8859_1));
        export.writeBytes("\"}".getBytes(StandardCharsets.UTF_8));
        List<String> read = new ArrayList<>();
        KcatInput input = KcatInput.of(new ByteArrayInputStream(export.toByteArray()), export.size(), "export.jsonl", 0,
                List.of(Pattern.compile(".*")), From.EARLIEST);
        input.read(r -> read.add(r.offset() + " " + (r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8))
                + " " + (r.value() == null ? null : new String(r.value(), StandardCharsets.UTF_8))));
        assertEquals(List.of("0 null null", "1 null null", "2 null null", "3 k\u00e9 {\"x\":\"\ufffd\"}"), read,
                "a carriage return ends a line as a line feed does, a blank line (U+2003 is blank) is skipped, and 0xFF is U+FFFD");
        KcatInput zero = KcatInput.of(new ByteArrayInputStream(new byte[] {'{', 0, '}'}), 3, "export.jsonl", 0,
                List.of(Pattern.compile(".*")), From.EARLIEST);
        AuditException notJson = assertThrows(AuditException.class, () -> zero.read(r -> { }));
        assertTrue(notJson.getMessage().endsWith("it is not JSON"), notJson.getMessage());
    }

    @Test
    void aLineLongerThanTheMostReadIsBadInputNamingIt() {
        String lines = line("wow.a", 0) + "\n" + line("wow.a", 1).replace("\"payload\":null", "\"payload\":\"" + "x".repeat(2_000) + "\"");
        KcatInput input = KcatInput.of(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)), lines.length(), "export.jsonl", 0,
                List.of(Pattern.compile(".*")), From.EARLIEST, 1024);
        List<Long> read = new ArrayList<>();
        AuditException tooLong = assertThrows(AuditException.class, () -> input.read(r -> read.add(r.offset())));
        assertEquals("export.jsonl: line 2 is longer than 1,024 bytes (1.0 KiB), the longest line read; it was not read", tooLong.getMessage());
        assertEquals(List.of(0L), read);
    }

    private static String described(String lines) throws AuditException {
        List<String> read = new ArrayList<>();
        KcatInput input = KcatInput.of(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)), lines.length(), "export.jsonl", 0,
                List.of(Pattern.compile(".*")), From.EARLIEST);
        input.read(r -> {
            StringBuilder headers = new StringBuilder();
            for (AuditRecord.Header h : r.headers()) headers.append(h.key() == null ? "(no name)" : h.key()).append('=').append(h.text()).append(';');
            read.add(r.topic() + "/" + r.partition() + "@" + r.offset() + " ts " + r.timestamp() + " [" + headers + "] "
                    + (r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8)) + " "
                    + (r.value() == null ? null : new String(r.value(), StandardCharsets.UTF_8)));
        });
        return String.join("\n", read);
    }

    /**
     * A line is read token by token when it has kcat's own shape, and as a tree otherwise: each line here means the
     * same whichever way it is read, so the shapes kcat never prints are what the tree gives them.
     */
    @Test
    void whatALineMeansDoesNotDependOnItsShape() throws AuditException {
        assertEquals("t/3@7 ts 9 [a=1;b=null;] k {\"x\":\"\\n\"}", described(
                "{\"topic\":\"t\",\"partition\":3,\"offset\":7,\"tstype\":\"create\",\"ts\":9,\"broker\":{\"topic\":[1]},"
                        + "\"headers\":[\"a\",\"1\",\"b\",null,\"odd\"],\"key\":\"k\",\"payload\":\"{\\\"x\\\":\\\"\\\\n\\\"}\"}"),
                "kcat's shape: unknown members skipped whatever they hold, a header without value, an odd last header left");
        assertEquals("u/3@7 ts -1 [1=2;] 42 ", described(
                "{\"topic\":\"t\",\"topic\":\"u\",\"partition\":3.0,\"offset\":7,\"ts\":\"9\",\"headers\":[1,2],"
                        + "\"key\":42,\"payload\":{\"x\":1}}"),
                "another shape: the last of a member twice, a whole decimal as a partition, a timestamp that is no number"
                        + " taken as none, numbers as text, and an object's text empty");
        assertEquals("t/0@2 ts -1 [c=d;] null x", described(
                "{\"topic\":\"t\",\"partition\":0,\"offset\":1,\"offset\":2,\"headers\":[\"a\",\"b\"],\"headers\":[\"c\",\"d\"],"
                        + "\"key\":\"a\",\"key\":null,\"payload\":\"x\"}"),
                "kcat's shape with a member twice: the last counts");
        assertEquals("t/0@1 ts -1 [null=v;] null null", described("{\"topic\":\"t\",\"partition\":0,\"offset\":1,\"headers\":[null,\"v\"]}"),
                "a header named null is named by its text");
        assertEquals("t/0@1 ts -1 [] null null", described(
                "{\"topic\":1,\"topic\":\"t\",\"partition\":0,\"offset\":1}"), "a member's last value counts, whatever its first was");
        for (String refused : List.of("{\"topic\":\"t\",\"partition\":2147483648,\"offset\":1}",
                "{\"topic\":\"t\",\"partition\":0,\"offset\":9223372036854775808}",
                "{\"topic\":\"t\",\"partition\":0,\"offset\":1,\"topic\":null}",
                "{\"topic\":\"t\",\"partition\":0}")) {
            AuditException e = assertThrows(AuditException.class, () -> described(refused), refused);
            assertTrue(e.getMessage().endsWith("it lacks topic, partition or offset"), e.getMessage());
        }
        AuditException truncated = assertThrows(AuditException.class, () -> described("{\"topic\":\"t\",\"partition\":0,\"offset\":1,\"key\":"));
        assertTrue(truncated.getMessage().endsWith("it is not JSON"), truncated.getMessage());
    }
}
