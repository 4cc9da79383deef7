package dev.wowcompat.docs;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a block marked {@code <!-- run: ... -->} is run. Options, separated by spaces, values in double quotes when
 * they hold spaces:
 * <ul>
 *   <li>{@code expect-exit=N}: the exit code the block must end with (default 0);</li>
 *   <li>{@code background}: the block starts something that keeps running (a server); the runner does not wait
 *       for it, and stops it when the document is done, failed or not;</li>
 *   <li>{@code ready=URL}: with {@code background}, the block counts as started once the URL answers 2xx;</li>
 *   <li>{@code port=N}: N is a port the doc names; the runner replaces every N in this block and the later blocks
 *       of the document with a free port, so a busy port cannot fail the run;</li>
 *   <li>{@code env=NAME=VALUE}: set in the block's environment, for the quick form a doc documents (e.g.
 *       {@code RUNS=1});</li>
 *   <li>{@code quick="FROM=>TO"}: replace FROM by TO in the block, for a quick form the doc documents beside the
 *       block (e.g. fewer types than the measurement);</li>
 *   <li>{@code prints="TEXT"}: the output must hold TEXT (repeatable), for output the doc's prose promises; a
 *       {@code background} block counts as started only once it has printed it;</li>
 *   <li>{@code timeout=SECONDS}: how long the block may take (default 300).</li>
 * </ul>
 */
public record RunOptions(int expectExit, boolean background, URI ready, List<Integer> ports, Map<String, String> env,
                         Map<String, String> quick, List<String> prints, Duration timeout) {
    private static final Pattern OPTION = Pattern.compile("([a-z-]+)(?:=(\"[^\"]*\"|\\S+))?\\s*");

    public static final RunOptions DEFAULT = new RunOptions(0, false, null, List.of(), Map.of(), Map.of(),
            List.of(), Duration.ofSeconds(300));

    /** The options of a marker's argument; an unknown or malformed option is an {@link IllegalArgumentException}. */
    public static RunOptions parse(String argument) {
        int expectExit = 0;
        boolean background = false;
        URI ready = null;
        List<Integer> ports = new ArrayList<>();
        Map<String, String> env = new LinkedHashMap<>();
        Map<String, String> quick = new LinkedHashMap<>();
        List<String> prints = new ArrayList<>();
        Duration timeout = DEFAULT.timeout();
        Matcher m = OPTION.matcher(argument.strip());
        int at = 0;
        while (at < argument.strip().length()) {
            if (!m.find(at) || m.start() != at) {
                throw new IllegalArgumentException("cannot read the run options from '"
                        + argument.strip().substring(at) + "'");
            }
            at = m.end();
            String name = m.group(1);
            String value = m.group(2) == null ? null : unquote(m.group(2));
            switch (name) {
                case "expect-exit" -> expectExit = number(name, value);
                case "background" -> background = true;
                case "ready" -> ready = URI.create(required(name, value));
                case "port" -> ports.add(number(name, value));
                case "env" -> {
                    String pair = required(name, value);
                    int eq = pair.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("env takes NAME=VALUE, not '" + pair + "'");
                    }
                    env.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
                case "quick" -> {
                    String pair = required(name, value);
                    int arrow = pair.indexOf("=>");
                    if (arrow <= 0) {
                        throw new IllegalArgumentException("quick takes \"FROM=>TO\", not '" + pair + "'");
                    }
                    quick.put(pair.substring(0, arrow), pair.substring(arrow + 2));
                }
                case "prints" -> prints.add(required(name, value));
                case "timeout" -> timeout = Duration.ofSeconds(number(name, value));
                default -> throw new IllegalArgumentException("unknown run option '" + name
                        + "' (expect-exit, background, ready, port, env, quick, prints, timeout)");
            }
        }
        if (ready != null && !background) {
            throw new IllegalArgumentException("ready= needs background");
        }
        return new RunOptions(expectExit, background, ready, List.copyOf(ports), Collections.unmodifiableMap(env), Collections.unmodifiableMap(quick),
                List.copyOf(prints), timeout);
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }

    private static String required(String name, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return value;
    }

    private static int number(String name, String value) {
        try {
            return Integer.parseInt(required(name, value));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a number, not '" + value + "'");
        }
    }
}
