package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The lines of a stream as bytes are the lines a text reader of the same stream reads, decoded alike. */
class ByteLinesTest {
    /** Line ends, white space, text in one to four bytes, bytes no UTF-8 text holds, and plain JSON characters. */
    private static final byte[][] PIECES = {{'\n'}, {'\r'}, {'\r', '\n'}, {' '}, {'\t'}, {'{'}, {'"'}, {'a'}, {'1'},
            "é".getBytes(StandardCharsets.UTF_8), "€".getBytes(StandardCharsets.UTF_8), "😀".getBytes(StandardCharsets.UTF_8),
            "\u2003".getBytes(StandardCharsets.UTF_8), {(byte) 0xFF}, {(byte) 0xC3}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}, {0}};

    @Test
    void everyLineIsTheOneATextReaderReads() throws IOException {
        Random random = new Random(20261207);
        for (int round = 0; round < 2_000; round++) {
            java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
            int pieces = random.nextInt(40);
            for (int i = 0; i < pieces; i++) {
                text.writeBytes(PIECES[random.nextInt(PIECES.length)]);
            }
            byte[] bytes = text.toByteArray();
            assertEquals(textReaderLines(bytes), byteLines(new ByteArrayInputStream(bytes)), "round " + round);
        }
    }

    @Test
    void aLineLongerThanTheBufferAndALineEndSplitBetweenTwoReadsAreWhole() throws IOException {
        String longLine = "x".repeat(200_000);
        byte[] bytes = (longLine + "\r\nnext\r").getBytes(StandardCharsets.UTF_8);
        // A stream that gives at most 3 bytes a read puts the carriage return and its line feed in two reads.
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 3));
            }
        };
        assertEquals(List.of(longLine, "next"), byteLines(trickle));
        assertEquals(textReaderLines(bytes), byteLines(new ByteArrayInputStream(bytes)));
    }

    @Test
    void aLineLongerThanTheMostIsRefusedBeforeItIsHeld() throws IOException {
        byte[] bytes = ("a".repeat(100) + "\n" + "b".repeat(101) + "\nc\n").getBytes(StandardCharsets.UTF_8);
        try (ByteLines lines = new ByteLines(new ByteArrayInputStream(bytes), 100)) {
            assertTrue(lines.next());
            assertEquals(100, lines.length(), "a line of exactly the most is read");
            ByteLines.TooLong tooLong = assertThrows(ByteLines.TooLong.class, lines::next);
            assertEquals(100, tooLong.maxLength());
            assertTrue(lines.line().length <= 100, "the line held never grew past the most");
        }
    }

    private static List<String> byteLines(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        try (ByteLines byteLines = new ByteLines(in, 1 << 20)) {
            while (byteLines.next()) {
                lines.add(new String(byteLines.line(), 0, byteLines.length(), StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    private static List<String> textReaderLines(byte[] bytes) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8
                .newDecoder().onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
        }
        return lines;
    }
}
