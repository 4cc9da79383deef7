package dev.wowcompat.cli;

/** The exit codes of every wow-compat command (docs/architecture.md, "A check, from input to report"). */
final class ExitCodes {
    private ExitCodes() {}

    /** The candidate is compatible (or the command did its job). */
    static final int OK = 0;
    /** Findings fail the check: breaking ones, or warnings with {@code --fail-on warning}. */
    static final int FINDINGS = 1;
    /** Bad input, bad usage, or an internal error: nothing was judged. */
    static final int BAD_INPUT = 2;
}
