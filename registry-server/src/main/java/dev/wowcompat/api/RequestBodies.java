package dev.wowcompat.api;

import dev.wowcompat.text.Sizes;
import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.BadMessageException;
import java.util.Locale;

/**
 * Reads request bodies within the byte limit. The limit is enforced while reading, not only from
 * Content-Length, so a chunked body cannot get past it, and memory is taken only for bytes that arrived.
 * A body that stalls is cut off by Jetty's idle timeout and minimum data rate ({@link JettySettings}).
 */
final class RequestBodies {
    private static final int CHUNK = 8192;

    /** What is done with a body once it has arrived, before it is parsed (e.g. wait for the memory to parse it). */
    interface Arrived {
        void arrived(Context ctx, byte[] body);
    }

    private final long maxBytes;
    private final Arrived arrived;

    RequestBodies(long maxBytes) {
        this(maxBytes, (ctx, body) -> {});
    }

    RequestBodies(long maxBytes, Arrived arrived) {
        this.maxBytes = maxBytes;
        this.arrived = arrived;
    }

    long maxBytes() {
        return maxBytes;
    }

    /** The body of a JSON request, or a problem: wrong content type (415) or too large (413). */
    byte[] json(Context ctx) {
        String type = ctx.contentType();
        if (!isJson(type)) {
            throw new ApiException(ProblemCode.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Type is " + (type == null ? "missing" : "'" + type + "'") + "; send application/json.");
        }
        long declared = ctx.req().getContentLengthLong();
        if (declared > maxBytes) throw tooLarge();
        try (InputStream in = ctx.req().getInputStream()) {
            // Buffers grow as bytes arrive: a declared length costs nothing until it is sent.
            byte[] body = declared >= 0 ? readDeclared(in, declared) : in.readNBytes((int) maxBytes + 1);
            if (body.length > maxBytes) throw tooLarge();
            arrived.arrived(ctx, body);
            return body;
        } catch (BadMessageException e) {
            throw new ApiException(JettySettings.forStatus(e.getCode()), "The request body could not be read: " + e.getReason());
        } catch (IOException e) {
            if (timedOut(e)) {
                throw new ApiException(ProblemCode.BODY_TIMEOUT, "The body stopped arriving; the connection is dropped.");
            }
            throw new ApiException(ProblemCode.INVALID_INPUT, "The request body could not be read: " + e.getMessage());
        }
    }

    /**
     * Exactly the declared bytes (fewer when the body ends early), with no read after the last one. Jetty checks the
     * minimum data rate on every read, even one of no bytes (which {@code readNBytes} makes once it has all it
     * wanted): a body of a few dozen bytes that arrived at once, met again a few milliseconds later on a busy machine,
     * would look trickled and be answered 408.
     */
    private static byte[] readDeclared(InputStream in, long declared) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream((int) Math.min(declared, CHUNK));
        byte[] chunk = new byte[(int) Math.min(declared, CHUNK)];
        for (long left = declared; left > 0; ) {
            int n = in.read(chunk, 0, (int) Math.min(chunk.length, left));
            if (n < 0) break;
            body.write(chunk, 0, n);
            left -= n;
        }
        return body.toByteArray();
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException) return true;
        }
        return false;
    }

    private ApiException tooLarge() {
        return new ApiException(ProblemCode.BODY_TOO_LARGE, "The body is larger than " + Sizes.show(maxBytes) + ", this registry's limit.");
    }

    static boolean isJson(String contentType) {
        if (contentType == null) return false;
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return mediaType.equals("application/json") || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
    }
}
