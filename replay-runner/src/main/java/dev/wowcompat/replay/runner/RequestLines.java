package dev.wowcompat.replay.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lines of the requests the parent writes, each ended by a line feed, as their UTF-8 bytes: a record goes to Wow's
 * mapper as the bytes that came, with no decoding to text and no copy of its part after the step's numbers
 * (docs/performance.md, "The replay").
 */
final class RequestLines {
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private byte[] line = new byte[1 << 12];

    RequestLines(InputStream in) {
        this.in = in;
    }

    /** The next line without its line feed, or null at the end of the requests. */
    byte[] next() throws IOException {
        int length = 0;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer, 0, buffer.length);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    return length == 0 ? null : Arrays.copyOf(line, length);
                }
            }
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int taken = position - start;
            if (length + taken > line.length) {
                line = Arrays.copyOf(line, Math.max(line.length * 2, length + taken));
            }
            System.arraycopy(buffer, start, line, length, taken);
            length += taken;
            if (position < limit) {
                position++;
                return Arrays.copyOf(line, length);
            }
        }
    }

    /** The next line as text, or null at the end of the requests. */
    String nextText() throws IOException {
        byte[] bytes = next();
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
