package dev.wowcompat.manifest;

/**
 * One thing wrong with an input, as the user is shown it: {@code file: pointer: message}.
 *
 * @param source the file name, URL or request part the input came from
 * @param pointer JSON pointer into that input, or "" for the whole of it
 * @param code stable machine-readable code, e.g. {@code wow-compat.input.invalid-json}
 */
public record InputProblem(String source, String pointer, String code, String message) {

    /**
     * One readable line: {@code source: pointer: message} (pointer left out when empty). Control characters are
     * escaped, since names and pointers come from untrusted input and a newline in them must not split the line.
     */
    public String line() {
        StringBuilder sb = new StringBuilder(MessageText.oneLine(source));
        if (!pointer.isEmpty()) sb.append(": ").append(MessageText.oneLine(pointer));
        return sb.append(": ").append(MessageText.oneLine(message)).toString();
    }
}
