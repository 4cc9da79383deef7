package dev.wowcompat.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced code blocks of a Markdown document (CommonMark fences: three or more backticks or tildes, indented by
 * at most three spaces), each with its marker comment, and what is wrong with the document's blocks and markers.
 */
public final class MarkdownBlocks {
    private static final Pattern FENCE = Pattern.compile("^( {0,3})(`{3,}|~{3,})\\s*([^\\s`]*).*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*([a-z-]+):(.*?)-->\\s*$");
    private static final Pattern ANY_MARKER = Pattern.compile("^\\s*<!--\\s*(run|run-by|not-run)\\s*:");

    /**
     * @param blocks   every fenced block, in document order
     * @param problems one sentence per problem, each starting with {@code document:line}
     */
    public record Parsed(List<CodeBlock> blocks, List<String> problems) {}

    private MarkdownBlocks() {}

    public static Parsed read(Path document, String content) {
        String[] lines = content.split("\r?\n", -1);
        List<CodeBlock> blocks = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String where = document.toString().replace('\\', '/');
        List<Integer> markersUsed = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            Matcher open = FENCE.matcher(lines[i]);
            if (!open.matches()) {
                i++;
                continue;
            }
            int indent = open.group(1).length();
            String fence = open.group(2);
            String language = open.group(3);
            int start = i;
            StringBuilder text = new StringBuilder();
            i++;
            while (i < lines.length && !isClosing(lines[i], fence)) {
                text.append(stripIndent(lines[i], indent)).append('\n');
                i++;
            }
            if (i == lines.length) {
                problems.add(where + ":" + (start + 1) + ": the code block is not closed");
            }
            i++;
            Marker marker = markerBefore(lines, start, where, problems);
            if (marker != null) {
                markersUsed.add(marker.line());
            }
            if (language.isEmpty()) {
                problems.add(where + ":" + (start + 1) + ": the code block has no language; say what it holds"
                        + " (sh or console for commands; text, json, xml, ... for anything else)");
            }
            blocks.add(new CodeBlock(document, start + 1, language, text.toString(), marker));
        }
        for (int n = 0; n < lines.length; n++) {
            if (ANY_MARKER.matcher(lines[n]).lookingAt() && !markersUsed.contains(n + 1) && !insideBlock(blocks, n + 1)) {
                problems.add(where + ":" + (n + 1) + ": a run marker must be the last line before a code block's"
                        + " opening fence, in the form <!-- run: ... -->, <!-- run-by: ... --> or <!-- not-run: ... -->");
            }
        }
        return new Parsed(List.copyOf(blocks), List.copyOf(problems));
    }

    private static boolean insideBlock(List<CodeBlock> blocks, int line) {
        for (CodeBlock block : blocks) {
            int last = block.line() + (int) block.text().chars().filter(c -> c == '\n').count();
            if (line > block.line() && line <= last) {
                return true;
            }
        }
        return false;
    }

    private static Marker markerBefore(String[] lines, int fenceIndex, String where, List<String> problems) {
        int n = fenceIndex - 1;
        while (n >= 0 && lines[n].isBlank()) {
            n--;
        }
        if (n < 0) {
            return null;
        }
        Matcher m = MARKER.matcher(lines[n]);
        if (!m.matches()) {
            return null;
        }
        Marker.Kind kind = Marker.Kind.of(m.group(1));
        if (kind == null) {
            problems.add(where + ":" + (n + 1) + ": unknown marker '" + m.group(1)
                    + "' (run, run-by or not-run)");
            return null;
        }
        return new Marker(kind, n + 1, m.group(2).trim());
    }

    private static boolean isClosing(String line, String fence) {
        String trimmed = line.strip();
        if (line.length() - line.stripLeading().length() > 3) {
            return false;
        }
        char c = fence.charAt(0);
        int count = 0;
        while (count < trimmed.length() && trimmed.charAt(count) == c) {
            count++;
        }
        return count >= fence.length() && count == trimmed.length();
    }

    private static String stripIndent(String line, int indent) {
        int n = 0;
        while (n < indent && n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return line.substring(n);
    }
}
