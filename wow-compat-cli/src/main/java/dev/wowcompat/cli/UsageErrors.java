package dev.wowcompat.cli;

import dev.wowcompat.json.Spelling;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.MaxValuesExceededException;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place that turns picocli's usage errors into our sentences (docs/decisions.md, "The command line's slips").
 * Each sentence names what the user typed and says what would have worked: the closest command or option (only when
 * it is close), where a version goes, what the command takes, what it still needs.
 */
final class UsageErrors {
    private UsageErrors() {}

    private static final Set<String> VERSION_FLAGS = Set.of("-V", "--version");
    private static final String TOOL_VERSION = "the tool's version is 'wow-compat --version'";

    /** One sentence per problem, without the command's name (the caller puts it in front). */
    static List<String> sentences(ParameterException ex, String[] args) {
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        Set<String> suggested = new HashSet<>();
        List<String> sentences = unmatched(spec, unmatchedTokens(ex), suggested);
        if (ex instanceof UnmatchedArgumentException) return sentences;
        if (ex.getValue() != null && String.valueOf(ex.getMessage()).startsWith("Unknown subcommand")) {
            // wow-compat help NAME, where NAME is no command
            sentences.add(unknownCommand(spec, ex.getValue()));
            return sentences;
        }
        String own = ex instanceof MissingParameterException missing ? missing(missing, args, suggested) : theirs(ex, args);
        if (own != null) sentences.add(own);
        return sentences;
    }

    /**
     * {@code wow-compat --version check ...}: the version is printed and no command runs, so a CI step with the flag
     * before its command would pass without checking anything.
     */
    static String versionWithCommand(ParseResult parsed) {
        String flag = parsed.originalArgs().stream().filter(VERSION_FLAGS::contains).findFirst().orElse("--version");
        return "'" + flag + "' prints the tool's version and runs no command: give it alone ('wow-compat " + flag
                + "'), or leave it out to run " + parsed.subcommand().commandSpec().name();
    }

    /** What picocli could not match: the exception's own list, or the parse result's when something else stopped it. */
    private static List<String> unmatchedTokens(ParameterException ex) {
        if (ex instanceof UnmatchedArgumentException u) return u.getUnmatched();
        ParseResult parsed = ex.getCommandLine().getParseResult();
        return parsed == null ? List.of() : parsed.unmatched();
    }

    private static List<String> unmatched(CommandSpec spec, List<String> tokens, Set<String> suggested) {
        List<String> sentences = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        boolean takesCommand = !spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty();
        boolean afterUnknownOption = false;
        for (String token : tokens) {
            if (isOption(token)) {
                String name = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
                sentences.add(VERSION_FLAGS.contains(name) ? version(spec, name) : unknownOption(spec, name, suggested));
                // -V never takes a value; --version V and unknown options may, unless it came with the option (--x=1)
                afterUnknownOption = !name.equals("-V") && !token.contains("=");
            } else if (takesCommand) {
                // The rest of the line belongs to the command the user meant; naming it is enough.
                sentences.add(unknownCommand(spec, token));
                return sentences;
            } else if (afterUnknownOption) {
                afterUnknownOption = false; // most likely the unknown option's value, not an argument of its own
            } else {
                extra.add(token);
            }
        }
        if (!extra.isEmpty()) sentences.add(extraArguments(spec, extra));
        return sentences;
    }

    /** "-5" is a value and "-" is standard input, not options. */
    private static boolean isOption(String token) {
        return token.length() > 1 && token.charAt(0) == '-' && !Character.isDigit(token.charAt(1));
    }

    /** Where the version goes, for a command on which {@code -V} or {@code --version} is not an option. */
    private static String version(CommandSpec spec, String flag) {
        String command = spec.name();
        String notOurs = "'" + flag + "' is not an option of " + command + ": ";
        if (spec.findOption("--version") != null) {
            return notOurs + "here --version V names the release (major.minor.patch), and " + TOOL_VERSION;
        }
        if (spec.userObject() instanceof ReadsManifests) {
            return notOurs + command + " reads the release's version from the \"version\" member of its Manifest, and " + TOOL_VERSION;
        }
        return notOurs + TOOL_VERSION;
    }

