package dev.wowcompat.docs;

import java.nio.file.Path;

/**
 * A fenced code block of a Markdown document.
 *
 * @param document the document, relative to the repository root
 * @param line     the line of the opening fence, counting from 1
 * @param language the first word of the fence's info string ({@code ""} when there is none)
 * @param text     the block's content, without the fences
 * @param marker   the marker comment just before the fence, or null
 */
public record CodeBlock(Path document, int line, String language, String text, Marker marker) {

    /** Languages whose blocks are commands: run (or marked), never read as anything else. */
    public boolean isCommand() {
        return switch (language) {
            case "sh", "bash", "shell", "console" -> true;
            default -> false;
        };
    }

    /** {@code docs/cli.md:50}, as editors and test reports print a place. */
    public String place() {
        return document.toString().replace('\\', '/') + ":" + line;
    }
}
