package dev.wowcompat.docs;

/**
 * The HTML comment on the last non-blank line before a fence that says how the block is run:
 * {@code <!-- run: OPTIONS -->}, {@code <!-- run-by: PATH... -->} or {@code <!-- not-run: REASON -->}.
 *
 * @param kind     which of the three
 * @param line     the comment's line, counting from 1
 * @param argument what follows the colon, trimmed
 */
public record Marker(Kind kind, int line, String argument) {

    public enum Kind {
        /** Run here, with options ({@link RunOptions}). */
        RUN("run"),
        /** Run by the named test, IT or script, which must contain every command of the block. */
        RUN_BY("run-by"),
        /** Not run, for the stated reason (a template for another machine). */
        NOT_RUN("not-run");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        static Kind of(String word) {
            for (Kind kind : values()) {
                if (kind.word.equals(word)) {
                    return kind;
                }
            }
            return null;
        }
    }
}
