package dev.wowcompat.json;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * JSON Pointer (RFC 6901) building and parsing, and the percent-decoding of URI fragments that carry one: the one
 * place that escapes reference tokens, for problems, findings and violations alike.
 */
public final class JsonPointers {
    private JsonPointers() {}

    public static String child(String base, String token) {
        return base + "/" + escape(token);
    }

    public static String child(String base, int index) {
        return base + "/" + index;
    }

    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
        return token.replace("~", "~0").replace("/", "~1");
    }

    public static String unescape(String token) {
        if (token.indexOf('~') < 0) return token;
        return token.replace("~1", "/").replace("~0", "~");
    }

    /** The unescaped reference tokens of a pointer; "" is the whole document. */
    public static List<String> tokens(String pointer) {
        List<String> out = new ArrayList<>();
        if (pointer.isEmpty()) return out;
        if (pointer.charAt(0) != '/') throw new IllegalArgumentException("'" + pointer + "' is not a JSON pointer");
        int start = 1;
        while (true) {
            int slash = pointer.indexOf('/', start);
            out.add(unescape(slash < 0 ? pointer.substring(start) : pointer.substring(start, slash)));
            if (slash < 0) return out;
            start = slash + 1;
        }
    }

    /** The last reference token, unescaped; "" for the whole document. */
    public static String lastToken(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash < 0 ? "" : unescape(pointer.substring(slash + 1));
    }

    /** Decodes %XX escapes of a URI fragment as UTF-8 ('+' stays a plus: this is not form encoding). */
    public static String percentDecode(String text) {
        if (text.indexOf('%') < 0) return text;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length()) throw new IllegalArgumentException("bad percent-escape in '" + text + "'");
                int hi = Character.digit(text.charAt(i + 1), 16);
                int lo = Character.digit(text.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) throw new IllegalArgumentException("bad percent-escape in '" + text + "'");
                bytes.write(hi * 16 + lo);
                i += 2;
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
                    utf8 = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.write(utf8, 0, utf8.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
