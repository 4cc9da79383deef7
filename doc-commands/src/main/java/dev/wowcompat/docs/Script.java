package dev.wowcompat.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * What a command block asks to run and, for a {@code console} block, the output it shows.
 *
 * <p>A {@code sh}/{@code bash}/{@code shell} block is a script: all of it is run. A {@code console} block is a
 * terminal transcript: lines starting with {@code $ } are commands (a line ending in {@code \} continues on the
 * next), every other line is output the command must print. In the output, a line {@code ...} stands for any
 * number of lines.
 *
 * @param script   the text to run
 * @param commands the commands one by one: continuation lines joined, comments and blank lines left out
 * @param expected the output lines a console block shows (empty for a script, or a transcript without output)
 */
public record Script(String script, List<String> commands, List<String> expected) {

    public static Script of(CodeBlock block) {
        List<String> lines = block.text().lines().toList();
        if (!block.language().equals("console")) {
            return new Script(block.text(), commands(lines), List.of());
        }
        StringBuilder script = new StringBuilder();
        List<String> commandLines = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        boolean continued = false;
        for (String line : lines) {
            if (continued || line.startsWith("$ ")) {
                String command = continued ? line : line.substring(2);
                script.append(command).append('\n');
                commandLines.add(command);
                continued = command.endsWith("\\");
            } else {
                expected.add(line.stripTrailing());
            }
        }
        return new Script(script.toString(), commands(commandLines), List.copyOf(expected));
    }

    /** Logical command lines: continuations joined, whitespace collapsed, comments and blank lines left out. */
    static List<String> commands(List<String> lines) {
        List<String> commands = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : lines) {
            String text = withoutComment(line);
            boolean continues = text.stripTrailing().endsWith("\\");
            if (continues) {
                text = text.stripTrailing();
                text = text.substring(0, text.length() - 1);
            }
            current.append(text).append(' ');
            if (!continues) {
                String command = normalize(current.toString());
                if (!command.isEmpty()) {
                    commands.add(command);
                }
                current.setLength(0);
            }
        }
        String rest = normalize(current.toString());
        if (!rest.isEmpty()) {
            commands.add(rest);
        }
        return List.copyOf(commands);
    }

    /** Runs of white space as one space, trimmed: how commands are compared with the file that runs them. */
    static String normalize(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    /** The line without a shell comment: a {@code #} at the start or after white space, outside quotes. */
    private static String withoutComment(String line) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'' && !dbl) {
                single = !single;
            } else if (c == '"' && !single) {
                dbl = !dbl;
            } else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }
}
