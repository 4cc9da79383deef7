package dev.wowcompat.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** A bare TCP client for what an HTTP client library will not send: stalled bodies, oversized lines, bad syntax. */
public final class RawHttp implements AutoCloseable {
    private final Socket socket;

    private RawHttp(Socket socket) {
        this.socket = socket;
    }

    /** A connection to {@code base} (http://host:port) from the loopback address {@code from}, e.g. 127.0.0.7. */
    public static RawHttp connect(String base, String from) throws IOException {
        URI uri = URI.create(base);
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
        return new RawHttp(s);
    }

    public RawHttp send(String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return this;
    }

    /** Headers of a JSON POST that declare {@code length} bytes of body (none of which is sent yet). */
    public RawHttp postHeaders(String path, long length) throws IOException {
        return send("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
                + length + "\r\n\r\n");
    }

    /**
     * One answer (status line, headers, a Content-Length body), or what arrived before the server closed the
     * connection or {@code timeoutMillis} passed without a byte.
     */
    public String readAll(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; !complete(out.toString(StandardCharsets.ISO_8859_1)) && (n = in.read(buffer)) >= 0; ) out.write(buffer, 0, n);
        } catch (SocketTimeoutException stillOpen) {
            // what arrived so far
        } catch (IOException reset) {
            // the server dropped the connection
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static boolean complete(String answer) {
        int end = answer.indexOf("\r\n\r\n");
        if (end < 0) return false;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(answer.substring(0, end));
        return m.find() && answer.length() - end - 4 >= Integer.parseInt(m.group(1));
    }

    /** Whether the server closed the connection within {@code timeoutMillis} (what it sent first is ignored). */
    public boolean closedWithin(int timeoutMillis) throws IOException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        socket.setSoTimeout(200);
        byte[] buffer = new byte[8192];
        while (System.nanoTime() < deadline) {
            try {
                if (socket.getInputStream().read(buffer) < 0) return true;
            } catch (SocketTimeoutException stillOpen) {
                // keep waiting
            } catch (IOException reset) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
