package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Every slip on the command line, on every command of the real {@code wow-compat} command line, present and future:
 * the commands are found by walking picocli's command spec, and the slips are derived from each command's own options
 * and arguments, so a command added later is covered without editing this test. A slip is exit 2 with a sentence
 * naming it on standard error: never exit 0 (a CI step that passes without checking), never a stack trace.
 *
 * <p>The slips: {@code -V}, and {@code --version} where docs/cli.md does not say it names a release; an unknown option; each
 * long option misspelt by one letter (a required one must be named, not only reported missing); one positional
 * argument more than the command takes; and no argument at all. "No argument" is tried only on commands that
 * require something (a required option, argument or group of options): a command that requires nothing does its
 * job without arguments ({@code serve} starts the registry, {@code help} prints the usage). "One argument more" is
 * tried only on commands whose arguments are counted ({@code check-schema} takes any number of schemas). Each slip
 * is refused while the line is parsed, before the command runs: {@code serve} never starts here, and the time limit
 * turns a command that would run (and block) into a failure.
 */
class CommandLineSlipsTest {

    private static final String EXTRA = "extra-argument";

    @TestFactory
    Stream<DynamicTest> everySlipOnEveryCommandIsExitTwoWithASentenceNamingIt() {
        CommandLine root = WowCompat.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false);
        List<DynamicTest> tests = new ArrayList<>();
        for (CommandLine command : root.getSubcommands().values()) walk(command, List.of(command.getCommandName()), tests);
        assertTrue(tests.size() > 50, "the walk found the commands: " + tests.size() + " slips");
        return tests.stream();
    }

    private static void walk(CommandLine command, List<String> path, List<DynamicTest> tests) {
        CommandSpec spec = command.getCommandSpec();
        String name = String.join(" ", path);
        // Which commands take --version V is what docs/cli.md says, not what the code declares (a command that
        // declared picocli's standard -V/--version itself passed here when the list came from its spec).
        tests.add(slip(name + " -V", path, List.of("-V"), "'-V'", "wow-compat --version"));
        if (!DocumentedVersions.releaseVersionCommands().contains(name)) {
            tests.add(slip(name + " --version", path, List.of("--version"), "'--version'", "wow-compat --version"));
        }
        tests.add(slip(name + " unknown option", path, List.of("--no-such-option"), "'--no-such-option'"));
        for (OptionSpec option : spec.options()) {
            String misspelt = misspelt(option.longestName());
            if (!option.longestName().startsWith("--") || spec.findOption(misspelt) != null) continue;
            List<String> args = option.arity().max() > 0 ? List.of(misspelt, "x") : List.of(misspelt);
            tests.add(slip(name + " " + misspelt, path, args, "'" + misspelt + "'", "did you mean " + option.longestName()));
        }
        for (OptionSpec option : spec.options()) {
            // --env for --environment: the start of a long option, matched to it rather than reported as unknown alone.
            String shortened = shortened(option.longestName());
            if (shortened == null || spec.findOption(shortened) != null) continue;
            List<String> args = option.arity().max() > 0 ? List.of(shortened, "x") : List.of(shortened);
            tests.add(slip(name + " " + shortened, path, args, "'" + shortened + "'", "did you mean ", option.longestName()));
        }
        int taken = 0;
        boolean counted = true;
        for (PositionalParamSpec p : spec.positionalParameters()) {
            counted &= p.arity().max() < Integer.MAX_VALUE;
            taken += p.arity().max();
        }
        if (counted && spec.subcommands().isEmpty()) {
            List<String> args = new ArrayList<>(Collections.nCopies(taken, "x"));
            args.add(EXTRA);
            tests.add(slip(name + " one argument too many", path, args, "'" + EXTRA + "'"));
        }
        List<String> required = required(spec);
        if (!required.isEmpty()) tests.add(noArgument(name + " without arguments", path, required));
        for (CommandLine sub : command.getSubcommands().values()) {
            List<String> subPath = new ArrayList<>(path);
            subPath.add(sub.getCommandName());
            walk(sub, subPath, tests);
        }
    }

    /** The first 60% of a long option's word (at least 3 letters), or null when that is no shortening. */
    private static String shortened(String name) {
        if (!name.startsWith("--")) return null;
        String word = name.substring(2);
        int keep = Math.max(3, (word.length() * 3 + 4) / 5);
        return keep + 2 < word.length() ? "--" + word.substring(0, keep) : null;
    }

    /** One letter off: the last one dropped, or doubled when the name is too short to lose one. */
    private static String misspelt(String name) {
        return name.length() > 5 ? name.substring(0, name.length() - 1) : name + name.charAt(name.length() - 1);
    }

    /** What the command cannot run without: required options, required arguments, groups of which one is required. */
    private static List<String> required(CommandSpec spec) {
        List<String> required = new ArrayList<>();
        spec.options().stream().filter(o -> o.required() && o.group() == null).forEach(o -> required.add(o.longestName()));
        spec.positionalParameters().stream().filter(p -> p.arity().min() > 0 && p.group() == null).forEach(p -> required.add(p.paramLabel()));
        for (ArgGroupSpec group : spec.argGroups()) {
            if (group.multiplicity().min() > 0) group.options().forEach(o -> required.add(o.longestName()));
        }
        return required;
    }

    private static DynamicTest slip(String title, List<String> path, List<String> args, String... named) {
        return DynamicTest.dynamicTest(title, () -> {
            Cli.Result r = refused(path, args);
            String first = r.errLines().get(0);
            for (String words : named) assertTrue(first.contains(words), "the first line names " + words + ":\n" + r.err());
        });
    }

    private static DynamicTest noArgument(String title, List<String> path, List<String> required) {
        return DynamicTest.dynamicTest(title, () -> {
            Cli.Result r = refused(path, List.of());
            assertTrue(required.stream().anyMatch(r.errLines().get(0)::contains), "names one of " + required + ":\n" + r.err());
        });
    }

    /** Exit 2, nothing on standard output, sentences on standard error that start with the command, no Java in sight. */
    private static Cli.Result refused(List<String> path, List<String> args) {
        List<String> line = new ArrayList<>(path);
        line.addAll(args);
        Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Cli.run(line.toArray(String[]::new)),
                () -> "the command ran instead of refusing the slip: " + line);
        assertEquals(2, r.code(), () -> line + "\nout:\n" + r.out() + "\nerr:\n" + r.err());
        assertEquals("", r.out(), () -> line + ": nothing on standard output");
        r.assertNoStackTrace();
        assertFalse(r.err().contains("at dev."), r.err());
        String command = "wow-compat " + String.join(" ", path) + ": ";
        List<String> lines = r.errLines();
        assertTrue(lines.size() >= 2, () -> line + ": a sentence and the hint:\n" + r.err());
        for (String l : lines.subList(0, lines.size() - 1)) assertTrue(l.startsWith(command), () -> line + ": " + l);
        assertEquals("Try 'wow-compat " + String.join(" ", path) + " --help' for usage.", lines.get(lines.size() - 1));
        return r;
    }
}
