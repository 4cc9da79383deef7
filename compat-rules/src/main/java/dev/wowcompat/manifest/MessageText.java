package dev.wowcompat.manifest;

/** Quoting untrusted text for one-line messages. */
final class MessageText {
    private MessageText() {}

    /** Longest piece of untrusted text quoted into a message: a name should never swamp the line it is in. */
    private static final int MAX_QUOTED = 120;

    /**
     * Untrusted text in single quotes, with control characters escaped so that a problem stays on one line,
     * and cut short when it is long.
     */
    static String quote(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), MAX_QUOTED) + 2).append('\'');
        int end = Math.min(text.length(), MAX_QUOTED);
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        if (end < text.length()) sb.append("...");
        return sb.append('\'').toString();
    }

    /** Control characters escaped, nothing cut: for pointers, which must stay whole to be usable. */
    static String oneLine(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                return escapeControls(text);
            }
        }
        return text;
    }

    private static String escapeControls(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
