package dev.wowcompat.generator;

/**
 * Text kept on one line of the line-based files the generator and the plugin write (the forked generator's request
 * and answer, the goal's record of its inputs): a backslash, a carriage return and a line feed are escaped.
 */
public final class OneLine {
    private OneLine() {}

    public static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n");
    }

    public static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
