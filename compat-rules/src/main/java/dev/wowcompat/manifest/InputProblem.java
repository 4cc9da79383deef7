package dev.wowcompat.manifest;

/**
 * One thing wrong with an input, as the user is shown it: {@code file: pointer: message}.
 *
 * @param source the file name, URL or request part the input came from
 * @param pointer JSON pointer into that input, or "" for the whole of it
 * @param code stable machine-readable code, e.g. {@code wow-compat.input.invalid-json}
 */
public record InputProblem(String source, String pointer, String code, String message) {

    /** Longest pointer shown whole in a line; a deeper one (input nested past the limit) keeps its two ends. */
    private static final int MAX_SHOWN_POINTER = 160;

    /**
     * One readable line: {@code source: pointer: message} (pointer left out when empty). Control characters are
     * escaped, since names and pointers come from untrusted input and a newline in them must not split the line.
     * A pointer too long to read is shortened in the middle; {@link #pointer()} stays exact for programs.
     */
    public String line() {
        StringBuilder sb = new StringBuilder(MessageText.oneLine(source));
        if (!pointer.isEmpty()) sb.append(": ").append(MessageText.oneLine(shown(pointer)));
        return sb.append(": ").append(MessageText.oneLine(message)).toString();
    }

    private static String shown(String pointer) {
        if (pointer.length() <= MAX_SHOWN_POINTER) return pointer;
        int keep = MAX_SHOWN_POINTER / 2;
        return pointer.substring(0, keep) + "/..." + pointer.substring(pointer.length() - keep / 2);
    }
}
