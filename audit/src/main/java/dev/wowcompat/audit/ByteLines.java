package dev.wowcompat.audit;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a stream as bytes, ended as {@link java.io.BufferedReader#readLine()} ends them (a line feed, a
 * carriage return, or both), so that JSON lines are parsed from their UTF-8 bytes without being decoded to text and
 * encoded again (docs/decisions.md, "kcat lines are read as bytes").
 */
final class ByteLines implements AutoCloseable {
    private final InputStream in;
    private byte[] buffer = new byte[1 << 16];
    private int start;
    private int limit;
    private boolean skipLineFeed;
    /** The last line read: {@code line()[0, length())}. */
    private byte[] line = new byte[256];
    private int length;

    ByteLines(InputStream in) {
        this.in = in;
    }

    /** Reads the next line into {@link #line()}; false at the end of the stream. */
    boolean next() throws IOException {
        length = 0;
        boolean any = false;
        while (true) {
            if (start == limit && !fill()) {
                return any;
            }
            if (skipLineFeed) {
                skipLineFeed = false;
                if (buffer[start] == '\n') {
                    start++;
                    continue;
                }
            }
            any = true;
            int end = start;
            while (end < limit && buffer[end] != '\n' && buffer[end] != '\r') end++;
            append(end);
            if (end < limit) {
                skipLineFeed = buffer[end] == '\r';
                start = end + 1;
                return true;
            }
            start = limit;
        }
    }

    byte[] line() {
        return line;
    }

    int length() {
        return length;
    }

    /** Whether a line can be read without waiting (a pipe's writer may not have written it yet). */
    boolean ready() throws IOException {
        return start < limit || in.available() > 0;
    }

    private void append(int end) {
        int n = end - start;
        if (length + n > line.length) {
            line = Arrays.copyOf(line, Math.max(length + n, line.length * 2));
        }
        System.arraycopy(buffer, start, line, length, n);
        length += n;
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            start = limit = 0;
            return false;
        }
        start = 0;
        limit = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
