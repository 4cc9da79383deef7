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
    /** A line longer than {@link ByteLines#maxLength} bytes: it is not read into memory. */
    static final class TooLong extends IOException {
        private final int maxLength;

        TooLong(int maxLength) {
            super("a line is longer than " + maxLength + " bytes");
            this.maxLength = maxLength;
        }

        int maxLength() {
            return maxLength;
        }
    }

    private final InputStream in;
    private final int maxLength;
    private final byte[] buffer = new byte[1 << 16];
    private int start;
    private int limit;
    private boolean skipLineFeed;
    /** The last line read: {@code line()[0, length())}. */
    private byte[] line;
    private int length;

    ByteLines(InputStream in, int maxLength) {
        this.in = in;
        this.maxLength = maxLength;
        this.line = new byte[Math.min(256, maxLength)];
    }

    /**
     * Reads the next line into {@link #line()}; false at the end of the stream.
     *
     * @throws TooLong when the line holds more than the most bytes given; what follows it is not read
     */
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

    private void append(int end) throws TooLong {
        int n = end - start;
        if (length + n > maxLength) {
            throw new TooLong(maxLength);
        }
        if (length + n > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxLength, Math.max(length + n, 2L * line.length)));
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