    private static String unknownOption(CommandSpec spec, String name, Set<String> suggested) {
        List<String> names = spec.options().stream().flatMap(o -> List.of(o.names()).stream()).toList();
        List<String> close = closest(name, names);
        suggested.addAll(close);
        return "'" + name + "' is not an option of " + spec.name() + (close.isEmpty() ? "" : "; did you mean " + or(close) + "?");
    }

    private static String unknownCommand(CommandSpec spec, String token) {
        List<String> close = closest(token, spec.subcommands().keySet());
        return "'" + token + "' is not a " + spec.qualifiedName() + " command" + (close.isEmpty() ? "" : "; did you mean " + or(close) + "?");
    }

    private static String extraArguments(CommandSpec spec, List<String> extra) {
        String quoted = extra.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", "));
        List<String> labels = spec.positionalParameters().stream().filter(p -> !p.hidden()).map(UsageErrors::label).toList();
        String takes = labels.isEmpty() ? spec.name() + " takes options only" : spec.name() + " takes only " + String.join(" ", labels);
        return quoted + (extra.size() == 1 ? " is one argument too many: " : " are arguments too many: ") + takes;
    }

    private static String label(PositionalParamSpec p) {
        String label = p.paramLabel() + (p.arity().max() > 1 ? "..." : "");
        return p.arity().min() == 0 ? "[" + label + "]" : label;
    }

    /**
     * What is still needed, unless it is the option a misspelt one was just matched to ({@code --candidat} already
     * said "did you mean --candidate?").
     */
    private static String missing(MissingParameterException ex, String[] args, Set<String> suggested) {
        List<ArgSpec> missing = ex.getMissing().stream()
                .filter(a -> !(a instanceof OptionSpec o && List.of(o.names()).stream().anyMatch(suggested::contains)))
                .toList();
        if (missing.isEmpty()) return null;
        for (ArgSpec a : missing) {
            if (a instanceof OptionSpec o && given(o, args)) {
                return o.longestName() + " needs a value (" + o.paramLabel() + ")";
            }
        }
        ArgGroupSpec group = missing.get(0).group();
        List<String> described = missing.stream().map(UsageErrors::describe).toList();
        if (missing.size() > 1 && group != null && group.exclusive() && missing.stream().allMatch(a -> a.group() == group)) {
            return "one of " + or(described) + " is required";
        }
        return and(described) + (described.size() == 1 ? " is required" : " are required");
    }

    private static boolean given(OptionSpec option, String[] args) {
        return count(option, args) > 0;
    }

    private static String describe(ArgSpec a) {
        if (a instanceof OptionSpec o) return o.arity().max() == 0 ? o.longestName() : o.longestName() + " " + o.paramLabel();
        return a.paramLabel();
    }

    /**
     * Our sentence for each of picocli's other refusals; picocli's own words ("'10m' is not an int", "are mutually
     * exclusive (specify only one)") never reach the user. A message not from picocli (ours, thrown by a command or a
     * converter) is kept.
     */
    private static String theirs(ParameterException ex, String[] args) {
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        if (ex instanceof OverwrittenOptionException overwritten && overwritten.getOverwritten() instanceof OptionSpec o) {
            return o.longestName() + " was given more than once; give it once";
        }
        if (ex instanceof MutuallyExclusiveArgsException || ex instanceof MaxValuesExceededException) {
            String exclusive = exclusive(spec, args);
            if (exclusive != null) return exclusive;
        }
        if (ex.getArgSpec() instanceof OptionSpec o && ex.getValue() != null) return badValue(o, ex);
        if (ex.getArgSpec() instanceof PositionalParamSpec p && ex.getValue() != null) {
            return "'" + ex.getValue() + "' is not a valid " + p.paramLabel() + (ex.getCause() == null ? "" : ": " + Failures.oneLine(ex.getCause().getMessage()));
        }
        String message = Failures.oneLine(ex.getMessage());
        return message.startsWith("Error: ") ? message.substring("Error: ".length()) : message;
    }

    /**
     * The sentence for options of which a command takes one, as {@code verify-state}'s {@code --manifest} and
     * {@code --registry} or {@code check}'s {@code --baseline} and {@code --registry}.
     */
    static String eitherNotBoth(List<String> alternatives) {
        return "give either " + or(alternatives) + ", not " + (alternatives.size() == 2 ? "both" : "several of them");
    }

    /** Two options of a group that takes one of them, or one of them twice. */
    private static String exclusive(CommandSpec spec, String[] args) {
        for (ArgGroupSpec group : spec.argGroups()) {
            if (!group.exclusive()) continue;
            List<OptionSpec> given = group.options().stream().filter(o -> count(o, args) > 0).toList();
            for (OptionSpec o : given) {
                if (count(o, args) > 1) return o.longestName() + " was given more than once; give it once";
            }
            if (given.size() > 1) return eitherNotBoth(group.options().stream().map(UsageErrors::describe).toList());
        }
        return null;
    }

    /**
     * A value the option's type refused: our converters say why in our words, after the option's name; picocli's
     * built-in ones ("'x' is not an int") are replaced by what the option takes.
     */
    private static String badValue(OptionSpec o, ParameterException ex) {
        String name = o.longestName();
        String value = ex.getValue();
        if (o.converters() != null && o.converters().length > 0 && ex.getCause() != null) {
            String why = Failures.oneLine(ex.getCause().getMessage());
            return why.contains(name) ? why : name + ": " + why;
        }
        Class<?> type = o.type();
        if (o.arity().max() == 0) return name + " takes no value; give " + name + " alone, not " + name + "=" + value;
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            boolean wide = type == long.class || type == Long.class;
            if (value.matches("-?\\d+")) {
                // Decimal, so only too large (or too small) for the option: say that, not that it is no number.
                return name + " " + value + " is too " + (value.startsWith("-") ? "small" : "large") + ": give a whole number from "
                        + (wide ? Long.MIN_VALUE : Integer.MIN_VALUE) + " to " + (wide ? Long.MAX_VALUE : Integer.MAX_VALUE);
            }
            return name + " takes a whole number (" + o.paramLabel() + "), not '" + value + "'";
        }
        if (type.isEnum()) {
            List<String> names = List.of(type.getEnumConstants()).stream().map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT)).toList();
            return name + " takes " + or(names) + ", not '" + value + "'";
        }
        return "'" + value + "' is not a valid value of " + name + " (" + o.paramLabel() + ")";
    }

    private static int count(OptionSpec option, String[] args) {
        int n = 0;
        for (String arg : args) {
            for (String name : option.names()) {
                if (arg.equals(name) || arg.startsWith(name + "=")) n++;
            }
        }
        return n;
    }

    /**
     * The names nearest to what was typed: first the names it begins, for a word of 3 letters or more ({@code --env}
     * finds {@code --environment}: a shortening is far in letters but plainly meant); else those a few letters away,
     * dashes aside ({@link Spelling#nearest}).
     */
    static List<String> closest(String typed, Collection<String> names) {
        String t = bare(typed);
        if (t.length() >= 3) {
            List<String> begun = names.stream().filter(name -> bare(name).startsWith(t) && !bare(name).equals(t)).distinct().toList();
            if (!begun.isEmpty()) return begun;
        }
        return Spelling.nearest(typed, names, UsageErrors::bare);
    }

    private static String bare(String name) {
        int i = 0;
        while (i < name.length() && name.charAt(i) == '-') i++;
        return name.substring(i);
    }


    private static String or(List<String> items) {
        return join(items, " or ");
    }

    private static String and(List<String> items) {
        return join(items, " and ");
    }

    private static String join(List<String> items, String last) {
        if (items.size() == 1) return items.get(0);
        return String.join(", ", items.subList(0, items.size() - 1)) + last + items.get(items.size() - 1);
    }
}
