package dev.wowcompat.api;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads request bodies within the byte limit. The limit is enforced while reading, not only from
 * Content-Length, so a chunked body cannot get past it.
 */
final class RequestBodies {
    private final long maxBytes;

    RequestBodies(long maxBytes) {
        this.maxBytes = maxBytes;
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
            byte[] buffer = new byte[(int) Math.min(Math.max(declared, 8192), maxBytes + 1)];
            int length = 0;
            while (true) {
                if (length == buffer.length) {
                    if (length > maxBytes) throw tooLarge();
                    buffer = Arrays.copyOf(buffer, (int) Math.min((long) buffer.length * 2, maxBytes + 1));
                }
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) break;
                length += n;
                if (length > maxBytes) throw tooLarge();
            }
            return Arrays.copyOf(buffer, length);
        } catch (IOException e) {
            throw new ApiException(ProblemCode.INVALID_INPUT, "The request body could not be read: " + e.getMessage());
        }
    }

    private ApiException tooLarge() {
        return new ApiException(ProblemCode.BODY_TOO_LARGE, "The body is larger than " + maxBytes + " bytes, this registry's limit.");
    }

    static boolean isJson(String contentType) {
        if (contentType == null) return false;
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return mediaType.equals("application/json") || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
    }
}
