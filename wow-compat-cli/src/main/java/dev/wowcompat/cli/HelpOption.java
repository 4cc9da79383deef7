package dev.wowcompat.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h}/{@code --help}, the one standard option every subcommand has. {@code -V}/{@code --version} is the
 * tool's, on {@code wow-compat} itself: on a subcommand it printed nothing and exited 0, so a CI step with a stray
 * {@code --version} passed a breaking release (docs/decisions.md, "The command line's slips").
 */
final class HelpOption {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;
}
